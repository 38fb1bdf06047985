import type { Board } from '../../entities/board';
import { cursorString, decodeCursor, encodeCursor, splitPage } from '../domain/cursor';
import type { Owner } from '../../entities/owner';
import { notFound } from '../domain/errors';
import { guildOf, isBoardId, OWNER_ID } from '../domain/ids';
import type { Season } from '../domain/season';
import { rankedValue } from '../domain/display';
import { ownerIcon, playerAvatars } from './avatars';
import { boardsPage } from './board-reads';
import { contestStandings } from './contests';
import type { Context } from './context';
import { findOwner } from './owners';
import { runningSeason } from './season-reads';
import { standingsPage } from './standings';

/**
 * The reads of the public pages (src/web), which need no key: a board by its public address,
 * an owner's boards with what each index line says, a board's summary for its card.
 */

/**
 * The servers a page's viewer is a signed-in member of (src/web/viewer.ts), or null for a
 * visitor nobody signed in.
 */
export type ViewerGuilds = ReadonlySet<string> | null;

/**
 * Who may see a board's public pages (issue 27 item 6): anyone, unless the board is private;
 * then only a signed-in member of its server. A personal workspace has no server, so its
 * private boards are on no page. The one rule: boardAtAddress, ownerIndex and pageImage ask it.
 */
export function mayView(board: Pick<Board, 'ownerId' | 'private'>, viewerGuildIds: ViewerGuilds) {
  if (!board.private) return true;
  const guild = guildOf(board.ownerId);
  return guild !== null && (viewerGuildIds?.has(guild) ?? false);
}

/**
 * A board by the owner and id of its public address (spec 2.2 url), if this viewer may see it;
 * the same 404 for a malformed address, a missing board and a private one they may not see, so
 * an address says nothing of what exists. A picture (the unfurl card, a chart) passes null:
 * nothing of a private board is ever rendered for a link.
 */
export async function boardAtAddress(
  ctx: Context,
  ownerId: string,
  boardId: string,
  viewerGuildIds: ViewerGuilds,
): Promise<Board> {
  const board =
    OWNER_ID.test(ownerId) && isBoardId(boardId)
      ? await ctx.repos.boards.byId(ownerId, boardId)
      : null;
  if (!board || !mayView(board, viewerGuildIds)) throw notFound('No such board');
  return board;
}

/** What a board's line on its owner's index and its card say beside its name. */
export interface BoardSummary {
  board: Board;
  /** Players with an entry; null on Rating boards, which keep no standings. */
  players: number | null;
  /** The running season, if any. */
  season: Season | null;
}

export async function boardSummary(ctx: Context, board: Board): Promise<BoardSummary> {
  const [players, season] = await Promise.all([
    board.type === 'Rating' ? null : ctx.repos.entries.size(board.pk),
    runningSeason(ctx, board),
  ]);
  return { board, players, season };
}

/** One of a board's leaders on its owner's index (issue 29): rank, who, the ranked value. */
export interface Leader {
  rank: number;
  player: { id: string; name: string; avatar: string | null };
  /** The ranked value (display.ts rankedValue); on a Rating board the entry's contest score. */
  value: number | null;
}

/** A board's line on its owner's index: its summary and its top three. */
export interface IndexBoard extends BoardSummary {
  /** Up to three, best first (a contest's ranked entries, by their authors). */
  leaders: Leader[];
  /** Rating boards: the contest's live entries; null on other boards (see `players`). */
  entries: number | null;
}

export interface OwnerIndex {
  owner: Owner;
  /** The server's icon (a CDN address), or null: none, not seen yet, a personal workspace. */
  icon: string | null;
  /** Oldest first, as GET /v1/boards lists them (spec 4.2). */
  boards: IndexBoard[];
  nextCursor: string | null;
}

const LEADERS = 3;

type BareLeader = Omit<Leader, 'player'> & { player: Omit<Leader['player'], 'avatar'> };

/** A board's top three and, on a Rating board, its entry count: one read of its first page. */
async function leadersOf(
  ctx: Context,
  board: Board,
): Promise<{ leaders: BareLeader[]; entries: number | null }> {
  if (board.type === 'Rating') {
    const { entries } = await contestStandings(ctx, board);
    const leaders = entries
      .slice(0, LEADERS)
      .flatMap((e) =>
        e.rank === null
          ? []
          : [{ rank: e.rank, player: { id: e.authorId, name: e.authorName }, value: e.score }],
      );
    return { leaders, entries: entries.length };
  }
  const { entries } = await standingsPage(ctx, board, { limit: LEADERS });
  const leaders = entries.map((e) => ({
    rank: e.rank,
    player: { id: e.playerId, name: e.playerName },
    value: rankedValue(board, e),
  }));
  return { leaders, entries: null };
}

/**
 * A server's (or a personal workspace's) boards, a keyset page of them; a 404 for no owner.
 * Private boards are left out (in the query, so pages stay full) unless the viewer may see them.
 */
export async function ownerIndex(
  ctx: Context,
  ownerId: string,
  page: { cursor?: string | undefined; limit: number },
  viewerGuildIds: ViewerGuilds,
): Promise<OwnerIndex> {
  const owner = OWNER_ID.test(ownerId) ? await findOwner(ctx, ownerId) : null;
  if (!owner) throw notFound('No such server');
  const publicOnly = !mayView({ ownerId, private: true }, viewerGuildIds);
  const { boards, nextCursor } = await boardsPage(ctx, ownerId, { ...page, publicOnly });
  // One standings read per board (at most a page of 50, each the cached first page's
  // statement), then every leader's picture in one read.
  const lines = await Promise.all(
    boards.map(async (b) => ({ ...(await boardSummary(ctx, b)), ...(await leadersOf(ctx, b)) })),
  );
  const avatars = await playerAvatars(
    ctx,
    ownerId,
    lines.flatMap((l) => l.leaders.map((x) => x.player.id)),
  );
  const withPictures = lines.map((l) => ({
    ...l,
    leaders: l.leaders.map((x) => ({
      ...x,
      player: { ...x.player, avatar: avatars.get(x.player.id) ?? null },
    })),
  }));
  return { owner, icon: ownerIcon(ctx, owner), boards: withPictures, nextCursor };
}

/** An owner on the landing page: its name and how many public boards it has. */
export interface PublicOwner {
  id: string;
  name: string;
  /** Public boards only: a private board is neither counted nor named. */
  boards: number;
}

/**
 * The owners that have a public board, for the landing page (issue 30 item 1), by name in keyset
 * pages; the same for every visitor, signed in or not, so the page may be cached for anyone.
 */
export async function publicOwners(
  ctx: Context,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ owners: PublicOwner[]; nextCursor: string | null }> {
  const position = page.cursor === undefined ? null : decodeCursor(page.cursor);
  const after = position && { name: cursorString(position, 'n'), id: cursorString(position, 'i') };
  const rows = await ctx.repos.owners.withPublicBoards(after, page.limit + 1);
  const { items, nextCursor } = splitPage(rows, page.limit, (last) =>
    encodeCursor({ n: last.name, i: last.id }),
  );
  return { owners: items, nextCursor };
}
