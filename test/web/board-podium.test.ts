import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from './pages-app';
import { items, links, section, text } from './read-html';
import { boardPath, clockFrom, custom, playerPath, playMatches, postScores } from './seed';

const NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed'];

describe(`the board page's podium, ranks and recent matches (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let owner: string;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, {
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
    owner = await tally.owner();
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  const podium = (html: string) => items(section(html, 'ol', 'podium'));

  it('GIVEN a League board THEN the top three stand on a podium above the ranked table, every name a link to the player', async () => {
    const league = await tally.board({ ownerId: owner, type: 'League', windowHours: 0 });
    const [ann, bo, cy, di] = NAMES.map(custom);
    await playMatches(tally.ctx, league, clockFrom('2026-11-01T10:00:00Z'), [
      [ann!, bo!, [3, 1]],
      [cy!, di!, [0, 0]],
      [ann!, cy!, [2, 0]],
      [bo!, di!, [1, 2]],
    ]);
    const res = await pages.get(boardPath(league));
    expect(res.status, res.text).toBe(200);
    // 3 / 1 / 0 points; Cy and Di tie on one point and share third place.
    expect(podium(res.text)).toEqual(['#1 Ann 6 2–0–0', '#2 Di 4 1–1–0', '#3 Cy 1 0–1–1']);
    const table = section(res.text, 'div', 'scroll');
    const names = links(table);
    expect(names.map((l) => l.label)).toEqual(['Ann', 'Di', 'Cy', 'Bo']);
    expect(names.map((l) => l.href)).toEqual(
      ['Ann', 'Di', 'Cy', 'Bo'].map((n) => playerPath(league, `custom:${n}`)),
    );
    for (const { href } of links(res.text)) expect((await pages.get(href)).status, href).toBe(200);
  });

  it('GIVEN a match board THEN "Recent matches" lists the newest first, winner first, with the scoreline from the winner’s side', async () => {
    const league = await tally.board({ ownerId: owner, type: 'League', windowHours: 0 });
    const [ann, bo, cy] = NAMES.map(custom);
    await playMatches(tally.ctx, league, clockFrom('2026-11-01T10:00:00Z'), [
      [ann!, bo!, [3, 1]],
      [bo!, cy!, [0, 2]],
      [cy!, ann!, [1, 1]],
    ]);
    const res = await pages.get(boardPath(league));
    const recent = /<h2>Recent matches<\/h2>\s*<ol class="matches[^"]*">([\s\S]*?)<\/ol>/.exec(
      res.text,
    );
    expect(items(recent?.[1] ?? '')).toEqual([
      'Cy 1–1 Ann Match #3 · 2 Nov 2026',
      'Cy 2–0 Bo Match #2 · 1 Nov 2026',
      'Ann 3–1 Bo Match #1 · 1 Nov 2026',
    ]);
  });

  it('GIVEN an ELO board THEN a recent match without a scoreline reads "beat" with the rating change', async () => {
    const elo = await tally.board({ ownerId: owner, type: 'ELO', windowHours: 0 });
    await playMatches(tally.ctx, elo, clockFrom('2026-11-05T10:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team2'],
    ]);
    const res = await pages.get(boardPath(elo));
    expect(items(section(res.text, 'ol', 'matches'))).toEqual([
      'Bo beat Ann Match #1 · 5 Nov 2026 · ±16 rating',
    ]);
  });

  it('GIVEN a score board, or a later page THEN no recent matches, and a podium only on the first page', async () => {
    const arcade = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 0 });
    await postScores(
      tally.ctx,
      arcade,
      clockFrom('2026-11-01T10:00:00Z'),
      NAMES.map((n, i) => [custom(n), 100 * (i + 1)]),
    );
    const first = await pages.get(`${boardPath(arcade)}?limit=2`);
    expect(podium(first.text)).toEqual(['#1 Ed 500', '#2 Di 400', '#3 Cy 300']);
    expect(first.text).not.toContain('Recent matches');
    const next = /<a href="([^"]*)" rel="next">/.exec(first.text)?.[1]?.replace(/&amp;/g, '&');
    const second = await pages.get(next!);
    expect(second.status).toBe(200);
    expect(second.text).not.toContain('class="podium"');
  });

  it('GIVEN an ended season THEN its archive has its own podium and player links', async () => {
    const elo = await tally.board({ ownerId: owner, type: 'ELO', windowHours: 0, name: 'Ladder' });
    await playMatches(tally.ctx, elo, clockFrom('2026-11-01T10:00:00Z'), [
      [custom('Ann'), custom('Bo'), 'team1'],
    ]);
    await startSeason(tally.ctx, owner, elo.id, { name: 'Winter' });
    await endSeason(tally.ctx, owner, elo.id);
    const res = await pages.get(`${boardPath(elo)}?season=1`);
    expect(res.status, res.text).toBe(200);
    expect(podium(res.text)).toEqual(['#1 Ann 1016 1–0–0', '#2 Bo 984 0–0–1']);
    expect(text(res.text)).not.toContain('Recent matches');
    expect(links(section(res.text, 'div', 'scroll')).map((l) => l.href)).toEqual([
      playerPath(elo, 'custom:Ann'),
      playerPath(elo, 'custom:Bo'),
    ]);
  });
});
