import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { ContestEntry, ContestSettings } from '../../entities/contest';
import {
  ENTRIES_PER_MEMBER_RANGE,
  MIN_VOTES_RANGE,
  TITLE_MAX,
  VOTE_MAX,
  VOTE_MIN,
  periodOpen,
  rankEntries,
  voteDistribution,
  type EntryStatus,
  type RankedEntry,
} from '../domain/contest';
import { reviewExpiry } from '../domain/board-rules';
import { contestSummary, utcMinute } from '../domain/display';
import { wholeInRange, type ErrorCode } from '../domain/errors';
import { t, type TextKey, type TextVars } from '../domain/i18n';
import { nameOf } from '../domain/names';
import type { Season } from '../domain/season';
import { ImageRefused, intakeImage, type StoredImage } from '../render/intake';
import { actorOf, literal } from './audit-lines';
import { recordAudit } from './audit';
import { refusal } from '../domain/errors';
import { ownedBoard, ownedBoardByPk } from './board-reads';
import type { Context } from './context';

/**
 * Rating boards' contests (README "Contests", src/domain/contest.ts): settings, entries with
 * their images, votes, moderation, and the ranking every front end shows. Every use case checks
 * the board is the actor's own; another workspace's entry is "not found".
 */

/**
 * A refusal of what the member asked, said in their language in chat (issue 32); the catalogue's
 * English is the detail the API and the CLI show.
 */
const invalid = (name: ContestRefusal, vars?: TextVars) => refuse('invalid_request', name, vars);
const refuse = (code: ErrorCode, name: ContestRefusal, vars?: TextVars) =>
  refusal(code, `play.contestRefused.${name}`, vars);
type ContestRefusal = KeyUnder<TextKey, 'play.contestRefused.'>;
type KeyUnder<K, P extends string> = K extends `${P}${infer Name}` ? Name : never;

/** What an audit line of an entry names: who, which entry, whose, on which board. */
const entryLine = (by: string, entry: ContestEntry, board: Board, locale: string) => ({
  actor: actorOf(by, locale),
  entry: entry.pk,
  title: literal(entry.title),
  author: actorOf(entry.authorId, locale),
  board: literal(board.displayName),
});

const gone = () => invalid('gone');

/** Entries that are still in the contest: waiting for a moderator, or live. */
const OPEN: readonly EntryStatus[] = ['pending', 'live'];

/** A Rating board of the owner, or why not. */
export async function contestBoard(ctx: Context, ownerId: string, boardId: string) {
  const board = await ownedBoard(ctx, ownerId, boardId);
  requireContest(board);
  return board;
}

function requireContest(board: Board): void {
  if (board.type !== 'Rating') {
    throw refuse('board_type_mismatch', 'notRating', {
      board: board.displayName,
      type: board.type,
    });
  }
}

export const contestSettingsOf = (ctx: Context, board: Board): Promise<ContestSettings> =>
  ctx.repos.contests.settings(board.pk);

/** A period as a setting is given: open, closed now, or until a moment. */
export type PeriodInput = 'open' | 'closed' | Date;

export interface ContestEdit {
  entriesPerMember?: number;
  approval?: boolean;
  /** The channel entries are posted in with their vote buttons; null: none. */
  channelId?: string | null;
  submissions?: PeriodInput;
  voting?: PeriodInput;
  minVotes?: number;
}

function periodOf(what: string, input: PeriodInput, now: Date): Date | null {
  if (input === 'open') return null;
  if (input === 'closed') return now;
  if (Number.isNaN(input.getTime())) throw invalid('notADate', { what });
  if (input.getTime() <= now.getTime()) {
    throw invalid('pastDate', {
      what,
    });
  }
  return input;
}

