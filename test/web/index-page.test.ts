import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner } from '../../src/pipeline/owners';
import { startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from './pages-app';
import { hrefOf, items, links, section, text, title } from './read-html';
import { boardPath, clockFrom, custom, ownerPath, playMatches, postScores } from './seed';

describe(`a server's index of boards (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, {
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN an owner with boards THEN its index lists each board with type, players (entries), running season, leaders and a link', async () => {
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Chess <Club> & Co');
    const ladder = await tally.board({
      ownerId: owner,
      type: 'ELO',
      name: 'Ladder',
      windowHours: 0,
    });
    const arcade = await tally.board({
      ownerId: owner,
      type: 'Highscore',
      name: 'Arcade',
      windowHours: 0,
    });
    const open = await tally.board({ ownerId: owner, type: 'ELO', freeForAll: true, name: 'Open' });
    await tally.board({ ownerId: owner, type: 'Rating', name: 'Ratings' });
    await playMatches(tally.ctx, ladder, clockFrom('2026-11-01T00:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
      [custom('Cy'), custom('Bo'), 'draw'],
    ]);
    await postScores(tally.ctx, arcade, clockFrom('2026-11-01T00:00:00Z'), [[custom('Ann'), 5]]);
    await startSeason(tally.ctx, owner, ladder.id, { name: 'Winter', days: 30 });

    const res = await pages.get(ownerPath(owner));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(title(res.text)).toBe('Chess <Club> & Co');
    expect(res.text).toContain('<h1><bdi>Chess &lt;Club&gt; &amp; Co</bdi></h1>');
    expect(text(section(res.text, 'p', 'meta'))).toBe('Leaderboards · 4 boards');
    // Each board with its top three (issue 29): rank, name and the value as the standings show it.
    expect(items(section(res.text, 'ul', 'boards'))).toEqual([
      'Ladder ELO · 3 players · Season 1 “Winter” #1 Ann 1016',
      '#2 Cy 999',
      '#3 Bo 985',
      'Arcade Highscore · 1 player #1 Ann 5',
      'Open ELO · free-for-all · 0 players',
      'Ratings Rating · 0 entries',
    ]);
    expect(hrefOf(res.text, 'Ladder')).toBe(boardPath(ladder));
    expect(hrefOf(res.text, 'Open')).toBe(boardPath(open));
    for (const { href } of links(res.text)) expect((await pages.get(href)).status, href).toBe(200);
  });

  it('GIVEN a board page THEN its breadcrumb leads to the index, and the index back to the board', async () => {
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Crumbs');
    const board = await tally.board({ ownerId: owner, type: 'Classic', name: 'Trivia' });
    const page = await pages.get(boardPath(board));
    expect(hrefOf(page.text, 'Crumbs')).toBe(ownerPath(owner));
    const index = await pages.get(ownerPath(owner));
    expect(hrefOf(index.text, 'Trivia')).toBe(boardPath(board));
    expect(text(section(index.text, 'p', 'meta'))).toBe('Leaderboards · 1 board');
  });

  it('GIVEN an owner without boards THEN the index says so', async () => {
    const owner = `user:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'My workspace');
    const res = await pages.get(ownerPath(owner));
    expect(res.status).toBe(200);
    expect(text(res.text)).toContain('No boards yet.');
  });

  it('GIVEN an unknown or malformed owner, or a bad cursor THEN a 404 or 400 page', async () => {
    const cases: [string, number, string][] = [
      [ownerPath(`guild:${nextSnowflake()}`), 404, 'Server not found'],
      [ownerPath('guild:1'), 404, 'Server not found'],
      ['/boards/only-one-segment', 404, 'Server not found'],
      [`${ownerPath(await tally.owner())}?cursor=%%%`, 400, 'Bad page link'],
      ['/boards', 404, 'Board not found'],
      ['/boards/', 404, 'Board not found'],
    ];
    for (const [path, status, heading] of cases) {
      const res = await pages.get(path);
      expect(res.status, path).toBe(status);
      expect(title(res.text), path).toBe(heading);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
