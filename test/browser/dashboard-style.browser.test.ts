import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSession } from '../../entities/web-session';
import { dashboardHtml, postForm } from '../../src/web/dashboard/layout';
import { wordsFor } from '../../src/web/dashboard/words';
import { Browser, SCREENS } from './chromium';

/**
 * The dashboard's stylesheet in Chromium, on markup shaped like its pages' (no server: the page
 * is a file): defects the screenshots showed at 1280 and 390 px, light and dark. A checkbox whose
 * label wraps shrank to a dot (the Private setting on a phone); a table squeezed on a phone broke
 * every word mid-word ("Rati/ng", "boards:r/ead") and stood the Revoke button's letters one per
 * line, rather than scrolling in its box; the danger button's white label on dark mode's
 * light red was hard to read; and a panel opening with a paragraph or a list (a submission's
 * record, the delete confirmation) had a blank line above it, and one below its last.
 */

const session = { csrfToken: 'token', userName: 'Ada Admin' } as WebSession;
const revoke = postForm(session, '/revoke', '', { label: 'Revoke', kind: 'danger' });
const SCOPES = 'boards:read entries:read matches:read matches:write scores:write';
const BODY = `<h1>Style</h1>
<div class="scroll" id="boards"><table><thead><tr><th>Board</th><th>Type</th><th></th></tr></thead><tbody>
<tr><td>Sky Paintings</td><td><span class="one">Rating</span></td><td><a href="#">Public page</a> · <a href="#">Vote and submit</a> · <a href="#">Settings</a> · <a href="#">Review</a></td></tr>
</tbody></table></div>
<div class="scroll" id="keys"><table><thead><tr><th>Key</th><th>Kind</th><th>Scopes</th><th>Ends</th><th>Minted</th><th></th></tr></thead><tbody>
<tr><td>Cup site</td><td><span class="one">live</span></td><td>${SCOPES}</td><td><code class="one">…sk_live_…PODI</code></td><td>27 Nov 2026</td><td>${revoke}</td></tr>
</tbody></table></div>
<section class="panel"><form class="stack">
<label class="check" id="short"><input type="checkbox" name="evidence"> Chat reports need evidence</label>
<label class="check" id="long"><input type="checkbox" name="private" checked> Private: hidden from the public pages; members of this server see it when signed in</label>
</form></section>
<section class="panel">${postForm(session, '/delete', '', { label: 'Remove it from the board', kind: 'danger' })}</section>
<section class="panel" id="record"><dl><dt>Team 1 · won</dt><dd><ul><li>Ali — 1016</li></ul></dd></dl><p>Its entries and history go with it.</p></section>`;

/** What the checks read: sizes, lines, colours and whether anything pushes the page sideways. */
const MEASURE = `(() => {
  const lines = (el) => {
    const style = getComputedStyle(el);
    return Math.round((el.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / parseFloat(style.lineHeight));
  };
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.width, r.height]; };
  const danger = document.querySelector('button.danger');
  return {
    wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    shortBox: box('#short input'),
    longBox: box('#long input'),
    /* An inline element has one box per line it takes. */
    oneWord: [...document.querySelectorAll('.one')].map((el) => [el.textContent, el.getClientRects().length]),
    buttons: [...document.querySelectorAll('td button')].map((b) => [b.textContent, lines(b)]),
    scopes: [...document.querySelectorAll('#keys td')][2].innerText.split(/\\n/),
    danger: [getComputedStyle(danger).color, getComputedStyle(danger).backgroundColor],
    /* Space inside the panel's padding above its first child and below its last, in px. */
    panelGaps: (() => {
      const panel = document.querySelector('#record');
      const style = getComputedStyle(panel);
      const inner = panel.getBoundingClientRect();
      const top = inner.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
      const bottom = inner.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom);
      return [
        Math.round(panel.firstElementChild.getBoundingClientRect().top - top),
        Math.round(bottom - panel.lastElementChild.getBoundingClientRect().bottom),
      ];
    })(),
  };
})()`;

interface Measured {
  wide: boolean;
  shortBox: [number, number];
  longBox: [number, number];
  oneWord: [string, number][];
  buttons: [string, number][];
  scopes: string[];
  danger: [string, string];
  panelGaps: [number, number];
}

/** WCAG 2 contrast of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the dashboard stylesheet in headless Chromium', () => {
  let browser: Browser;
  let dir: string;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tally-dashboard-style-'));
    const file = join(dir, 'page.html');
    writeFileSync(file, dashboardHtml('Style', BODY, { session, w: wordsFor('en') }));
    url = pathToFileURL(file).href;
    browser = await Browser.launch();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const screen of [{ ...SCREENS[0], width: 1280 }, SCREENS[1]])
    for (const dark of [false, true])
      it(`GIVEN a ${screen.width} px screen, ${dark ? 'dark' : 'light'} THEN checkboxes keep their size, table cells and buttons break between words only, a danger button is readable, and a panel's text starts at its padding`, async () => {
        await browser.viewport(screen.width, screen.height, screen.mobile);
        await browser.preferDark(dark);
        await browser.goto(url);
        const m = await browser.evaluate<Measured>(MEASURE);
        const where = `${screen.width} px, ${dark ? 'dark' : 'light'}`;
        expect(m.wide, `${where}: the page scrolls sideways`).toBe(false);
        expect(m.longBox, `${where}: a checkbox with a long label`).toEqual(m.shortBox);
        expect(m.shortBox[0], where).toBeGreaterThanOrEqual(12);
        expect(m.oneWord, `${where}: a word split across lines`).toEqual(
          m.oneWord.map(([word]) => [word, 1]),
        );
        expect(m.buttons, `${where}: a button's label wraps`).toEqual([['Revoke', 1]]);
        for (const line of m.scopes)
          expect(SCOPES.split(' '), `${where}: a scope split mid-word`).toEqual(
            expect.arrayContaining(line.split(' ')),
          );
        expect(
          contrast(...m.danger),
          `${where}: danger button ${m.danger.join(' on ')}`,
        ).toBeGreaterThanOrEqual(4.5);
        expect(m.panelGaps, `${where}: blank space above and below a panel's text`).toEqual([0, 0]);
      });
});