/** Changes a contest's settings (Manage Server in chat, the operator in the CLI); audited. */
export async function setContest(
  ctx: Context,
  ownerId: string,
  boardId: string,
  edit: ContestEdit,
  by = 'cli',
): Promise<{ board: Board; settings: ContestSettings }> {
  const board = await contestBoard(ctx, ownerId, boardId);
  const now = ctx.now();
  const current = await ctx.repos.contests.settings(board.pk);
  const settings: ContestSettings = {
    ...current,
    ...(edit.entriesPerMember !== undefined
      ? {
          entriesPerMember: wholeInRange(
            'entries per member',
            edit.entriesPerMember,
            ...ENTRIES_PER_MEMBER_RANGE,
          ),
        }
      : {}),
    ...(edit.approval !== undefined ? { approval: edit.approval } : {}),
    ...(edit.channelId !== undefined ? { channelId: edit.channelId } : {}),
    ...(edit.submissions !== undefined
      ? { submissionsUntil: periodOf('submissions', edit.submissions, now) }
      : {}),
    ...(edit.voting !== undefined ? { votingUntil: periodOf('voting', edit.voting, now) } : {}),
    ...(edit.minVotes !== undefined
      ? { minVotes: wholeInRange('minimum votes', edit.minVotes, ...MIN_VOTES_RANGE) }
      : {}),
    changedAt: now,
  };
  await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.contests.putSettings(settings, tx);
    await recordAudit(ctx, tx, board.ownerId, (locale) =>
      t(locale, 'play.audit.contestSet', {
        actor: actorOf(by, locale),
        board: literal(board.displayName),
        summary: contestSummary(settings, now, locale),
      }),
    );
  });
  return { board, settings };
}

/**
 * Whether a pending entry's review window ran out (the board's validation window, as for
 * results): it then counts as declined everywhere, without a job to move it.
 */
export const pendingExpired = (board: Board, entry: ContestEntry, now: Date): boolean => {
  if (entry.status !== 'pending') return false;
  const expiry = reviewExpiry(board, entry.createdAt);
  return expiry !== null && expiry.getTime() <= now.getTime();
};

export interface SubmitEntryInput {
  ownerId: string;
  boardId: string;
  authorId: string;
  authorName: string;
  title: string;
  /** The uploaded file, as downloaded by the front end. */
  bytes: Uint8Array;
}

/**
 * A member's entry: the contest must take submissions, the member be under the board's cap, and
 * the file an image; it is stored re-encoded (src/render/intake.ts) and goes live at once, or
 * waits for a moderator on boards that approve first. Nothing is stored on a refusal.
 */
export async function submitEntry(
  ctx: Context,
  input: SubmitEntryInput,
): Promise<{ board: Board; settings: ContestSettings; entry: ContestEntry }> {
  const board = await contestBoard(ctx, input.ownerId, input.boardId);
  const settings = await ctx.repos.contests.settings(board.pk);
  const now = ctx.now();
  if (!periodOpen(settings.submissionsUntil, now)) {
    const when = utcMinute(settings.submissionsUntil!);
    throw invalid('stoppedTaking', { board: literal(board.displayName), when });
  }
  const title = nameOf(input.title, 'title');
  if ([...title].length > TITLE_MAX) {
    throw invalid('titleLong', { max: TITLE_MAX });
  }
  await checkCap(ctx, board, settings, input.authorId, now);
  let images;
  try {
    images = await intakeImage(input.bytes);
  } catch (err) {
    if (err instanceof ImageRefused) {
      throw invalid(`image.${err.reason}`, { why: err.message });
    }
    throw err;
  }
  const entry = await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    await checkCap(ctx, board, settings, input.authorId, now, tx);
    await putImages(ctx, tx, [images.full, images.thumb], now);
    return ctx.repos.contests.insertEntry(
      {
        boardPk: board.pk,
        authorId: input.authorId,
        authorName: nameOf(input.authorName, 'name'),
        title,
        imageHash: images.full.hash,
        thumbHash: images.thumb.hash,
        width: images.full.width,
        height: images.full.height,
        status: settings.approval ? 'pending' : 'live',
        reason: null,
        votes: 0,
        voteSum: 0,
        reports: 0,
        createdAt: now,
        decidedAt: settings.approval ? null : now,
        seasonPk: null,
        finalRank: null,
        postChannelId: null,
        postMessageId: null,
        postedVotes: 0,
        postedAt: null,
        postLease: null,
        reviewState: settings.approval ? 'due' : 'none',
        reviewChannelId: null,
        reviewMessageId: null,
        noticeState: 'none',
      },
      tx,
    );
  });
  return { board, settings, entry };
}

