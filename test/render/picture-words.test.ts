import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/domain/i18n';
import { pictureLanguage } from '../../src/domain/picture-words';
import { createRenderer, type Renderer } from '../../src/render';
import { cardElement } from '../../src/render/card';
import { chartSvg } from '../../src/render/chart-svg';
import type { CardData, ChartData } from '../../src/render/types';
import { ENGLISH } from '../../src/render/words';
import { decode } from './pictures';

/**
 * Issue 32: the pictures in the reader's language. The renderer draws its own words (the chart's
 * summary, its dates and numbers, an empty card's line) from the catalogue's `pictures` part
 * handed to it with the language, keys its cache by that language, and is English without it.
 */
/** PICTURES_DE=<dir>: where to save the German pictures, to look at. */
const SHOTS = process.env.PICTURES_DE;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 3, 18, 30);
const ladder: ChartData = {
  title: 'Robin Hale · Ladder',
  valueLabel: 'rating',
  points: [1000, 1016, 1031, 1012, 1040, 1534].map((value, i) => ({ at: T0 + i * 3 * DAY, value })),
};
const size = { width: 600, height: 300 };
const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const desc = (svg: string) => /<desc>([^<]*)<\/desc>/.exec(svg)?.[1];

/** Every string in a satori element tree (what the card draws as text). */
function strings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(strings);
  if (node && typeof node === 'object' && 'props' in node) {
    return strings((node as { props: { children?: unknown } }).props.children);
  }
  return [];
}

describe("the renderer's English is the catalogue's", () => {
  it('GIVEN the render layer, which may not import the catalogue THEN its English words are the English pictures part, word for word', () => {
    const english = CATALOGUES.en.pictures;
    expect(ENGLISH.card.noEntries).toBe(english.card.noEntries);
    expect(ENGLISH.chart).toEqual(english.chart);
  });
});

describe('the chart in each language', () => {
  it.each<[string, string, string[], string]>([
    [
      'de',
      'Wertung: aktuell 1.534 · min. 1.000 · max. 1.534',
      ['1.000', '1.200', '5. Nov.', '12. Nov.'],
      '6 Werte vom 3. Nov. 2026 bis 18. Nov. 2026; aktuell 1.534, min. 1.000, max. 1.534.',
    ],
    [
      'es-ES',
      'elo: actual 1534 · mín. 1000 · máx. 1534',
      ['1000', '1200', '5 nov', '12 nov'],
      '6 valores del 3 nov 2026 al 18 nov 2026; actual 1534, mín. 1000, máx. 1534.',
    ],
    [
      'pt-BR',
      'rating: atual 1.534 · mín. 1.000 · máx. 1.534',
      ['1.000', '1.200', '5 de nov.', '12 de nov.'],
      '6 valores de 3 de nov. de 2026 a 18 de nov. de 2026; atual 1.534, mín. 1.000, máx. 1.534.',
    ],
    [
      'fr',
      'rating: last 1,534 · min 1,000 · max 1,534',
      ['1,000', '1,200', '5 Nov', '12 Nov'],
      '6 values from 3 Nov 2026 to 18 Nov 2026; last 1,534, min 1,000, max 1,534.',
    ],
  ])(
    'GIVEN %s THEN the summary, the axes and the description are its own',
    (locale, line, labels, described) => {
      const label = { de: 'Wertung', 'es-ES': 'elo', 'pt-BR': 'rating', fr: 'rating' }[locale]!;
      const svg = chartSvg({ ...ladder, valueLabel: label, ...pictureLanguage(locale) }, size);
      expect(texts(svg)).toContain(line);
      expect(texts(svg)).toEqual(expect.arrayContaining(labels));
      expect(desc(svg)).toBe(described);
    },
  );

  it('GIVEN one value in German THEN the description takes the singular', () => {
    const one = { ...ladder, points: ladder.points.slice(0, 1), ...pictureLanguage('de') };
    expect(desc(chartSvg(one, size))).toBe(
      '1 Wert vom 3. Nov. 2026 bis 3. Nov. 2026; aktuell 1.000, min. 1.000, max. 1.000.',
    );
  });

  it('GIVEN a history over months in German THEN the axis names the months as German does', () => {
    const long = {
      ...ladder,
      points: [0, 40, 80, 120].map((d, i) => ({ at: T0 + d * DAY, value: 1000 + i })),
      ...pictureLanguage('de'),
    };
    expect(texts(chartSvg(long, size))).toEqual(expect.arrayContaining(['Dez. 2026', 'Jan. 2027']));
  });
});

