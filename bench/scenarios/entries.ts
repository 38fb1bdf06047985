import type { Scenario } from './types';

/** The read scenarios of issue "bench": spec 4.4 pages and spec 4.5 live ranks. */
const PAGE = 50;

const entriesPath = (boardId: string) => `/v1/boards/${encodeURIComponent(boardId)}/entries`;

/** spec 4.4: the first page, best first. */
export const entriesFirst: Scenario<{ path: string }> = {
  name: 'entries-first',
  description: `GET entries?limit=${PAGE} (first page)`,
  prepare: async ({ board }) => ({ path: `${entriesPath(board.id)}?limit=${PAGE}` }),
  request: (p) => ({ method: 'GET', path: p.path }),
  distinct: () => 1,
};

/**
 * spec 4.4: a page about 90 % down the board, reached by a cursor built the way the server
 * builds them (base64url JSON of the last row's value and player id; spec 8 allows hand-built
 * cursors). Eight cursors a little apart, so it is not one page over and over; one OFFSET scan
 * finds them all.
 */
export const entriesDeep: Scenario<{ paths: string[] }> = {
  name: 'entries-deep',
  description: `GET entries?limit=${PAGE}&cursor=… (~90 % deep)`,
  async prepare({ board, sql }) {
    const count = 8;
    const step = Math.max(1, Math.min(1000, Math.floor((board.size * 0.05) / count)));
    const rows = await sql<{ score: number | string; player_id: string }>(
      'SELECT score, player_id FROM entries WHERE board_pk = ? ORDER BY rank_key, player_id LIMIT ? OFFSET ?',
      [board.pk, count * step, Math.floor(board.size * 0.9)],
    );
    const paths = Array.from({ length: count }, (_, i) => rows[i * step])
      .filter((row) => row !== undefined)
      .map((row) => {
        const cursor = Buffer.from(
          JSON.stringify({ v: Number(row.score), p: row.player_id }),
        ).toString('base64url');
        return `${entriesPath(board.id)}?limit=${PAGE}&cursor=${cursor}`;
      });
    if (paths.length === 0) throw new Error(`board ${board.id} has no rows 90 % down`);
    return { paths };
  },
  request: (p, seq) => ({ method: 'GET', path: p.paths[seq % p.paths.length]! }),
  distinct: (p) => p.paths.length,
};

/** spec 4.5: one entry with its live rank, rotating through 1 000 players spread over the board. */
export const entryRank: Scenario<{ paths: string[] }> = {
  name: 'entry-rank',
  description: 'GET entries/{player_id} (live rank, 1 000 players rotated)',
  async prepare({ board, playerId }) {
    const count = Math.min(1000, board.size);
    const paths = Array.from({ length: count }, (_, k) => {
      const id = playerId(Math.floor(((k + 0.5) * board.size) / count));
      return `${entriesPath(board.id)}/${encodeURIComponent(id)}`;
    });
    return { paths };
  },
  request: (p, seq) => ({ method: 'GET', path: p.paths[seq % p.paths.length]! }),
  distinct: (p) => p.paths.length,
};
