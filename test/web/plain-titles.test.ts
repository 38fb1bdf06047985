import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { hasBidiControl } from '../../src/domain/plain-text';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { RecordingRenderer, servePages, type PagesApp } from './pages-app';
import { metaTag, title } from './read-html';
import { boardPath, clockFrom, custom, ownerPath, playerPath, playMatches } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };
const RLO = '\u202E'; // right-to-left override, never closed
const RLI = '\u2067'; // right-to-left isolate, never closed

/** Every plain-text place a name reaches: the tab title, the unfurl's tags, the SVG titles. */
function plainTexts(html: string): Record<string, string> {
  const found: Record<string, string> = { title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '' };
  for (const key of ['og:title', 'og:description', 'og:image:alt', 'description'])
    found[key] = metaTag(html, key) ?? '';
  [...html.matchAll(/<svg [^>]*><title>([^<]*)<\/title>/g)].forEach((m, i) => {
    found[`svg title ${i + 1}`] = m[1]!;
  });
  return found;
}

describe(`names with bidi controls on the public pages (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let ladder: Board;
  let ownerId: string;
  const evil = custom(`${RLO}live`);
  const iso = custom(`${RLI}Mo`);

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { renderer: new RecordingRenderer(), limits: LIMITLESS });
    ownerId = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, ownerId, `${RLO}revreS`); // a Discord server's name, as it came
    ladder = await tally.board({ ownerId, type: 'ELO', name: 'Ladder', windowHours: 0 });
    await playMatches(tally.ctx, ladder, clockFrom('2026-11-01T12:00:00Z'), [
      [evil, iso, 'team1'],
      [evil, custom('Ann'), 'team1'],
    ]);
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN a player named with U+202E THEN the title, og:title, og:image:alt and the SVG titles carry no bidi control, and the body still isolates the name', async () => {
    const page = await pages.get(playerPath(ladder, `custom:${RLO}live`));
    expect(page.status, page.text).toBe(200);
    const texts = plainTexts(page.text);
    expect(texts).toMatchObject({
      title: 'live — Ladder',
      'og:title': 'live — Ladder',
      'og:image:alt': "live's rating over time",
      'svg title 1': 'live · Ladder (rating)',
      'svg title 2': 'live · Ladder (rating)',
    });
    for (const [where, text] of Object.entries(texts))
      expect(hasBidiControl(text), `${where}: ${JSON.stringify(text)}`).toBe(false);
    expect(page.text).toMatch(new RegExp(`<h1 class="with-avatar">.*<bdi>${RLO}live</bdi></h1>`));
  });

  it('GIVEN head to head, the board, its season archive and the server index THEN no plain-text place carries a bidi control', async () => {
    const board = await tally.board({ ownerId, type: 'ELO', name: 'Cup', windowHours: 0 });
    await playMatches(tally.ctx, board, clockFrom('2026-10-01T12:00:00Z'), [[evil, iso, 'team1']]);
    await startSeason(tally.ctx, ownerId, board.id, { name: 'Autumn' });
    await endSeason(tally.ctx, ownerId, board.id);
    const paths = [
      `${playerPath(ladder, `custom:${RLO}live`)}?vs=${encodeURIComponent(`custom:${RLI}Mo`)}`,
      boardPath(ladder),
      `${boardPath(board)}?season=1`,
      ownerPath(ownerId),
    ];
    for (const path of paths) {
      const page = await pages.get(path);
      expect(page.status, path).toBe(200);
      for (const [where, text] of Object.entries(plainTexts(page.text)))
        expect(hasBidiControl(text), `${path} ${where}: ${JSON.stringify(text)}`).toBe(false);
    }
    const h2h = await pages.get(paths[0]!);
    expect(title(h2h.text)).toBe('live vs Mo — Ladder');
    expect(metaTag((await pages.get(boardPath(ladder))).text, 'og:description')).toBe(
      'Top 3: live (1031) · Ann (985) · Mo (984)',
    );
    expect(title((await pages.get(ownerPath(ownerId))).text)).toBe('revreS');
  });
});