async function checkCap(
  ctx: Context,
  board: Board,
  settings: ContestSettings,
  authorId: string,
  now: Date,
  tx?: EntityManager,
): Promise<void> {
  const open = (await ctx.repos.contests.entriesOf(board.pk, authorId, OPEN, tx)).filter(
    (e) => !pendingExpired(board, e, now),
  );
  if (open.length >= settings.entriesPerMember) {
    const cap = settings.entriesPerMember;
    throw invalid('cap', { count: open.length, board: literal(board.displayName), cap });
  }
}

async function putImages(ctx: Context, tx: EntityManager, images: StoredImage[], at: Date) {
  for (const image of images) {
    await ctx.repos.contests.putImage(
      {
        hash: image.hash,
        contentType: 'image/webp',
        width: image.width,
        height: image.height,
        size: image.bytes.length,
        data: image.bytes,
      },
      at,
      tx,
    );
  }
}

/** An entry of the owner's boards, with its board; another workspace's is "not found". */
export async function ownedEntry(
  ctx: Context,
  ownerId: string,
  entryPk: number,
): Promise<{ board: Board; entry: ContestEntry }> {
  const entry = Number.isSafeInteger(entryPk) ? await ctx.repos.contests.entry(entryPk) : null;
  const board = entry ? await ownedBoardByPk(ctx, ownerId, entry.boardPk) : null;
  if (!entry || !board) {
    throw refuse('not_found', 'noEntry', { entry: entryPk });
  }
  return { board, entry };
}

/**
 * A member's vote on a live entry, new or changed: on the 1–10 scale, not on their own entry,
 * while voting is open. Returns the entry with its new count and what they voted before.
 */
export async function voteOnEntry(
  ctx: Context,
  input: { ownerId: string; entryPk: number; voterId: string; value: number },
): Promise<{ board: Board; entry: ContestEntry; previous: number | null }> {
  const { board, entry } = await ownedEntry(ctx, input.ownerId, input.entryPk);
  const value = wholeInRange('vote', input.value, VOTE_MIN, VOTE_MAX);
  if (entry.authorId === input.voterId) {
    throw invalid('ownVote');
  }
  const settings = await ctx.repos.contests.settings(board.pk);
  const now = ctx.now();
  if (!periodOpen(settings.votingUntil, now)) {
    const when = utcMinute(settings.votingUntil!);
    throw invalid('votingClosed', { board: literal(board.displayName), when });
  }
  return ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.contests.lockEntry(entry.pk, tx);
    const current = await ctx.repos.contests.entry(entry.pk, tx);
    if (current?.status !== 'live') {
      throw invalid('goneVote');
    }
    const previous = await ctx.repos.contests.voteOf(entry.pk, input.voterId, tx);
    await ctx.repos.contests.vote(entry.pk, input.voterId, value, now, tx);
    const after = (await ctx.repos.contests.entry(entry.pk, tx))!;
    return { board, entry: after, previous };
  });
}

/** Takes an entry out: its images are deleted (unless another kept entry shows the same bytes). */
async function takeOut(
  ctx: Context,
  tx: EntityManager,
  entry: ContestEntry,
  from: readonly EntryStatus[],
  to: { status: EntryStatus; reason: string | null; noticeState?: 'due' },
): Promise<boolean> {
  await ctx.repos.contests.lockEntry(entry.pk, tx);
  const moved = await ctx.repos.contests.setStatus(
    entry.pk,
    from,
    { ...to, decidedAt: ctx.now() },
    tx,
  );
  if (!moved) return false;
  await ctx.repos.contests.forgetVotes(entry.pk, tx);
  await ctx.repos.contests.deleteUnusedImages([entry.imageHash, entry.thumbHash], tx);
  return true;
}

/** The author withdraws their own entry (pending or live). */
export async function withdrawEntry(
  ctx: Context,
  input: { ownerId: string; entryPk: number; authorId: string },
): Promise<{ board: Board; entry: ContestEntry }> {
  const { board, entry } = await ownedEntry(ctx, input.ownerId, input.entryPk);
  if (entry.authorId !== input.authorId) {
    throw invalid('onlyAuthor');
  }
  const done = await ctx.repos.db.transaction((tx) =>
    takeOut(ctx, tx, entry, OPEN, { status: 'withdrawn', reason: null }),
  );
  if (!done) throw gone();
  return { board, entry: { ...entry, status: 'withdrawn' } };
}

