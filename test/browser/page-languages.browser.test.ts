import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { boardUrl } from '../../src/domain/board-url';
import type { EntryState } from '../../src/domain/scoring';
import { SEEDED } from '../support/pipeline';
import { startTestTally, type TestTally } from '../support/tally';
import { Browser } from './chromium';

/**
 * A board page in German as a visitor's Chromium shows it (issue 32): asked for by the browser's
 * Accept-Language, and picked with the page's own switch (then remembered for the next page);
 * its picture (the card its preview shows) is the German one. PAGES_DE=<dir> saves the German
 * page and picture there for a person to look at.
 */
const SHOTS = process.env.PAGES_DE;

const VIEW = `({
  lang: document.documentElement.lang,
  ogLocale: document.querySelector('meta[property="og:locale"]')?.content ?? null,
  meta: document.querySelector('.meta').innerText,
  headers: [...document.querySelectorAll('thead th')].map((th) => th.innerText),
  rows: [...document.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((td) => td.innerText)),
  languages: [...document.querySelectorAll('nav.languages a')].map((a) => ({
    text: a.innerText, lang: a.lang, current: a.getAttribute('aria-current'),
  })),
  path: location.pathname + location.search,
})`;

interface View {
  lang: string;
  ogLocale: string | null;
  meta: string;
  headers: string[];
  rows: string[][];
  languages: { text: string; lang: string; current: string | null }[];
  path: string;
}

/** The browser's languages, as a visitor's settings send them (the DevTools protocol's header). */
async function acceptLanguage(browser: Browser, value: string) {
  // chromium.ts keeps its protocol call private; the call itself is Chromium's public API.
  const tab = (browser as unknown as { tab(method: string, params: object): Promise<unknown> }).tab;
  await tab.call(browser, 'Network.setExtraHTTPHeaders', { headers: { 'Accept-Language': value } });
}

describe('the public board page in German, in headless Chromium', () => {
  let tally: TestTally;
  let browser: Browser;
  let board: Board;
  let url: string;

  beforeAll(async () => {
    tally = await startTestTally();
    browser = await Browser.launch();
    const owner = await tally.owner();
    board = await tally.board({ ownerId: owner, type: 'Time', name: 'Any% Speedrun' });
    const times = [90_250, 61_000, 125_500, 3_723_004];
    const names = ['Ann', 'Bo', 'Jürgen', 'Zoë'];
    const states: EntryState[] = times.map((score, i) => ({
      playerId: `custom:p${i}`,
      playerName: names[i]!,
      score,
      elo: null,
      wins: null,
      draws: null,
      losses: null,
      submissions: (i + 1) * 1_111,
      lastSub: null,
    }));
    await tally.ctx.repos.db.transaction((tx) =>
      tally.ctx.repos.results.saveEntries(tx, board, states, SEEDED),
    );
    url = `${tally.url}${new URL(boardUrl(tally.config.publicUrl, board)).pathname}`;
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await tally?.stop();
  });

  it('GIVEN a browser that asks for German THEN the board page is German: lang, og:locale, labels, numbers, the live claim, and a screenshot', async () => {
    await acceptLanguage(browser, 'de-DE,de;q=0.9,en;q=0.8');
    await browser.goto(url);
    const view = await browser.evaluate<View>(VIEW);
    expect(view.lang).toBe('de');
    expect(view.ogLocale).toBe('de_DE');
    // The live script ran and said so in German.
    expect(view.meta).toBe('Zeit-Rangliste · wird live aktualisiert');
    expect(view.headers).toEqual(['Platz', 'Spieler', 'Zeit', 'Einsendungen']);
    expect(view.rows[0]).toEqual(['1', 'Bo', '1:01.000', '2.222']);
    expect(view.languages).toEqual([
      { text: 'English', lang: 'en', current: null },
      { text: 'Español', lang: 'es', current: null },
      { text: 'Português', lang: 'pt-BR', current: null },
      { text: 'Deutsch', lang: 'de', current: 'true' },
    ]);
    if (SHOTS) await browser.screenshotFull(`${SHOTS}/board.png`);
  });

  it('GIVEN a browser that asks for German THEN the picture the page shares is the German card, not the English one', async () => {
    await browser.clearCookies();
    await acceptLanguage(browser, 'de-DE,de;q=0.9');
    await browser.goto(url);
    const image = await browser.evaluate<string>(
      `document.querySelector('meta[property="og:image"]').content`,
    );
    const picture = `${tally.url}${new URL(image).pathname}${new URL(image).search}`;
    const bytes = async (language: string) =>
      Buffer.from(
        await (await fetch(picture, { headers: { 'accept-language': language } })).arrayBuffer(),
      );
    const [german, english] = [await bytes('de'), await bytes('en')];
    expect(Buffer.compare(german, english)).not.toBe(0);
    // What Chromium itself is served, with its German Accept-Language, is the German card (asked
    // from the page, whose policy lets it read its own site).
    const served = await browser.evaluate<string>(`fetch(${JSON.stringify(picture)})
      .then((r) => r.arrayBuffer())
      .then((b) => crypto.subtle.digest('SHA-256', b))
      .then((d) => [...new Uint8Array(d)].map((x) => x.toString(16).padStart(2, '0')).join(''))`);
    expect(served).toBe(createHash('sha256').update(german).digest('hex'));
    await browser.goto(picture);
    if (SHOTS) await browser.screenshot(`${SHOTS}/card.png`);
  });

  it('GIVEN an English visitor who clicks Deutsch THEN the page turns German and the next visit stays German', async () => {
    await browser.clearCookies();
    await acceptLanguage(browser, 'en-US,en;q=0.9');
    await browser.goto(url);
    expect((await browser.evaluate<View>(VIEW)).lang).toBe('en');

    await browser.click('nav.languages a[hreflang="de"]');
    const picked = await browser.evaluate<View>(VIEW);
    expect(picked.path).toMatch(/\?lang=de$/);
    expect(picked.lang).toBe('de');
    expect(picked.headers).toEqual(['Platz', 'Spieler', 'Zeit', 'Einsendungen']);

    // Remembered: the board's plain address, English browser and all, is German now.
    await browser.goto(url);
    const again = await browser.evaluate<View>(VIEW);
    expect(again.path).not.toContain('lang=');
    expect(again.lang).toBe('de');
    expect(again.meta).toBe('Zeit-Rangliste · wird live aktualisiert');
    if (SHOTS) await browser.screenshotFull(`${SHOTS}/board-after-switch.png`);

    await browser.click('nav.languages a[hreflang="en"]');
    expect((await browser.evaluate<View>(VIEW)).meta).toBe('Time board · updated live');
  });
});
