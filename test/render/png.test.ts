import satori from 'satori';
import { describe, expect, it } from 'vitest';
import { CARD, cardElement, ROW_HEIGHT } from '../../src/render/card';
import { draw, toPng } from '../../src/render/draw';
import { THEMES } from '../../src/render/elements';
import { latinFace } from '../../src/render/font-catalog';
import { satoriFonts } from '../../src/render/fonts';
import { PLACEHOLDER } from '../../src/render/text-prep';
import { graphemes } from '../../src/render/text-width';
import type { CardData, ChartData } from '../../src/render/types';
import { count, decode, differing, ink, keep, rgb, SCRIPTS, type Pixels } from './pictures';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dark = THEMES.dark;

const card = (names: string[], extra: Partial<CardData> = {}): CardData => ({
  title: 'Spring Ladder',
  subtitle: 'ELO · Season 3 (Spring)',
  footer: '12 players · updated 24 Nov 2026',
  rows: names.map((name, i) => ({
    rank: i + 1,
    name,
    value: (1600 - i * 37).toLocaleString('en-US'),
    record: '10-2-3',
  })),
  ...extra,
});

/** The same card drawn with Noto Sans Latin only and no emoji loader: what tofu would look like. */
async function withoutOurFallbacks(data: CardData): Promise<Pixels> {
  const { element } = cardElement(data);
  const latin = satoriFonts([
    { face: latinFace(), weight: 400 },
    { face: latinFace(), weight: 700 },
  ]);
  return decode(toPng(await satori(element, { ...CARD, fonts: latin }), CARD.scale));
}

/** The top of the first row: the first pixel of the first row's background down the left edge. */
/** Per row, how many pixels our card differs from the same card with Latin-only fonts. */
async function rowDiffs(data: CardData): Promise<number[]> {
  const ours = decode(await draw({ kind: 'card', data }));
  const tofu = await withoutOurFallbacks(data);
  const top = firstRowTop(ours);
  const band = ROW_HEIGHT * CARD.scale;
  return data.rows.map((_, i) => differing(ours, tofu, top + i * band, top + (i + 1) * band));
}

function firstRowTop(img: Pixels): number {
  const [r, g, b] = rgb(dark.row);
  const x = 26 * CARD.scale;
  for (let y = 0; y < img.height; y++) {
    const i = (y * img.width + x) * 4;
    if (img.data[i] === r && img.data[i + 1] === g && img.data[i + 2] === b) return y;
  }
  throw new Error('no row found');
}

describe('the leaderboard card PNG', () => {
  it('GIVEN ten rows in mixed scripts THEN a 1200×630 PNG with visible content', async () => {
    const names = [
      ...SCRIPTS.map(([, name]) => name),
      'Gamer 🎮🔥',
      'สวัสดี Thai',
      'A name long enough to be cut with an ellipsis at the end',
      '👩‍💻',
    ];
    const png = await draw({ kind: 'card', data: card(names) });
    keep('card-mixed-dark', png);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const img = decode(png);
    expect([img.width, img.height]).toEqual([1200, 630]);
    expect(ink(img, dark.bg)).toBeGreaterThan(0.03 * img.width * img.height); // text
    const orange = count(img, (r, g, b) => r > 220 && g > 110 && g < 180 && b < 60); // 🔥
    expect(orange).toBeGreaterThan(50);
  });

  it.each(SCRIPTS)(
    'GIVEN %s letters THEN each is drawn by a font, not as .notdef boxes',
    async (script, name) => {
      const letters = [...new Set(graphemes(name.replace(/\s/g, '')))].slice(0, 9);
      const data = card(['Robin', ...letters]); // the first row, Latin, is the control
      const diffs = await rowDiffs(data);
      expect(diffs[0]).toBe(0); // same layout: only the fonts differ
      if (script === 'Latin') return; // the reference's own font draws these
      for (const d of diffs.slice(1)) expect(d).toBeGreaterThan(40);
    },
  );

  it('GIVEN emoji THEN Twemoji pictures, not boxes', async () => {
    const data = card(['Robin', '🎮', '🔥', '🇯🇵']);
    const diffs = await rowDiffs(data);
    expect(diffs[0]).toBe(0);
    for (const d of diffs.slice(1)) expect(d).toBeGreaterThan(40);
  });

  it('GIVEN symbols in a title and names THEN Noto Sans Symbols 2 glyphs, not placeholders', async () => {
    const symbols = card(['♞', '★', '✓'], { title: 'Chess Ladder ♞' });
    const placeholders = card([PLACEHOLDER, PLACEHOLDER, PLACEHOLDER], {
      title: `Chess Ladder ${PLACEHOLDER}`,
    });
    const png = await draw({ kind: 'card', data: symbols });
    keep('card-symbols', png);
    const ours = decode(png);
    const broken = decode(await draw({ kind: 'card', data: placeholders }));
    const title = [16 * CARD.scale, 46 * CARD.scale];
    expect(differing(ours, broken, title[0], title[1])).toBeGreaterThan(100);
    const top = firstRowTop(ours);
    const band = ROW_HEIGHT * CARD.scale;
    for (let i = 0; i < 3; i++) {
      expect(differing(ours, broken, top + i * band, top + (i + 1) * band)).toBeGreaterThan(40);
    }
  });

  it('GIVEN a light card with no rows THEN it says so on a light background', async () => {
    const png = await draw({ kind: 'card', data: card([], { theme: 'light', footer: undefined }) });
    keep('card-empty-light', png);
    const img = decode(png);
    expect(img.data.subarray(0, 3)).toEqual(Buffer.from(rgb(THEMES.light.bg)));
    expect(ink(img, THEMES.light.bg)).toBeGreaterThan(2000);
  });
});

describe('the history chart PNG', () => {
  const DAY = 86_400_000;
  const chart: ChartData = {
    title: 'Robin Hale 🎮 李小龙 · Ladder',
    valueLabel: 'rating',
    points: [1000, 1016, 1031, 1012, 1040, 1090, 1075, 1120, 1534].map((value, i) => ({
      at: Date.UTC(2026, 10, 3) + i * 2.3 * DAY,
      value,
    })),
  };

  it('GIVEN a series THEN a 1200×600 PNG with the line, the title and the axis labels', async () => {
    const png = await draw({ kind: 'chart', data: chart });
    keep('chart-dark', png);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const img = decode(png);
    expect([img.width, img.height]).toEqual([1200, 600]);
    const [lr, lg, lb] = rgb(dark.accent);
    expect(count(img, (r, g, b) => r === lr && g === lg && b === lb)).toBeGreaterThan(1000); // the line
    expect(ink(img, dark.bg, [0, 0, 1200, 60])).toBeGreaterThan(2000); // the title (satori)
    expect(ink(img, dark.bg, [0, 120, 110, 560])).toBeGreaterThan(500); // y labels (resvg, Noto Sans)
  });

  it('GIVEN a time board with one point in light THEN still a picture', async () => {
    const one: ChartData = {
      ...chart,
      format: 'time',
      theme: 'light',
      points: [{ at: Date.UTC(2026, 10, 3), value: 62_500 }],
    };
    const png = await draw({ kind: 'chart', data: one });
    keep('chart-single-light', png);
    expect(ink(decode(png), THEMES.light.bg)).toBeGreaterThan(3000);
  });

  it('GIVEN no points THEN the render fails with an Error', async () => {
    await expect(draw({ kind: 'chart', data: { ...chart, points: [] } })).rejects.toThrow(
      /at least one point/,
    );
  });
});
