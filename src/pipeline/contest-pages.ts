import type { Board } from '../../entities/board';
import type { ContestEntry, ContestSettings, StoredImageRow } from '../../entities/contest';
import { rankEntries, type RankedEntry } from '../domain/contest';
import type { Season } from '../domain/season';
import type { Context } from './context';
import {
  archivedEntries,
  contestSettingsOf,
  contestStandings,
  entriesByAuthor,
  entryDetail,
  storedImage,
} from './contests';
import { mayView, type ViewerGuilds } from './public-reads';

/**
 * The public pages' reads of a contest (src/web): an ended round's entries with the standing
 * they ended with, one entry as its page shows it, an author's entries. Built on the use cases
 * of contests.ts; like them, they show only live and archived entries (a pending one waits for
 * a moderator, a withdrawn, removed or declined one is gone).
 */

export type { ContestEntry, ContestSettings, RankedEntry };
export { contestStandings, storedImage, type ContestStandings } from './contests';

/**
 * A stored picture as GET /images/{hash}.webp serves it: only when an entry showing it is on a
 * board this viewer may see (mayView), so a private board's pictures are a 404 to visitors like
 * a hash that names nothing. `privateOnly`: no public board shows it, so it is a signed-in
 * member's alone (never cached publicly).
 */
export async function pageImage(
  ctx: Context,
  hash: string,
  viewerGuildIds: ViewerGuilds,
): Promise<{ image: StoredImageRow; privateOnly: boolean } | null> {
  // Whose it is first: a private board's picture and an unknown hash cost the same one read.
  const boards = await ctx.repos.contests.imageBoards(hash);
  if (!boards.some((b) => mayView(b, viewerGuildIds))) return null;
  const image = await storedImage(ctx, hash);
  return image && { image, privateOnly: boards.every((b) => b.private) };
}

/**
 * An ended round's entries by final rank, each with the damped score it ended with. The prior
 * is recomputed from the round's own votes: they are exactly the live votes the board had when
 * it was archived (archiveContest), and an archived entry takes no more votes. The rank is the
 * stored final rank, never a new ranking.
 */
function asArchived(rows: ContestEntry[]): RankedEntry<ContestEntry>[] {
  const totals = rows.reduce(
    (sum, e) => ({ votes: sum.votes + e.votes, voteSum: sum.voteSum + e.voteSum }),
    { votes: 0, voteSum: 0 },
  );
  const scored = new Map(rankEntries(rows, 0, totals).map((e) => [e.pk, e]));
  return rows.map((e) => ({ ...scored.get(e.pk)!, rank: e.finalRank }));
}

export interface ContestArchive {
  season: Season;
  /** Final rank first (ranked, then the unranked), as archivedEntries orders them. */
  entries: RankedEntry<ContestEntry>[];
  /** The board's minimum votes now (an archive does not keep the one it ended with). */
  settings: ContestSettings;
}

/** An ended round (season) of a Rating board: its entries as they ended. */
export async function contestArchive(
  ctx: Context,
  board: Board,
  season: Season,
): Promise<ContestArchive> {
  const [rows, settings] = await Promise.all([
    archivedEntries(ctx, season),
    contestSettingsOf(ctx, board),
  ]);
  return { season, entries: asArchived(rows), settings };
}

export interface ContestEntryPage {
  /** Live: its standing now; archived: the one it ended its round with. */
  entry: RankedEntry<ContestEntry>;
  /** The round it ended with; null while it is live. */
  season: Season | null;
  settings: ContestSettings;
  /** Votes of each value 1–10, counts only. */
  distribution: number[];
}

/** An entry of this board that is live or archived; null for any other (a 404). */
export async function contestEntryPage(
  ctx: Context,
  board: Board,
  entryPk: number,
): Promise<ContestEntryPage | null> {
  const detail = await entryDetail(ctx, board, entryPk);
  if (!detail) return null;
  const { raw, settings, distribution } = detail;
  if (detail.entry) return { entry: detail.entry, season: null, settings, distribution };
  const season = raw.seasonPk === null ? null : await ctx.repos.seasons.byPk(raw.seasonPk);
  if (!season) return null;
  const archived = asArchived(await archivedEntries(ctx, season)).find((e) => e.pk === raw.pk);
  return archived ? { entry: archived, season, settings, distribution } : null;
}

export interface AuthorEntries {
  authorId: string;
  /** The name they had on their newest entry. */
  name: string;
  /** Live entries, newest first, with their standing now. */
  live: RankedEntry<ContestEntry>[];
  /** Archived entries, newest first, each with its round. */
  archived: { entry: RankedEntry<ContestEntry>; season: Season }[];
  settings: ContestSettings;
}

/** A member's entries on a Rating board that anyone may see; null when there are none. */
export async function authorEntries(
  ctx: Context,
  board: Board,
  authorId: string,
): Promise<AuthorEntries | null> {
  const shown = (await entriesByAuthor(ctx, board, authorId)).filter((e) => e.status !== 'pending');
  const newest = shown[0];
  if (!newest) return null;
  const standings = await contestStandings(ctx, board);
  const ranked = new Map(standings.entries.map((e) => [e.pk, e]));
  const live = shown.flatMap((e) => ranked.get(e.pk) ?? []);
  const archived: AuthorEntries['archived'] = [];
  const rounds = new Map<number, Round | null>();
  for (const e of shown) {
    if (e.status !== 'archived' || e.seasonPk === null) continue;
    if (!rounds.has(e.seasonPk)) rounds.set(e.seasonPk, await roundOf(ctx, e.seasonPk));
    const round = rounds.get(e.seasonPk);
    const entry = round?.entries.find((r) => r.pk === e.pk);
    if (round && entry) archived.push({ entry, season: round.season });
  }
  return { authorId, name: newest.authorName, live, archived, settings: standings.settings };
}

interface Round {
  season: Season;
  entries: RankedEntry<ContestEntry>[];
}

async function roundOf(ctx: Context, seasonPk: number): Promise<Round | null> {
  const season = await ctx.repos.seasons.byPk(seasonPk);
  return season && { season, entries: asArchived(await archivedEntries(ctx, season)) };
}
