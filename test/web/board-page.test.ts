import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { boardUrl } from '../../src/domain/board-url';
import { encodeCursor } from '../../src/domain/cursor';
import { competitionRanks } from '../../src/domain/ranking';
import type { EntryState } from '../../src/domain/scoring';
import { startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestResponse, type TestTally } from '../support/tally';
import { putEntries as putEntriesOf } from '../support/pipeline';
import { withoutLiveScript } from './read-html';

const SCRIPT_NAME = '<script>document.title="pwned"</script>';

/** Text of markup the way a reader sees it: tags dropped, the five escapes undone. */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The standings table as rows of cell texts (the page's own markup is regular enough). */
function rows(html: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((tr) =>
    [...tr[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((td) => text(td[1]!)),
  );
}

const link = (html: string, label: string) =>
  new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${label}</a>`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const title = (html: string) => text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');

describe(`the public board page (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;

  const pathOf = (b: Pick<Board, 'ownerId' | 'id'>) => new URL(boardUrl('http://x', b)).pathname;
  const visit = (path: string) => tally.request('GET', path);

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '1000000' });
    owner = await tally.owner();
  });
  afterAll(() => tally.stop());

  /** Writes entries through the worker's repository, rank counters included. */
  const putEntries = (board: Board, entries: Partial<EntryState>[]) =>
    putEntriesOf(tally.ctx, board, Object.fromEntries(entries.map((e) => [e.playerId!, e])));

  function expectHtml(res: TestResponse, status: number) {
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A page may be reused for a few seconds (then revalidated by its ETag); an error never.
    expect(res.headers.get('cache-control')).toMatch(
      status === 200 ? /^public, max-age=\d+$/ : /^no-store$/,
    );
    expect(res.headers.get('x-api-lifecycle')).toBe('beta');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.text).toMatch(/^<!doctype html>/);
    expect(withoutLiveScript(res.text)).not.toMatch(/<script/i);
  }

  it('GIVEN a Highscore board with ties THEN anyone sees its standings, ranked 1, 2, 2, 4', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Highscore', name: 'Weekly Tetris' });
    await putEntries(board, [
      { playerId: 'custom:Ann', score: 1_500_000, submissions: 3 },
      { playerId: 'custom:Bo', score: 700 },
      { playerId: 'custom:Cy', score: 700 },
      { playerId: 'custom:Di', score: -5 },
    ]);
    const res = await visit(pathOf(board));
    expectHtml(res, 200);
    expect(title(res.text)).toBe('Weekly Tetris');
    expect(text(res.text)).toContain('Highscore board · refresh for the latest');
    expect(rows(res.text)).toEqual([
      ['1', 'Ann', '1,500,000', '3'],
      ['2', 'Bo', '700', '1'],
      ['2', 'Cy', '700', '1'],
      ['4', 'Di', '-5', '1'],
    ]);
    expect(res.text).not.toContain('Next page');
    expect(res.text).not.toContain('First page');
  });

  it('GIVEN a player named like a script THEN the name is escaped text, never markup', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Classic', name: '<b>&co</b>' });
    await putEntries(board, [
      { playerId: 'custom:x', playerName: SCRIPT_NAME, score: 2 },
      { playerId: 'custom:y', playerName: `"'><img src=x onerror=alert(1)>`, score: 1 },
    ]);
    const res = await visit(pathOf(board));
    expectHtml(res, 200);
    expect(res.text).toContain('&lt;script&gt;document.title=&quot;pwned&quot;&lt;/script&gt;');
    expect(res.text).not.toContain('<img');
    expect(res.text).toContain('<title>&lt;b&gt;&amp;co&lt;/b&gt;</title>');
    expect(rows(res.text).map((r) => r[1])).toEqual([
      SCRIPT_NAME,
      `"'><img src=x onerror=alert(1)>`,
    ]);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('GIVEN many tied entries THEN Next page links walk the board, each entry once, ranks right', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 0 });
    const values = Array.from({ length: 23 }, (_, i) => ({
      playerId: `chat:${nextSnowflake()}`,
      score: [90, 50, 50, 50, 10][i % 5]!,
    }));
    await putEntries(board, values);
    const expected = [...values].sort(
      (a, b) => b.score - a.score || (a.playerId < b.playerId ? -1 : 1),
    );
    const ranks = competitionRanks(expected.map((e) => e.score));
    const key = await tally.key({ ownerId: owner });

    const seen: string[][] = [];
    let path: string | undefined = `${pathOf(board)}?limit=5`;
    let apiCursor: string | null = null;
    for (let pages = 1; path; pages++) {
      expect(pages).toBeLessThan(10);
      const res = await visit(path);
      expectHtml(res, 200);
      seen.push(...rows(res.text));
      if (pages > 1) expect(link(res.text, 'First page')).toBe(`${pathOf(board)}?limit=5`);
      // The page's cursor is the API's cursor for the same position (one keyset, two faces).
      const api = await tally.request(
        'GET',
        `/v1/boards/${board.id}/entries?limit=5${apiCursor ? `&cursor=${apiCursor}` : ''}`,
        { key },
      );
      apiCursor = (api.body as { next_cursor: string | null }).next_cursor;
      path = link(res.text, 'Next page');
      expect(path && new URL(path, 'http://x').searchParams.get('cursor')).toBe(
        apiCursor ?? undefined,
      );
    }
    expect(seen.map((r) => [r[0], r[2]])).toEqual(
      expected.map((e, i) => [String(ranks[i]), String(e.score)]),
    );
    expect(seen).toHaveLength(23);
  });

  it('GIVEN a hand-built cursor mid-tie THEN the page resumes after it with true ranks', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Classic' });
    await putEntries(board, [
      { playerId: 'custom:a', score: 50 },
      { playerId: 'custom:b', score: 20 },
      { playerId: 'custom:c', score: 20 },
      { playerId: 'custom:d', score: 7 },
    ]);
    const res = await visit(`${pathOf(board)}?cursor=${encodeCursor({ v: 20, p: 'custom:b' })}`);
    expectHtml(res, 200);
    expect(rows(res.text).map((r) => [r[0], r[1]])).toEqual([
      ['2', 'c'],
      ['4', 'd'],
    ]);
    expect(link(res.text, 'First page')).toBe(pathOf(board));
  });

  it('GIVEN a Time board THEN times read m:ss.mmm, fastest first', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Time', name: 'Any%' });
    await putEntries(board, [
      { playerId: 'custom:slow', score: 3_723_004 },
      { playerId: 'custom:fast', score: 90_250 },
      { playerId: 'custom:flash', score: 5 },
    ]);
    const res = await visit(pathOf(board));
    expectHtml(res, 200);
    expect(rows(res.text).map((r) => r.slice(1, 3))).toEqual([
      ['flash', '0:00.005'],
      ['fast', '1:30.250'],
      ['slow', '1:02:03.004'],
    ]);
  });

  it('GIVEN ELO and League boards THEN they show elo or points with W / D / L', async () => {
    const elo = await tally.board({ ownerId: owner, type: 'ELO', freeForAll: true });
    await putEntries(elo, [
      { playerId: 'custom:p', elo: 1016, wins: 1, draws: 0, losses: 0 },
      { playerId: 'custom:q', elo: 984, wins: 0, draws: 0, losses: 1 },
    ]);
    const eloPage = await visit(pathOf(elo));
    expectHtml(eloPage, 200);
    expect(eloPage.text).toContain('>Rating</th>');
    expect(text(eloPage.text)).toContain('ELO board · free-for-all · refresh for the latest');
    expect(rows(eloPage.text)).toEqual([
      ['1', 'p', '1016', '1', '0', '0'],
      ['2', 'q', '984', '0', '0', '1'],
    ]);

    const league = await tally.board({ ownerId: owner, type: 'League' });
    await putEntries(league, [{ playerId: 'custom:r', score: 7, wins: 2, draws: 1, losses: 0 }]);
    const leaguePage = await visit(pathOf(league));
    // A football table (issue 29 item 5): P W D L GF GA GD Pts Form; no match read, no goals.
    expect(leaguePage.text).toContain('<span class="wide">Points</span>');
    expect(rows(leaguePage.text)).toEqual([
      ['1', 'r', '3', '2', '1', '0', '0', '0', '0', '7', 'No matches yet—'],
    ]);
  });

  it('GIVEN a Rating board or an empty board THEN the page says there is nothing to rank', async () => {
    const rating = await tally.board({ ownerId: owner, type: 'Rating' });
    const ratingPage = await visit(pathOf(rating));
    expectHtml(ratingPage, 200);
    expect(text(ratingPage.text)).toContain('No entries yet.'); // a contest's gallery, empty
    expect(title(ratingPage.text)).toBe(rating.id); // no display name: the id stands in

    const empty = await visit(pathOf(await tally.board({ ownerId: owner, type: 'Classic' })));
    expectHtml(empty, 200);
    expect(text(empty.text)).toContain('No results yet.');
  });

  it("GIVEN another owner's board, an unknown board or a malformed path THEN a 404 page", async () => {
    const theirs = await tally.board({ ownerId: await tally.owner(), type: 'Classic' });
    const paths = [
      pathOf({ ownerId: owner, id: theirs.id }),
      pathOf({ ownerId: owner, id: 'board_999999999' }),
      pathOf({ ownerId: 'guild:1', id: theirs.id }),
      pathOf({ ownerId: owner, id: 'x'.repeat(101) }),
      `${pathOf({ ownerId: owner, id: 'x' })}%E0%A4%A`,
      `${pathOf(theirs)}/extra`,
    ];
    for (const path of paths) {
      const res = await visit(path);
      expectHtml(res, 404);
      expect(title(res.text), path).toBe('Board not found');
    }
    expectHtml(await visit(pathOf(theirs)), 200);
  });

  it('GIVEN a season link that is malformed, unknown or still running THEN a 400 or 404 page that says why', async () => {
    const board = await tally.board({ ownerId: owner, type: 'ELO' });
    await startSeason(tally.ctx, owner, board.id, { days: 7 });
    for (const [query, status] of [
      ['season=abc', 422],
      ['season=-1', 422],
      ['season=1&season=2', 400],
      ['season=1&from=x', 422],
    ] as const) {
      expectHtml(await visit(`${pathOf(board)}?${query}`), status);
    }
    const unknown = await visit(`${pathOf(board)}?season=9`);
    expectHtml(unknown, 404);
    expect(text(unknown.text)).toContain(
      `${board.id} has no ended season 9; /season list shows them`,
    );
    const running = await visit(`${pathOf(board)}?season=1`);
    expectHtml(running, 404);
    expect(text(running.text)).toContain(
      "Season 1 is still running; its standings are the board's current ones",
    );
  });

  it('GIVEN a malformed cursor or an unusable limit THEN a bad-link page with the API’s status (400 or 422)', async () => {
    const board = await tally.board({ ownerId: owner, type: 'Classic' });
    const cursors = ['%%%', Buffer.from('nope').toString('base64url'), encodeCursor({ v: 1.5 })];
    const queries: [string, number][] = [
      ...cursors.map((c): [string, number] => [`cursor=${c}`, 400]),
      ['cursor=a&cursor=b', 400],
      ...['0', '201', 'ten', ''].map((l): [string, number] => [`limit=${l}`, 422]),
    ];
    const key = await tally.key({ ownerId: owner });
    for (const [query, status] of queries) {
      const res = await visit(`${pathOf(board)}?${query}`);
      expectHtml(res, status);
      expect(title(res.text), query).toBe('Bad page link');
      // The API answers the same fault with the same status.
      const api = await tally.request('GET', `/v1/boards/${board.id}/entries?${query}`, {
        key,
      });
      expect(api.status, query).toBe(status);
    }
  });
});
