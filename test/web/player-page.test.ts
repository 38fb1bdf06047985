import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { createTeam } from '../../src/pipeline/boards';
import { addOwner } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from './pages-app';
import { items, links, section, text, title, withoutLiveScript } from './read-html';
import { clockFrom, custom, playerPath, playMatches, postScores, team } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };

describe(`a player's public page (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let ladder: Board;
  const ann = custom('Ann');
  const bo = custom('Bo');
  const cy = custom('Cy');
  const mo = custom('محمد');

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { limits: LIMITLESS });
    const owner = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owner, 'Test Server');
    ladder = await tally.board({ ownerId: owner, type: 'ELO', name: 'Ladder', windowHours: 0 });
    await playMatches(tally.ctx, ladder, clockFrom('2026-11-01T12:00:00Z'), [
      [ann, bo, 'team1'],
      [ann, cy, 'team1'],
      [bo, cy, 'team1'],
      [ann, bo, 'draw'],
      [cy, ann, 'team1'],
      [ann, mo, 'team1'],
    ]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  const visit = (path: string) => pages.get(path);
  const stats = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]),
    );

  it('GIVEN a ladder player THEN the page shows rank of N, rating, peak, record, win rate and streaks', async () => {
    const res = await visit(playerPath(ladder, 'custom:Ann'));
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(title(res.text)).toBe('Ann — Ladder');
    expect(text(section(res.text, 'p', 'meta'))).toBe('#1 of 4 on Ladder · refresh for the latest');
    // W W D L W: 3–1–1, on a one-win streak, two wins in a row at best; 1000 +16 +15 −1 −19 +15.
    expect(stats(res.text)).toEqual({
      Rating: '1026',
      Peak: '1031',
      'Wins–draws–losses': '3–1–1',
      'Win rate': '60%',
      Streak: '1 win',
      'Longest win streak': '2',
    });
    expect(withoutLiveScript(res.text)).not.toMatch(/<script/i);
  });

  it('GIVEN a ladder player THEN the last matches read newest first and name each opponent with a link to their page', async () => {
    const res = await visit(playerPath(ladder, 'custom:Ann'));
    const matches = /<h2>Last matches<\/h2>\s*<ol class="matches[^"]*">([\s\S]*?)<\/ol>/.exec(
      res.text,
    );
    expect(items(matches?.[1] ?? '').map((line) => line.replace(/ · \d+ Nov 2026/, ''))).toEqual([
      'W vs محمد +15 Match #6',
      'L vs Cy −19 Match #5',
      'D vs Bo −1 Match #4',
      'W vs Cy +15 Match #2',
      'W vs Bo +16 Match #1',
    ]);
    const opponents = links(matches?.[1] ?? '');
    expect(opponents.map((l) => l.href)).toContain(playerPath(ladder, 'custom:محمد'));
    for (const { href } of opponents) expect((await visit(href)).status, href).toBe(200);
  });

  it('GIVEN a player with history THEN the value over time is an inline SVG chart: no script, no picture to fetch', async () => {
    const res = await visit(playerPath(ladder, 'custom:Bo'));
    const figure = /<figure class="chart">([\s\S]*?)<\/figure>/.exec(res.text)?.[1] ?? '';
    // Wide for a desktop, narrow for a phone; the stylesheet shows one.
    const svgs = [...figure.matchAll(/<div class="(wide|narrow)"><svg [^>]*viewBox="([^"]*)"/g)];
    expect(svgs.map((m) => [m[1], m[2]])).toEqual([
      ['wide', '0 0 720 320'],
      ['narrow', '0 0 320 260'],
    ]);
    expect(figure.match(/<\/svg>/g)).toHaveLength(2);
    expect(text(figure)).toContain('Rating over time'); // no season on this board
    expect(withoutLiveScript(res.text)).not.toMatch(/<script|<img|<object|<iframe/i);
  });

  it('GIVEN ?vs= another player THEN the page shows the record between the two and only their matches', async () => {
    const res = await visit(`${playerPath(ladder, 'custom:Ann')}?vs=custom%3ABo`);
    expect(res.status, res.text).toBe(200);
    expect(title(res.text)).toBe('Ann vs Bo — Ladder');
    expect(text(res.text)).toContain('Head to head: Ann vs Bo');
    expect(text(section(res.text, 'p', 'record-line'))).toBe('Ann leads Bo 1–0 (1 draw)');
    expect(text(res.text)).toContain('1–1–0 (wins–draws–losses) · net +15 rating');
    const h2h = /Head to head:[\s\S]*?<ol class="matches[^"]*">([\s\S]*?)<\/ol>/.exec(
      res.text,
    )?.[1];
    expect(items(h2h ?? '').map((line) => line.replace(/ · \d+ Nov 2026/, ''))).toEqual([
      'D vs Bo −1 Match #4',
      'W vs Bo +16 Match #1',
    ]);
  });

  it('GIVEN a player page THEN a form without script picks an opponent among the recent ones, and links do the same', async () => {
    const res = await visit(playerPath(ladder, 'custom:Ann'));
    const form = /<form class="vs" method="get" action="([^"]*)">([\s\S]*?)<\/form>/.exec(res.text);
    expect(form?.[1]).toBe(playerPath(ladder, 'custom:Ann'));
    const options = [...(form?.[2] ?? '').matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
    expect(options).toEqual(['custom:محمد', 'custom:Cy', 'custom:Bo']);
    // What the browser sends when the form is submitted: ?vs=<the option's value>.
    const picked = await visit(`${form?.[1]}?${new URLSearchParams({ vs: 'custom:Cy' })}`);
    expect(text(section(picked.text, 'p', 'record-line'))).toBe('Ann and Cy are level at 1–1');
    expect(picked.text).toContain('<option value="custom:Cy" selected>');
    const quick = links(section(res.text, 'p', 'note'));
    expect(quick.map((l) => l.label)).toEqual(['محمد', 'Cy', 'Bo']);
    expect(quick[2]?.href).toBe(`${playerPath(ladder, 'custom:Ann')}?vs=custom%3ABo`);
  });

  it('GIVEN a fixed-teams league THEN a team (team:<n>) has its page, with points and its opponents', async () => {
    const league = await tally.board({
      ownerId: ladder.ownerId,
      type: 'League',
      fixedTeams: true,
      windowHours: 0,
      name: 'Cup',
    });
    const reds = await createTeam(tally.ctx, league.ownerId, league.id, 'Reds');
    const blues = await createTeam(tally.ctx, league.ownerId, league.id, 'Blues');
    await playMatches(tally.ctx, league, clockFrom('2026-11-02T18:00:00Z'), [
      [team(reds.teamId), team(blues.teamId), [3, 1]],
      [team(blues.teamId), team(reds.teamId), [2, 2]],
    ]);
    const path = playerPath(league, `team:${reds.pk}`);
    expect(path).toMatch(/\/players\/team%3A\d+$/);
    const res = await visit(path);
    expect(res.status, res.text).toBe(200);
    expect(title(res.text)).toBe('Reds — Cup');
    expect(stats(res.text)).toMatchObject({ Points: '4', 'Wins–draws–losses': '1–1–0' });
    expect(text(res.text)).toContain('W vs Blues 3–1');
    expect(text(res.text)).toContain('D vs Blues 2–2');
  });

  it('GIVEN a score board THEN a player page shows the score (which is the best: never twice), the submissions newest first, and no matches', async () => {
    const arcade = await tally.board({
      ownerId: ladder.ownerId,
      type: 'Highscore',
      windowHours: 0,
      name: 'Arcade',
    });
    await postScores(tally.ctx, arcade, clockFrom('2026-11-03T09:00:00Z'), [
      [custom('Robin'), 1200],
      [custom('Robin'), 900],
      [custom('Sam'), 2500],
    ]);
    const res = await visit(playerPath(arcade, 'custom:Robin'));
    expect(res.status, res.text).toBe(200);
    expect(text(section(res.text, 'p', 'meta'))).toBe('#2 of 2 on Arcade · refresh for the latest');
    expect(stats(res.text)).toEqual({ Score: '1,200', Submissions: '2' });
    expect(text(section(res.text, 'ol', 'submitted'))).toMatch(
      /^900 2026-11-03 21:00 UTC\s+1,200 2026-11-03 09:00 UTC$/,
    );
    expect(res.text).not.toContain('Last matches');
    expect(res.text).not.toContain('Head to head');
  });

  it('GIVEN an unknown player, a malformed id or a bad ?vs= THEN a 404 or 400 page that says which', async () => {
    const cases: [string, number, string][] = [
      [playerPath(ladder, 'custom:Nobody'), 404, 'Player not found'],
      [playerPath(ladder, 'chat:123456789012345678'), 404, 'Player not found'],
      [playerPath(ladder, 'nope'), 400, 'Bad page link'],
      [playerPath(ladder, 'chat:12'), 400, 'Bad page link'],
      [`${playerPath(ladder, 'custom:Ann')}?vs=nope`, 400, 'Bad page link'],
      [`${playerPath(ladder, 'custom:Ann')}?vs=custom%3AAnn`, 400, 'Bad page link'],
      [`${playerPath(ladder, 'custom:Ann')}?vs=custom%3ANobody`, 404, 'Player not found'],
      [`${playerPath(ladder, 'custom:Ann')}?vs=a&vs=b`, 400, 'Bad page link'],
      [
        playerPath({ ownerId: ladder.ownerId, id: 'board_999999' }, 'custom:Ann'),
        404,
        'Board not found',
      ],
    ];
    for (const [path, status, heading] of cases) {
      const res = await visit(path);
      expect(res.status, path).toBe(status);
      expect(title(res.text), path).toBe(heading);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(withoutLiveScript(res.text)).not.toMatch(/<script/i);
    }
  });
});
