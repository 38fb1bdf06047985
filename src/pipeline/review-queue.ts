import type { Board } from '../../entities/board';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Submission } from '../../entities/submission';
import { formatHandle, guildOf } from '../domain/ids';
import { outcomeSentence } from '../domain/display';
import { t } from '../domain/i18n';
import { formatScore } from '../domain/score-text';
import type { Winner } from '../domain/vocabulary';
import type { PendingRecords } from '../store/submissions';
import { ownedBoard } from './board-reads';
import type { Context } from './context';

/** At most this many pending submissions are listed; the queue says how many more wait. */
export const REVIEW_QUEUE_LIMIT = 100;

/** What a pending submission wrote, names as submitted (front ends escape them as they need). */
export type PendingRecord =
  | {
      kind: 'match';
      number: number;
      team1: string[];
      team2: string[];
      winner: Winner | null;
      team1Score: number | null;
      team2Score: number | null;
    }
  | { kind: 'score'; player: string; score: string };

/** One submission waiting for a moderator (issue 15). */
export interface PendingReview {
  handle: string;
  board: Pick<Board, 'id' | 'displayName'>;
  kind: Submission['kind'];
  /** Null only if the record is gone (it never is while the submission is pending). */
  record: PendingRecord | null;
  /** `Ali, Bo vs Cy — team1 won`, `Maya Chen 1:02.500`: the record in one plain line. */
  summary: string;
  /** `api`, `chat:<snowflake>`, or whoever else the submission names. */
  submittedBy: string;
  submittedAt: Date;
  /** Null on a board without a countdown (999 hours): it never expires. */
  expiresAt: Date | null;
  /** The bot's review message, once one was posted. */
  messageUrl: string | null;
}

export interface ReviewQueue {
  /** Oldest first, at most `REVIEW_QUEUE_LIMIT`. */
  items: PendingReview[];
  /** Pending submissions not in `items`. */
  more: number;
  /** Boards looked at (`total`), and those the caller may see the queue of (`listed`). */
  boards: { total: number; listed: number };
}

/**
 * The review queue: an owner's submissions waiting for a moderator, oldest first, on one board
 * or all of them. `visible` keeps the boards the caller may moderate (chat: Manage Server or the
 * board's moderator role); the CLI operator sees every board. `tally review list` and
 * `/review list` both read it (STYLE.md 2).
 */
export async function reviewQueue(
  ctx: Context,
  input: {
    ownerId: string;
    boardId?: string;
    visible?: (board: Board) => boolean;
    limit?: number;
    /** The reader's language for each item's `summary` (English when absent: the CLI). */
    locale?: string | null;
  },
): Promise<ReviewQueue> {
  const { ownerId, visible, limit = REVIEW_QUEUE_LIMIT } = input;
  const boards =
    input.boardId === undefined
      ? await ownerBoards(ctx, ownerId)
      : [await ownedBoard(ctx, ownerId, input.boardId)];
  const listed = visible ? boards.filter(visible) : boards;
  const everyBoard = input.boardId === undefined && listed.length === boards.length;
  const { rows, total } = await ctx.repos.submissions.pendingReview(
    ownerId,
    everyBoard ? null : listed.map((b) => b.pk),
    limit,
  );
  const records = await ctx.repos.submissions.pendingRecords(rows);
  const byPk = new Map(boards.map((b) => [b.pk, b]));
  const items = rows.flatMap((row) => {
    const board = byPk.get(row.boardPk);
    return board
      ? [pendingReview(row, board, recordOf(row, board, records), input.locale ?? null)]
      : [];
  });
  return {
    items,
    more: Math.max(0, total - items.length),
    boards: { total: boards.length, listed: listed.length },
  };
}

async function ownerBoards(ctx: Context, ownerId: string): Promise<Board[]> {
  const all: Board[] = [];
  for (;;) {
    const page = await ctx.repos.boards.page(ownerId, all.at(-1)?.pk ?? 0, 500);
    all.push(...page);
    if (page.length < 500) return all;
  }
}

function pendingReview(
  row: Submission,
  board: Board,
  record: PendingRecord | null,
  locale: string | null = null,
) {
  return {
    handle: formatHandle(row.id),
    board: { id: board.id, displayName: board.displayName },
    kind: row.kind,
    record,
    summary: record ? summaryOf(record, locale) : missingRecord(row.kind, locale),
    submittedBy: row.submittedBy,
    submittedAt: row.queuedAt,
    expiresAt: row.expiresAt,
    messageUrl:
      row.reviewChannelId && row.reviewMessageId
        ? reviewMessageUrl(row.ownerId, row.reviewChannelId, row.reviewMessageId)
        : null,
  } satisfies PendingReview;
}

export function recordOf(
  row: Submission,
  board: Board,
  records: PendingRecords,
): PendingRecord | null {
  if (row.matchPk !== null) {
    const match = records.matches.find((m) => m.pk === row.matchPk);
    if (!match) return null;
    const side = (n: 1 | 2) =>
      records.roster
        .filter((slot: MatchParticipant) => slot.matchPk === match.pk && slot.side === n)
        .map((slot) => slot.playerName);
    return {
      kind: 'match',
      number: match.number,
      team1: side(1),
      team2: side(2),
      winner: match.winner,
      team1Score: match.team1Score === null ? null : Number(match.team1Score),
      team2Score: match.team2Score === null ? null : Number(match.team2Score),
    };
  }
  const score = records.scores.find((s) => s.pk === row.scorePk);
  if (!score) return null;
  return {
    kind: 'score',
    player: score.playerName,
    score: formatScore(board.type, Number(score.score)),
  };
}

/**
 * The record in one plain line, as every outcome sentence reads (domain/display.ts): `Ali, Bo
 * beat Cy, Di`, `Cy 3–1 Ali` (the winner first), `Maya Chen 1:02.500`; in `locale`'s language.
 */
export function summaryOf(record: PendingRecord, locale: string | null = null): string {
  if (record.kind === 'score') return `${record.player} ${record.score}`;
  const [team1, team2] = [record.team1.join(', '), record.team2.join(', ')];
  const decided = record.winner !== null || record.team1Score !== null;
  return decided
    ? outcomeSentence(record, team1, team2, locale)
    : t(locale, 'review.list.undecided', { team1, team2 });
}

/** The line of a submission whose match or score row is gone: `match (its record is missing)`. */
export const missingRecord = (kind: 'match' | 'score', locale: string | null) =>
  t(locale, kind === 'match' ? 'review.list.missingMatch' : 'review.list.missingScore');

/** Where the bot posted a review: the server's channel, or the owner's DM with the bot (`@me`). */
export function reviewMessageUrl(ownerId: string, channelId: string, messageId: string): string {
  const place = guildOf(ownerId) ?? '@me';
  return `https://discord.com/channels/${place}/${channelId}/${messageId}`;
}

/**
 * A manager changed the board: review posts Discord refused for good get another try at once.
 * Whether any were stopped.
 */
export const resumeReviewPosts = (ctx: Context, board: Pick<Board, 'pk'>): Promise<boolean> =>
  ctx.repos.reviewMessages.resume(board.pk, ctx.now());
