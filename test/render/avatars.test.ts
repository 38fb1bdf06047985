import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD } from '../../src/render/card';
import { THEMES } from '../../src/render/elements';
import { createRenderer } from '../../src/render';
import type { CardData } from '../../src/render/types';
import { count, decode, keep, rgb, type Pixels } from './pictures';

/**
 * Issue 29 item 2 on the card: each row's avatar is fetched from the CDN when the card is drawn
 * and drawn beside the name; without one, or when the fetch fails or is slow, the member's initial
 * on their colour. Tests cannot reach Discord: a local server stands in for its CDN (the address
 * is whatever DISCORD_CDN_URL made it), serving a plain red picture, or never answering.
 */
let cdn: Server;
let base: string;
let asked = 0;

beforeAll(async () => {
  const red = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  cdn = createServer((req, res) => {
    asked++;
    if (req.url?.startsWith('/hang/')) return; // never answers
    if (!req.url?.startsWith('/avatars/')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(red);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cdn.closeAllConnections();
  await new Promise((resolve) => cdn.close(resolve));
});

const card = (url: string | null): CardData => ({
  title: 'Arcade',
  subtitle: 'Highscore',
  rows: [
    { rank: 1, name: 'Robin', value: '50', avatar: { url, initial: 'R', colour: '#5865f2' } },
    { rank: 2, name: 'Sam', value: '40' },
  ],
});

/** Pure red pixels in the first row's avatar slot (after the rank, before the name). */
function redInAvatarSlot(img: Pixels): number {
  const [r, g, b] = rgb(THEMES.dark.row);
  const x = 26 * CARD.scale;
  let top = 0;
  while (top < img.height) {
    const i = (top * img.width + x) * 4;
    if (img.data[i] === r && img.data[i + 1] === g && img.data[i + 2] === b) break;
    top++;
  }
  const slot = [66 * CARD.scale, top, 96 * CARD.scale, top + 20 * CARD.scale] as const;
  return count(img, (R, G, B) => R > 230 && G < 30 && B < 30, [...slot]);
}

describe('avatars on the card', () => {
  it('GIVEN a picture on the CDN THEN it is drawn at its place; without one the fallback, and the PNGs differ', async () => {
    const renderer = createRenderer({ threads: 0, cacheEntries: 0 });
    try {
      const withPicture = await renderer.card('a', card(`${base}/avatars/1/x.png?size=32`));
      const without = await renderer.card('b', card(null));
      keep('card-avatar', withPicture);
      expect(redInAvatarSlot(decode(withPicture))).toBeGreaterThan(500); // ~32×32 drawn at 2×
      expect(redInAvatarSlot(decode(without))).toBe(0);
      expect(withPicture.equals(without)).toBe(false);
      // The fallback is drawn: the member's colour fills the slot.
      const [R, G, B] = rgb('#5865f2');
      const blurple = count(decode(without), (r, g, b) => r === R && g === G && b === B);
      expect(blurple).toBeGreaterThan(300);
    } finally {
      await renderer.close();
    }
  });

  it('GIVEN a CDN that does not answer, or refuses THEN the card comes within the timeout with the fallback; the failure is not asked again at once', async () => {
    const renderer = createRenderer({
      threads: 0,
      cacheEntries: 0,
      avatars: { timeoutMs: 300 },
    });
    try {
      const fallback = await renderer.card('n', card(null));
      const started = Date.now();
      const slow = await renderer.card('s', card(`${base}/hang/1.png`));
      expect(Date.now() - started).toBeLessThan(3000);
      expect(slow.equals(fallback)).toBe(true);
      expect((await renderer.card('m', card(`${base}/missing/1.png`))).equals(fallback)).toBe(true);
      const before = asked;
      await renderer.card('m2', card(`${base}/missing/1.png`));
      expect(asked).toBe(before); // remembered for a while
      // A picture fetched once is kept: drawing again asks the CDN nothing.
      await renderer.card('p1', card(`${base}/avatars/2/y.png`));
      const after = asked;
      await renderer.card('p2', card(`${base}/avatars/2/y.png`));
      expect(asked).toBe(after);
    } finally {
      await renderer.close();
    }
  });
});
