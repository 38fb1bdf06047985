import type { Board } from '../../entities/board';
import type { ContestEntry, ContestSettings } from '../../entities/contest';
import { reviewExpiry } from '../domain/board-rules';
import type { RankedEntry } from '../domain/contest';
import type { Season } from '../domain/season';
import { boardsAfter, ownedBoard } from './board-reads';
import { contestArchive } from './contest-pages';
import type { Context } from './context';
import { refusal } from '../domain/errors';
import {
  archivedEntries,
  contestReviewQueue,
  contestStandings,
  entriesByAuthor,
  storedImage,
} from './contests';

/**
 * What chat reads of a Rating board's contest (src/pipeline/contests.ts holds the contest
 * itself): pages of the live ranking and of an ended round, a member's entries, what waits for
 * the moderators, a round's winners with their pictures.
 */

export type RankedContestEntry = RankedEntry<ContestEntry>;
export type { ContestEntry, ContestSettings };

/** A page of a ranking, `from` entries in (an offset: a contest has no keyset cursor). */
export interface ContestPage {
  board: Board;
  settings: ContestSettings;
  entries: RankedContestEntry[];
  from: number;
  /** Entries in the whole ranking. */
  total: number;
  more: boolean;
}

/** A page of the live ranking: ranked entries first, then the unranked (rankEntries). */
export async function contestPage(
  ctx: Context,
  board: Board,
  page: { from: number; limit: number },
): Promise<ContestPage> {
  const { settings, entries } = await contestStandings(ctx, board);
  return pageOf(board, settings, entries, page);
}

function pageOf(
  board: Board,
  settings: ContestSettings,
  entries: RankedContestEntry[],
  { from, limit }: { from: number; limit: number },
): ContestPage {
  return {
    board,
    settings,
    entries: entries.slice(from, from + limit),
    from,
    total: entries.length,
    more: from + limit < entries.length,
  };
}

/** A picture of an entry as Discord is sent it: WebP bytes. */
export interface EntryPicture {
  entry: ContestEntry;
  data: Buffer;
}

/**
 * The thumbnail of the entry ranked first (the first of a shared first place), or null while
 * nothing is ranked or its picture is gone.
 */
export async function leaderThumbnail(
  ctx: Context,
  entries: readonly RankedContestEntry[],
): Promise<EntryPicture | null> {
  const leader = entries.find((e) => e.rank === 1);
  const image = leader ? await storedImage(ctx, leader.thumbHash) : null;
  return leader && image ? { entry: leader, data: image.data } : null;
}

export interface RoundPage extends ContestPage {
  season: Season;
}

/** A page of an ended round's entries by final rank, `from` entries in. */
export async function roundPage(
  ctx: Context,
  board: Board,
  season: Season,
  page: { from: number; limit: number },
): Promise<RoundPage> {
  const { settings, entries } = await roundRanking(ctx, board, season);
  return { ...pageOf(board, settings, entries, page), season };
}

/** A round's winners: its ranked entries down to `season.topN` (more on a shared last place). */
export async function roundWinners(ctx: Context, board: Board, season: Season): Promise<RoundPage> {
  const { settings, entries } = await roundRanking(ctx, board, season);
  const winners = entries.filter((e) => e.rank !== null && e.rank <= season.topN);
  return { ...pageOf(board, settings, winners, { from: 0, limit: winners.length }), season };
}

/** A round's entries by final rank with the standing each ended with (contest-pages.ts). */
async function roundRanking(ctx: Context, board: Board, season: Season) {
  if (!season.endedAt) {
    throw refusal('not_found', 'play.contestRefused.stillRunning', { season: season.number });
  }
  return contestArchive(ctx, board, season);
}

/** An entry's pictures: the full image (≤ 1920 px) or its 480 px thumbnail, WebP. */
export async function entryPicture(
  ctx: Context,
  entry: ContestEntry,
  size: 'full' | 'thumb',
): Promise<EntryPicture | null> {
  const image = await storedImage(ctx, size === 'full' ? entry.imageHash : entry.thumbHash);
  return image ? { entry, data: image.data } : null;
}