describe('an empty card in each language', () => {
  const empty: CardData = { title: 'Ladder', subtitle: 'ELO', rows: [] };
  it.each([
    ['de', 'Noch keine Einträge'],
    ['es-ES', 'Todavía no hay nadie'],
    ['pt-BR', 'Ainda não há ninguém'],
    ['ja', 'No entries yet'],
  ])('GIVEN %s THEN it says "%s"', (locale, words) => {
    const drawn = strings(cardElement({ ...empty, ...pictureLanguage(locale) }).element);
    expect(drawn).toContain(words);
  });
});

let renderer: Renderer | undefined;
afterEach(() => renderer?.close());

describe('pictures in two languages under one key', () => {
  const card: CardData = {
    title: 'Ladder',
    subtitle: 'Liga · Season 3',
    rows: [],
    footer: '12 Spieler',
  };

  it('GIVEN a German and an English card and chart under the same keys THEN neither is served for the other, byte for byte', async () => {
    renderer = createRenderer({ threads: 0 });
    const germanCard = await renderer.card('card:1:v1', { ...card, ...pictureLanguage('de') });
    const englishCard = await renderer.card('card:1:v1', card);
    const germanChart = await renderer.chart('chart:1:v1', {
      ...ladder,
      valueLabel: 'Wertung',
      ...pictureLanguage('de'),
    });
    const englishChart = await renderer.chart('chart:1:v1', ladder);
    expect(renderer.stats()).toEqual({ renders: 4, hits: 0 });
    expect(Buffer.compare(germanCard, englishCard)).not.toBe(0);
    expect(Buffer.compare(germanChart, englishChart)).not.toBe(0);
    expect([decode(germanCard).width, decode(germanChart).height]).toEqual([1200, 600]);
    // The same language again is the cached picture.
    expect(await renderer.card('card:1:v1', { ...card, ...pictureLanguage('de') })).toBe(
      germanCard,
    );
    expect(await renderer.card('card:1:v1', card)).toBe(englishCard);
    expect(Buffer.compare(await renderer.chart('chart:1:v1', ladder), englishChart)).toBe(0);

    // PICTURES_DE=<dir> saves the German pictures, to look at.
    const full = await renderer.card('card:1:v2', {
      title: 'Freitagsliga ⚽',
      subtitle: 'Liga · Saison 3',
      footer: '12 Spieler',
      rows: [
        { rank: 1, name: 'Jürgen Weiß', value: '1.534', record: '10-2-3' },
        { rank: 2, name: 'Zoë Ångström', value: '1.498', record: '9-4-1' },
        { rank: 3, name: 'Ali', value: '1.210', record: '5-0-5' },
      ],
      ...pictureLanguage('de'),
    });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(join(SHOTS, 'card-de.png'), full);
      writeFileSync(join(SHOTS, 'card-de-empty.png'), germanCard);
      writeFileSync(join(SHOTS, 'chart-de.png'), germanChart);
    }
  });

  it('GIVEN an empty contest card in German THEN it is its own picture too', async () => {
    renderer = createRenderer({ threads: 0 });
    const gallery = { title: 'Fotowettbewerb', subtitle: 'Bewertung · Wettbewerb', tiles: [] };
    const german = await renderer.gallery('gallery:1:v1', { ...gallery, ...pictureLanguage('de') });
    const english = await renderer.gallery('gallery:1:v1', gallery);
    expect(Buffer.compare(german, english)).not.toBe(0);
    if (SHOTS) writeFileSync(join(SHOTS, 'gallery-de-empty.png'), german);
  });
});