/** A moderator removes an entry with a reason; audited; the front end tells the author. */
export async function removeEntry(
  ctx: Context,
  input: { ownerId: string; entryPk: number; by: string; reason: string },
): Promise<{ board: Board; entry: ContestEntry }> {
  const { board, entry } = await ownedEntry(ctx, input.ownerId, input.entryPk);
  const reason = reasonOf(input.reason);
  const done = await ctx.repos.db.transaction(async (tx) => {
    const ok = await takeOut(ctx, tx, entry, OPEN, {
      status: 'removed',
      reason,
      noticeState: 'due',
    });
    if (ok) {
      await recordAudit(ctx, tx, board.ownerId, (locale) =>
        t(locale, 'play.audit.removed', {
          ...entryLine(input.by, entry, board, locale),
          reason: literal(reason),
        }),
      );
    }
    return ok;
  });
  if (!done) throw gone();
  return { board, entry: { ...entry, status: 'removed', reason } };
}

function reasonOf(text: string): string {
  const reason = nameOf(text, 'reason');
  if ([...reason].length > 200) throw invalid('reasonLong');
  return reason;
}

/**
 * A moderator approves or declines a pending entry (boards that approve first); exactly one of
 * two racing moderators decides. A declined entry's images are deleted.
 */
export async function decideEntry(
  ctx: Context,
  input: { ownerId: string; entryPk: number; by: string; approve: boolean; reason?: string },
): Promise<{ board: Board; entry: ContestEntry }> {
  const { board, entry } = await ownedEntry(ctx, input.ownerId, input.entryPk);
  const now = ctx.now();
  if (pendingExpired(board, entry, now)) {
    throw invalid('expired');
  }
  const reason = input.reason === undefined ? null : reasonOf(input.reason);
  const status: EntryStatus = input.approve ? 'live' : 'declined';
  const done = await ctx.repos.db.transaction(async (tx) => {
    const ok = input.approve
      ? await ctx.repos.contests.setStatus(entry.pk, ['pending'], { status, decidedAt: now }, tx)
      : await takeOut(ctx, tx, entry, ['pending'], { status, reason, noticeState: 'due' });
    if (ok) {
      await recordAudit(ctx, tx, board.ownerId, (locale) => {
        const vars = entryLine(input.by, entry, board, locale);
        const [plain, why] = input.approve
          ? (['play.audit.approved', 'play.audit.approvedWhy'] as const)
          : (['play.audit.declined', 'play.audit.declinedWhy'] as const);
        return reason
          ? t(locale, why, { ...vars, reason: literal(reason) })
          : t(locale, plain, vars);
      });
    }
    return ok;
  });
  if (!done) throw invalid('decided');
  return { board, entry: { ...entry, status, reason } };
}

/** A member reports a live entry to the moderators; once per member, never their own. */
export async function reportEntry(
  ctx: Context,
  input: { ownerId: string; entryPk: number; reporterId: string },
): Promise<{ board: Board; entry: ContestEntry; counted: boolean }> {
  const { board, entry } = await ownedEntry(ctx, input.ownerId, input.entryPk);
  if (entry.status !== 'live') throw gone();
  if (entry.authorId === input.reporterId) {
    throw invalid('ownReport');
  }
  const counted = await ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.contests.lockEntry(entry.pk, tx);
    return ctx.repos.contests.report(entry.pk, input.reporterId, ctx.now(), tx);
  });
  return { board, entry, counted };
}

export interface ContestStandings {
  board: Board;
  settings: ContestSettings;
  /** Live entries, ranked (src/domain/contest.ts rankEntries). */
  entries: RankedEntry<ContestEntry>[];
}

/** A Rating board's live entries, ranked: what `/leaderboard`, the live message and pages show. */
export async function contestStandings(
  ctx: Context,
  board: Board,
  tx?: EntityManager,
): Promise<ContestStandings> {
  requireContest(board);
  const { contests } = ctx.repos;
  const settings = await contests.settings(board.pk, tx);
  const live = await contests.entries(board.pk, ['live'], tx);
  const totals = await contests.totals(board.pk, tx);
  return { board, settings, entries: rankEntries(live, settings.minVotes, totals) };
}