/** The winners (rank 1, shared) of ended rounds, by season pk: /season list's champions. */
export async function roundChampions(
  ctx: Context,
  seasons: readonly Season[],
): Promise<Map<number, ContestEntry[]>> {
  const rows = await Promise.all(seasons.map((s) => archivedEntries(ctx, s)));
  return new Map(seasons.map((s, i) => [s.pk, (rows[i] ?? []).filter((e) => e.finalRank === 1)]));
}

/** One of a member's entries: live with its standing, waiting, or ended with its round. */
export interface MemberEntry {
  entry: ContestEntry;
  /** Live entries: where it stands now. */
  standing: RankedContestEntry | null;
  /** Archived entries: the round it ended with. */
  round: Season | null;
}

/**
 * A member's entries on a Rating board (/profile): the live ones in ranking order, then those
 * waiting for a moderator, then the archived ones, newest round first.
 */
export async function memberEntries(
  ctx: Context,
  board: Board,
  authorId: string,
): Promise<{ settings: ContestSettings; entries: MemberEntry[] }> {
  const [mine, standings] = await Promise.all([
    entriesByAuthor(ctx, board, authorId),
    contestStandings(ctx, board),
  ]);
  const rounds = new Map<number, Season | null>();
  for (const pk of new Set(mine.map((e) => e.seasonPk))) {
    if (pk !== null) rounds.set(pk, await ctx.repos.seasons.byPk(pk));
  }
  const live = standings.entries.filter((e) => e.authorId === authorId);
  const entries: MemberEntry[] = [
    ...live.map((standing) => ({ entry: standing, standing, round: null })),
    ...mine
      .filter((e) => e.status === 'pending')
      .map((entry) => ({ entry, standing: null, round: null })),
    ...mine
      .filter((e) => e.status === 'archived')
      .map((entry) => ({
        entry,
        standing: null,
        round: entry.seasonPk === null ? null : (rounds.get(entry.seasonPk) ?? null),
      })),
  ];
  return { settings: standings.settings, entries };
}

/** An entry waiting for the moderators, with its board and when its review window ends. */
export interface QueuedEntry {
  entry: ContestEntry;
  board: Board;
  /** Pending entries on a board with a window; null otherwise (and for reported entries). */
  expiresAt: Date | null;
}

export interface ContestQueue {
  /** Oldest first. */
  pending: QueuedEntry[];
  /** Most reported first. */
  reported: QueuedEntry[];
}

/**
 * The contest side of the review queue (`/review list`): entries waiting for approval and
 * reported live entries on the owner's Rating boards the caller may moderate (`visible`), on one
 * board or all of them.
 */
export async function contestQueueOf(
  ctx: Context,
  input: { ownerId: string; boardId?: string; visible?: (board: Board) => boolean },
): Promise<ContestQueue> {
  const boards =
    input.boardId === undefined
      ? await ownerBoards(ctx, input.ownerId)
      : [await ownedBoard(ctx, input.ownerId, input.boardId)];
  const rating = boards.filter((b) => b.type === 'Rating' && (input.visible?.(b) ?? true));
  const queue = await contestReviewQueue(ctx, rating);
  const byPk = new Map(rating.map((b) => [b.pk, b]));
  const queued = (entry: ContestEntry, pending: boolean): QueuedEntry[] => {
    const board = byPk.get(entry.boardPk);
    if (!board) return [];
    return [{ entry, board, expiresAt: pending ? reviewExpiry(board, entry.createdAt) : null }];
  };
  return {
    pending: queue.pending.flatMap((e) => queued(e, true)),
    reported: queue.reported.flatMap((e) => queued(e, false)),
  };
}

async function ownerBoards(ctx: Context, ownerId: string): Promise<Board[]> {
  const all: Board[] = [];
  for (let after = 0; ;) {
    const page = await boardsAfter(ctx, ownerId, after, 500);
    all.push(...page.items);
    if (page.next === null) return all;
    after = page.next;
  }
}

/** A member's own votes on these entries, by entry pk (the dashboard shows each beside its form). */
export const votesOf = (
  ctx: Context,
  voterId: string,
  entries: readonly Pick<ContestEntry, 'pk'>[],
): Promise<Map<number, number>> =>
  ctx.repos.contests.votesBy(
    entries.map((e) => e.pk),
    voterId,
  );
