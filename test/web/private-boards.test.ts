import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import { editBoard } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { assertContract } from '../support/contract';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { anAuthor, enter, plainPng, vote } from './contest-seed';
import { RecordingRenderer, servePages, signedIn, type Page, type PagesApp } from './pages-app';
import { items, metaTag, section } from './read-html';
import { boardPath, clockFrom, custom, ownerPath, playerPath, playMatches } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000, filesPerMinute: 100_000 };

/** What differs between two answers that say the same: when, which request, how many so far. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'request-id', 'ratelimit-remaining']);
const headersOf = (page: Page) =>
  Object.fromEntries([...page.headers.entries()].filter(([name]) => !PER_REQUEST.has(name)));

describe(`private boards on the public pages (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  const guild = nextSnowflake();
  const ownerId = `guild:${guild}`;
  const member = signedIn(nextSnowflake(), [nextSnowflake(), guild]);
  const stranger = signedIn(nextSnowflake(), [nextSnowflake()]);
  let ladder: Board;
  let skies: Board;
  let open: Board;
  let entry: ContestEntry;
  /** The same paths on a board that does not exist: what a visitor must not tell apart. */
  const missing = (board: Board) => ({ ...board, id: 'board_999999999' });

  /** Every address of the two private-to-be boards, as a function of the board. */
  const ladderPaths = (b: Board) => [
    boardPath(b),
    `${boardPath(b)}?season=1`,
    `${boardPath(b)}?limit=1`,
    playerPath(b, 'custom:Ann'),
    `${playerPath(b, 'custom:Ann')}?vs=custom:Bo`,
    `${boardPath(b)}/matches`,
    `${boardPath(b)}/entries/1`,
  ];
  const skiesPaths = (b: Board) => [
    boardPath(b),
    `${boardPath(b)}?season=1`,
    `${boardPath(b)}/entries/${entry.pk}`,
    playerPath(b, entry.authorId),
  ];
  const picturePaths = (b: Board) => [
    `${boardPath(b)}/card.png`,
    `${boardPath(b)}/card.png?season=1`,
    `${playerPath(b, 'custom:Ann')}/chart.png`,
  ];
  const imagePaths = () => [`/images/${entry.imageHash}.webp`, `/images/${entry.thumbHash}.webp`];
  const UNKNOWN_IMAGE = `/images/${'0'.repeat(64)}.webp`;

  const setPrivate = async (board: Board, value: boolean) =>
    editBoard(tally.ctx, ownerId, board.id, { private: value });

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(
      tally.ctx,
      { renderer: new RecordingRenderer(), limits: LIMITLESS },
      { viewers: true },
    );
    const ctx = tally.ctx;
    await addOwner(ctx, ownerId, 'Hidden Club');
    ladder = await tally.board({ ownerId, type: 'ELO', name: 'Ladder', windowHours: 0 });
    skies = await tally.board({ ownerId, type: 'Rating', name: 'Skies' });
    open = await tally.board({ ownerId, type: 'Classic', name: 'Open' });
    const at = (iso: string) => ({ ...ctx, now: () => new Date(iso) });
    await startSeason(at('2026-10-31T00:00:00Z'), ownerId, ladder.id, { name: 'Spring' });
    await playMatches(ctx, ladder, clockFrom('2026-11-01T00:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
    ]);
    await endSeason(at('2026-11-02T00:00:00Z'), ownerId, ladder.id);
    await playMatches(ctx, ladder, clockFrom('2026-11-03T00:00:00Z'), [
      [custom('Bo'), custom('Ann'), 'team2'],
      [custom('Ann'), custom('Bo'), 'draw'],
    ]);
    await startSeason(ctx, ownerId, skies.id, { name: 'Round' });
    await enter(ctx, skies, anAuthor('Cy'), 'Old', await plainPng(300, 200, '#123456'));
    await endSeason(ctx, ownerId, skies.id);
    entry = await enter(ctx, skies, anAuthor('Di'), 'Dawn', await plainPng(400, 300, '#ff7e5f'));
    await vote(ctx, skies, entry, [9, 8]);
    ladder = await setPrivate(ladder, true);
    skies = await setPrivate(skies, true);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN a private board THEN each of its addresses answers a visitor exactly as a board that does not exist, even asked for a 304', async () => {
    const cases: [string, string][] = [
      ...ladderPaths(ladder).map(
        (p, i) => [p, ladderPaths(missing(ladder))[i]!] as [string, string],
      ),
      ...skiesPaths(skies).map((p, i) => [p, skiesPaths(missing(skies))[i]!] as [string, string]),
      ...picturePaths(ladder).map(
        (p, i) => [p, picturePaths(missing(ladder))[i]!] as [string, string],
      ),
      [`${boardPath(skies)}/card.png`, `${boardPath(missing(skies))}/card.png`],
      ...imagePaths().map((p) => [p, UNKNOWN_IMAGE] as [string, string]),
    ];
    for (const [path, nowhere] of cases) {
      for (const headers of [{}, stranger, { 'if-none-match': '*' }] as Record<string, string>[]) {
        const seen = await pages.get(path, headers);
        const none = await pages.get(nowhere, headers);
        expect(seen.status, path).toBe(404);
        expect(seen.text, path).toBe(none.text);
        expect(headersOf(seen), path).toEqual(headersOf(none));
        expect(seen.headers.get('etag'), path).toBeNull();
      }
    }
  });

  it('GIVEN a private board THEN its server index leaves it out for a visitor and a member of another server, and is cached as before', async () => {
    for (const headers of [{}, stranger]) {
      const index = await pages.get(ownerPath(ownerId), headers);
      expect(index.status).toBe(200);
      expect(items(section(index.text, 'ul', 'boards'))).toEqual(['Open Classic · 0 players']);
      expect(index.text).toContain('Leaderboards · 1 board');
      expect(index.headers.get('cache-control')).toBe('public, max-age=15');
    }
  });

  it('GIVEN a signed-in member of its server THEN every page of the private board shows, stored by no cache, with no ETag and no picture to unfurl', async () => {
    for (const path of [...ladderPaths(ladder).slice(0, 6), ...skiesPaths(skies)]) {
      const page = await pages.get(path, member);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('private, no-store');
      expect(page.headers.get('etag'), path).toBeNull();
      expect(metaTag(page.text, 'og:image'), path).toBeUndefined();
      expect(metaTag(page.text, 'twitter:card'), path).toBe('summary');
      expect(page.text, path).not.toMatch(/card\.png|chart\.png/);
    }
    for (const path of imagePaths()) {
      const image = await pages.get(path, member);
      expect(image.status, path).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toBe('private, no-store');
      expect(image.headers.get('etag')).toBeNull();
      // A member's If-None-Match is no way to a 304 either.
      const again = await pages.get(path, { ...member, 'if-none-match': `"${path.slice(8, 72)}"` });
      expect(again.status).toBe(200);
    }
    const index = await pages.get(ownerPath(ownerId), member);
    expect(items(section(index.text, 'ul', 'boards'))).toEqual([
      'Ladder ELO · 2 players · private #1 Ann 1015',
      '#2 Bo 985',
      'Skies Rating · 1 entry · private',
      'Open Classic · 0 players',
    ]);
    expect(index.headers.get('cache-control')).toBe('private, no-store');
    expect(index.headers.get('etag')).toBeNull();
  });

  it('GIVEN a signed-in member of its server THEN the unfurl pictures are still a 404: a private board never becomes a card', async () => {
    for (const path of [...picturePaths(ladder), `${boardPath(skies)}/card.png`]) {
      const picture = await pages.get(path, member);
      const none = await pages.get(`${boardPath(missing(ladder))}/card.png`, member);
      expect(picture.status, path).toBe(404);
      expect(picture.text, path).toBe(none.text);
    }
  });

  it('GIVEN the owner key THEN the API reads the private board as any other, its JSON with no field more', async () => {
    const key = await tally.key({ ownerId });
    // The documented Board (additionalProperties: false): a private board adds no field to it.
    const hidden = await tally.request('GET', `/v1/boards/${ladder.id}`, { key });
    expect(hidden.status, hidden.text).toBe(200);
    assertContract(hidden, 'getBoard');
    expect(Object.keys(hidden.body as object)).not.toContain('private');
    const entries = await tally.request('GET', `/v1/boards/${ladder.id}/entries`, { key });
    assertContract(entries, 'listEntries');
    const listed = await tally.request('GET', '/v1/boards', { key });
    assertContract(listed, 'listBoards');
    const ids = (listed.body as { data: { id: string }[] }).data.map((b) => b.id);
    expect(ids).toEqual([ladder.id, skies.id, open.id]);

    await setPrivate(ladder, false);
    try {
      const shown = await tally.request('GET', `/v1/boards/${ladder.id}`, { key });
      expect(shown.text).toBe(hidden.text);
    } finally {
      ladder = await setPrivate(ladder, true);
    }
  });

  it('GIVEN a private board made public again THEN a visitor sees its pages, index line and pictures, cached as public pages are', async () => {
    ladder = await setPrivate(ladder, false);
    skies = await setPrivate(skies, false);
    try {
      for (const path of [...ladderPaths(ladder).slice(0, 5), ...skiesPaths(skies)]) {
        const page = await pages.get(path);
        expect(page.status, path).toBe(200);
        expect(page.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+$/);
        expect(page.headers.get('etag'), path).not.toBeNull();
      }
      expect(metaTag((await pages.get(boardPath(ladder))).text, 'og:image')).toContain('card.png');
      for (const path of [...picturePaths(ladder), ...imagePaths()])
        expect((await pages.get(path)).status, path).toBe(200);
      expect((await pages.get(imagePaths()[0]!)).headers.get('cache-control')).toContain(
        'immutable',
      );
      const index = await pages.get(ownerPath(ownerId));
      expect(items(section(index.text, 'ul', 'boards'))).toEqual([
        'Ladder ELO · 2 players #1 Ann 1015',
        '#2 Bo 985',
        'Skies Rating · 1 entry',
        'Open Classic · 0 players',
      ]);
    } finally {
      ladder = await setPrivate(ladder, true);
      skies = await setPrivate(skies, true);
    }
    expect((await pages.get(boardPath(ladder))).status).toBe(404);
  });
});