/** One entry as its page shows it: where it stands and how its votes spread over 1–10. */
export async function entryDetail(
  ctx: Context,
  board: Board,
  entryPk: number,
): Promise<{
  entry: RankedEntry<ContestEntry> | null;
  raw: ContestEntry;
  settings: ContestSettings;
  distribution: number[];
} | null> {
  const raw = Number.isSafeInteger(entryPk) ? await ctx.repos.contests.entry(entryPk) : null;
  if (!raw || raw.boardPk !== board.pk || !['live', 'archived'].includes(raw.status)) return null;
  const standings = await contestStandings(ctx, board);
  const ranked = standings.entries.find((e) => e.pk === raw.pk) ?? null;
  const distribution = voteDistribution(await ctx.repos.contests.distribution(raw.pk));
  return { entry: ranked, raw, settings: standings.settings, distribution };
}

/** An author's entries still shown (live, or archived with a final rank), newest first. */
export async function entriesByAuthor(
  ctx: Context,
  board: Board,
  authorId: string,
): Promise<ContestEntry[]> {
  const rows = await ctx.repos.contests.entriesOf(board.pk, authorId, [
    'pending',
    'live',
    'archived',
  ]);
  const now = ctx.now();
  return rows.filter((e) => !pendingExpired(board, e, now)).reverse();
}

/** What waits for the moderators of the given boards: pending entries and reported live ones. */
export async function contestReviewQueue(
  ctx: Context,
  boards: readonly Board[],
): Promise<{ pending: ContestEntry[]; reported: ContestEntry[] }> {
  const rating = boards.filter((b) => b.type === 'Rating');
  const rows = await ctx.repos.contests.entriesOfBoards(
    rating.map((b) => b.pk),
    OPEN,
  );
  const now = ctx.now();
  const boardOf = new Map(rating.map((b) => [b.pk, b]));
  return {
    pending: rows.filter(
      (e) => e.status === 'pending' && !pendingExpired(boardOf.get(e.boardPk)!, e, now),
    ),
    reported: rows
      .filter((e) => e.status === 'live' && e.reports > 0)
      .sort((a, b) => b.reports - a.reports),
  };
}

/** A stored image by its hash, if an entry still shows it. */
export const storedImage = (ctx: Context, hash: string) =>
  /^[0-9a-f]{64}$/.test(hash) ? ctx.repos.contests.image(hash) : Promise.resolve(null);

/**
 * A contest round's end (a season of a Rating board closes, src/pipeline/seasons.ts): the live
 * entries are ranked and archived with their final rank, in the season's transaction; pending
 * entries carry over to the next round.
 */
export async function archiveContest(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  season: Season,
): Promise<number> {
  const standings = await contestStandings(ctx, board, tx);
  for (const e of standings.entries) {
    await ctx.repos.contests.setStatus(
      e.pk,
      ['live'],
      { status: 'archived', seasonPk: season.pk, finalRank: e.rank },
      tx,
    );
  }
  return standings.entries.length;
}

/** An ended contest round's entries by final rank (ranked first, then the unranked). */
export async function archivedEntries(ctx: Context, season: Season): Promise<ContestEntry[]> {
  const rows = await ctx.repos.contests.archived(season.pk);
  return rows.sort(
    (a, b) =>
      (a.finalRank ?? Infinity) - (b.finalRank ?? Infinity) || b.votes - a.votes || a.pk - b.pk,
  );
}

/** An entry as the poster sends it: its board, the contest's settings and the image's bytes. */
export async function entryPostView(
  ctx: Context,
  entryPk: number,
): Promise<{
  entry: ContestEntry;
  board: Board;
  settings: ContestSettings;
  image: Buffer | null;
} | null> {
  const entry = await ctx.repos.contests.entry(entryPk);
  const board = entry && (await ctx.repos.boards.byPk(entry.boardPk));
  if (!entry || !board) return null;
  const settings = await ctx.repos.contests.settings(board.pk);
  const kept = ['pending', 'live', 'archived'].includes(entry.status);
  const image = kept ? ((await ctx.repos.contests.image(entry.imageHash))?.data ?? null) : null;
  return { entry, board, settings, image };
}
