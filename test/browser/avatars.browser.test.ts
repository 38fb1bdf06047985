import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAvatars, recordServerIcon } from '../../src/pipeline/avatars';
import { addOwner } from '../../src/pipeline/owners';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from '../web/pages-app';
import { boardPath, clockFrom, ownerPath, playerPath, postScores } from '../web/seed';
import { Browser, SCREENS } from './chromium';

/**
 * Issue 29 item 2 in Chromium: the index with the server's icon and its boards' leaders, a board
 * with podium and standings, a player page, at 1366 and 390 px, light and dark. Every avatar is a
 * picture that loaded (the CDN is a local server here: DISCORD_CDN_URL, which the CSP then names)
 * at the size it declares, round, beside its name; members without one get the fallback circle of
 * the same size; nothing pushes the page sideways. AVATAR_SCREENSHOTS=<dir> saves each view.
 */
const SHOTS = process.env.AVATAR_SCREENSHOTS;

interface Shown {
  scrollWidth: number;
  clientWidth: number;
  pictures: {
    w: number;
    h: number;
    declared: number;
    loaded: boolean;
    radius: string;
    right: number;
  }[];
  fallbacks: { w: number; h: number; declared: number; text: string; right: number }[];
}

const SHOWN = `(() => {
  const size = (el) => parseFloat(el.style.getPropertyValue('--avatar'));
  return {
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    pictures: [...document.querySelectorAll('img.avatar')].map((img) => {
      const r = img.getBoundingClientRect();
      return { w: r.width, h: r.height, declared: size(img), loaded: img.complete && img.naturalWidth > 0,
        radius: getComputedStyle(img).borderRadius, right: r.right };
    }),
    fallbacks: [...document.querySelectorAll('span.avatar.fallback')].map((s) => {
      const r = s.getBoundingClientRect();
      return { w: r.width, h: r.height, declared: size(s), text: getComputedStyle(s, '::before').content, right: r.right };
    }),
  };
})()`;

describe('avatars and server icons in Chromium', () => {
  let cdn: Server;
  let tally: TestTally;
  let pages: PagesApp;
  let browser: Browser;
  const views: Record<string, string> = {};
  const asked: string[] = [];

  beforeAll(async () => {
    const picture = await sharp({
      create: { width: 128, height: 128, channels: 3, background: '#2f9e6e' },
    })
      .webp()
      .toBuffer();
    cdn = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/webp' }).end(picture);
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    tally = await startTestTally({ DISCORD_CDN_URL: base }, { worker: false });
    pages = await servePages(tally.ctx, {
      limits: { pagesPerMinute: 100_000, imagesPerMinute: 100_000 },
    });
    const guild = nextSnowflake();
    const owner = `guild:${guild}`;
    await addOwner(
      tally.ctx,
      owner,
      'The Extraordinarily Long-Named Speedrunning Community Server',
    );
    await recordServerIcon(tally.ctx, guild, 'e'.repeat(32));
    const people = Array.from({ length: 6 }, () => nextSnowflake());
    await recordAvatars(
      tally.ctx,
      owner,
      people.map((userId, i) => ({
        userId,
        avatar: i % 2 === 0 ? String(i).repeat(32) : null,
        guildAvatar: null,
      })),
    );
    const board = await tally.board({
      ownerId: owner,
      type: 'Highscore',
      name: 'Any%',
      windowHours: 0,
    });
    await postScores(
      tally.ctx,
      board,
      clockFrom('2026-11-01T00:00:00Z'),
      people.map((id, i) => [{ chat_id: id }, 1000 - i * 10] as [Record<string, unknown>, number]),
    );
    views.index = ownerPath(owner);
    views.board = boardPath(board);
    views.player = playerPath(board, `chat:${people[0]}`);
    browser = await Browser.launch();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await tally?.stop();
    cdn?.closeAllConnections();
    await new Promise((resolve) => cdn?.close(resolve));
  });

  for (const screen of SCREENS)
    for (const dark of [false, true])
      it(`GIVEN a ${screen.name} (${screen.width} px) visitor, ${dark ? 'dark' : 'light'} THEN every avatar is a loaded picture or the fallback, at its size, on the screen, the server icon a rounded square`, async () => {
        await browser.viewport(screen.width, screen.height, screen.mobile);
        await browser.preferDark(dark);
        for (const [name, path] of Object.entries(views)) {
          await browser.goto(`${pages.url}${path}`);
          // Lazy pictures below the fold load once scrolled to: bring every one into view.
          await browser.evaluate(`[...document.images].forEach((i) => { i.loading = 'eager'; })`);
          for (let i = 0; i < 100; i++) {
            const done = await browser.evaluate<boolean>(
              `[...document.images].every((i) => i.complete)`,
            );
            if (done) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const shown = await browser.evaluate<Shown>(SHOWN);
          expect(shown.scrollWidth, `${name}: wider than the screen`).toBeLessThanOrEqual(
            shown.clientWidth,
          );
          expect(shown.pictures.length, name).toBeGreaterThan(0);
          for (const p of shown.pictures) {
            expect(p.loaded, `${name}: a picture did not load`).toBe(true);
            expect([p.w, p.h], name).toEqual([p.declared, p.declared]);
            expect(p.right, name).toBeLessThanOrEqual(shown.clientWidth);
          }
          for (const f of shown.fallbacks) {
            expect([f.w, f.h], name).toEqual([f.declared, f.declared]);
            expect(f.text, name).toBe('"M"'); // "member <id>": no name was looked up
            expect(f.right, name).toBeLessThanOrEqual(shown.clientWidth);
          }
          if (name !== 'player') expect(shown.fallbacks.length, name).toBeGreaterThan(0);
          if (name === 'index') {
            // The server's icon is a rounded square, loaded from the CDN; people are circles.
            const shapes = await browser.evaluate<{ icon: string; person: string }>(`({
              icon: getComputedStyle(document.querySelector('header.server img.avatar')).borderRadius,
              person: getComputedStyle(document.querySelector('.leaders .avatar')).borderRadius,
            })`);
            expect(shapes, `index at ${screen.width} px`).toEqual({ icon: '30%', person: '50%' });
            expect(asked.some((u) => u.startsWith('/icons/'))).toBe(true);
          }
          if (SHOTS)
            await browser.screenshotFull(
              join(SHOTS, `avatars-${name}-${screen.name}-${dark ? 'dark' : 'light'}.png`),
            );
        }
      });
});
