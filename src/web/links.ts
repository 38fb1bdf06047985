import type { Board } from '../../entities/board';
import { boardUrl } from '../domain/board-url';

/**
 * Where each public page lives, from PUBLIC_URL: links on a page are paths (so they hold behind
 * a proxy that serves PUBLIC_URL under a prefix), previews and canonical links are absolute.
 *
 *   /                                                 the landing: every owner with public boards
 *   /errors[/{code}]                                  what each Problem `type` means
 *   /boards/{owner}                                   the owner's boards
 *   /boards/{owner}/{board}[?season=N]                standings (current, or an archive)
 *   /boards/{owner}/{board}/matches[?cursor=]         every applied match, newest first
 *   /boards/{owner}/{board}/card.png[?season=N]       the leaderboard card
 *   /boards/{owner}/{board}/players/{player}[?vs=P]   a player, or two head to head
 *   /boards/{owner}/{board}/players/{player}/chart.png
 *   /boards/{owner}/{board}/players/{player}/matches[?cursor=]      every match of theirs
 *   /boards/{owner}/{board}/players/{player}/submissions[?cursor=]  every score of theirs
 *   /boards/{owner}/{board}/entries/{entry}           a contest entry (Rating boards)
 *   /boards/{owner}/{board}/submissions[?cursor=]     a score board's submissions, newest first
 *   /images/{sha256}.webp                             a stored picture (an entry's image or
 *                                                     thumbnail), named by the SHA-256 of its
 *                                                     bytes, so it never changes: outside
 *                                                     /boards because one picture may belong to
 *                                                     entries of several boards, and cached for
 *                                                     a year
 */
export class Links {
  constructor(private readonly publicUrl: string) {}

  boardUrl(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return withQuery(boardUrl(this.publicUrl, board), query);
  }
  board(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return pathOf(this.boardUrl(board, query));
  }

  /** A match board's whole history, paged with the API's matches cursors. */
  matchesUrl(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return withQuery(`${boardUrl(this.publicUrl, board)}/matches`, query);
  }
  matches(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return pathOf(this.matchesUrl(board, query));
  }

  ownerUrl(ownerId: string, query?: Query): string {
    return withQuery(`${this.publicUrl}/boards/${encodeURIComponent(ownerId)}`, query);
  }
  owner(ownerId: string, query?: Query): string {
    return pathOf(this.ownerUrl(ownerId, query));
  }

  playerUrl(board: Pick<Board, 'ownerId' | 'id'>, playerId: string, query?: Query): string {
    const base = `${boardUrl(this.publicUrl, board)}/players/${encodeURIComponent(playerId)}`;
    return withQuery(base, query);
  }
  player(board: Pick<Board, 'ownerId' | 'id'>, playerId: string, query?: Query): string {
    return pathOf(this.playerUrl(board, playerId, query));
  }

  /** A player's every match (match boards) or every score (score boards), paged by cursor. */
  playerHistoryUrl(
    board: Pick<Board, 'ownerId' | 'id'>,
    playerId: string,
    what: 'matches' | 'submissions',
    query?: Query,
  ): string {
    return withQuery(`${this.playerUrl(board, playerId)}/${what}`, query);
  }
  playerHistory(
    board: Pick<Board, 'ownerId' | 'id'>,
    playerId: string,
    what: 'matches' | 'submissions',
    query?: Query,
  ): string {
    return pathOf(this.playerHistoryUrl(board, playerId, what, query));
  }

  entryUrl(board: Pick<Board, 'ownerId' | 'id'>, entryPk: number): string {
    return `${boardUrl(this.publicUrl, board)}/entries/${entryPk}`;
  }
  entry(board: Pick<Board, 'ownerId' | 'id'>, entryPk: number): string {
    return pathOf(this.entryUrl(board, entryPk));
  }

  /** A stored picture by its hash (src/render/intake.ts names them). */
  imageUrl(hash: string): string {
    return `${this.publicUrl}/images/${hash}.webp`;
  }
  image(hash: string): string {
    return pathOf(this.imageUrl(hash));
  }

  /** A page outside /boards: the landing (`/`), the error reference, /openapi.yaml, /healthz. */
  siteUrl(path: `/${string}`, query?: Query): string {
    return withQuery(`${this.publicUrl}${path}`, query);
  }
  site(path: `/${string}`, query?: Query): string {
    return pathOf(this.siteUrl(path, query));
  }

  cardUrl(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return withQuery(`${boardUrl(this.publicUrl, board)}/card.png`, query);
  }
  chartUrl(board: Pick<Board, 'ownerId' | 'id'>, playerId: string, query?: Query): string {
    return withQuery(`${this.playerUrl(board, playerId)}/chart.png`, query);
  }

  /** A score board's every submission, paged by cursor (issue 29 item 5). */
  submissionsUrl(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return withQuery(`${boardUrl(this.publicUrl, board)}/submissions`, query);
  }
  submissions(board: Pick<Board, 'ownerId' | 'id'>, query?: Query): string {
    return pathOf(this.submissionsUrl(board, query));
  }
}

/** Query parameters in order; undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;

function withQuery(url: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) params.set(name, String(value));
  return params.size > 0 ? `${url}?${params}` : url;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
