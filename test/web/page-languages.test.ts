import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { boardUrl } from '../../src/domain/board-url';
import { documentHtml, grouped, languageSwitch } from '../../src/web/html';
import { backendName } from '../support/backends';
import { putEntries } from '../support/pipeline';
import { startTestTally, type TestResponse, type TestTally } from '../support/tally';
import { section, text } from './read-html';
import { endSeason, startSeason } from '../../src/pipeline/seasons';

/**
 * The public pages in the visitor's language (issue 32): the switch (`?lang=`, remembered in a
 * cookie), else the browser's Accept-Language, else English; `<html lang>`, og:locale, numbers
 * grouped the language's way, and every answer varying by what picks the language, so a cache
 * never hands one language's page to a reader of another.
 */
const lang = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];
const meta = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)">`, 'g'))].map(
    (m) => m[1],
  );
const headings = (html: string) =>
  [...html.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
    text(m[1]!.replace(/<abbr class="narrow"[^>]*>[\s\S]*?<\/abbr>/g, '')),
  );
const firstRow = (html: string) =>
  [.../<tbody>\s*<tr>([\s\S]*?)<\/tr>/.exec(html)![1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(
    (m) => text(m[1]!),
  );
/** The switch as a reader sees it: each link's text, language and whether it is the current one. */
const switchOf = (html: string) =>
  [
    ...(/<nav class="languages"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(
      /<a href="([^"]*)" hreflang="([^"]*)" lang="([^"]*)"( aria-current="true")?>([^<]*)<\/a>/g,
    ),
  ].map((m) => ({
    href: m[1]!.replace(/&amp;/g, '&'),
    hreflang: m[2],
    lang: m[3],
    current: m[4] !== undefined,
    label: m[5],
  }));

describe(`the public pages in the visitor's language (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let board: Board;
  const pathOf = (b: Pick<Board, 'ownerId' | 'id'>) => new URL(boardUrl('http://x', b)).pathname;
  const visit = (path: string, headers: Record<string, string> = {}) =>
    tally.request('GET', path, { headers });

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '1000000' });
    owner = await tally.owner();
    board = await tally.board({ ownerId: owner, type: 'Highscore', name: 'Weekly Tetris' });
    await putEntries(tally.ctx, board, {
      'custom:Ann': { playerId: 'custom:Ann', score: 1_500_000, submissions: 1_234 },
      'custom:Bo': { playerId: 'custom:Bo', score: 700, submissions: 2 },
    });
  });
  afterAll(() => tally.stop());

  function expectVaries(res: TestResponse) {
    const vary = (res.headers.get('vary') ?? '').toLowerCase();
    expect(vary).toContain('accept-language');
    expect(vary).toContain('cookie');
  }

  const shipped: [string, string, string, string[], string[]][] = [
    [
      'de-DE,de;q=0.9,en;q=0.5',
      'de',
      'Highscore-Rangliste · für den neuesten Stand neu laden',
      ['Platz', 'Spieler', 'Punktzahl', 'Einsendungen'],
      ['1', 'Ann', '1.500.000', '1.234'],
    ],
    [
      'es-ES,es;q=0.9',
      'es',
      'Tabla de récords · recarga para ver lo último',
      ['Puesto', 'Jugador', 'Puntuación', 'Envíos'],
      ['1', 'Ann', '1.500.000', '1234'],
    ],
    [
      'pt-BR',
      'pt-BR',
      'Ranking de recordes · recarregue para ver o mais recente',
      ['Posição', 'Jogador', 'Pontuação', 'Envios'],
      ['1', 'Ann', '1.500.000', '1.234'],
    ],
    [
      'fr-FR,fr;q=0.9,ja;q=0.8',
      'en',
      'Highscore board · refresh for the latest',
      ['Rank', 'Player', 'Score', 'Submissions'],
      ['1', 'Ann', '1,500,000', '1,234'],
    ],
  ];

  it.each(shipped)(
    'GIVEN Accept-Language %s THEN the board page speaks %s: its lang, og:locale, words and numbers',
    async (accept, language, kind, columns, row) => {
      const res = await visit(pathOf(board), { 'accept-language': accept });
      expect(res.status).toBe(200);
      expectVaries(res);
      expect(lang(res.text)).toBe(language);
      const og = { en: 'en_US', es: 'es_ES', 'pt-BR': 'pt_BR', de: 'de_DE' } as const;
      expect(meta(res.text, 'og:locale')).toEqual([og[language as keyof typeof og]]);
      expect(meta(res.text, 'og:locale:alternate').sort()).toEqual(
        Object.values(og)
          .filter((l) => l !== og[language as keyof typeof og])
          .sort(),
      );
      expect(text(res.text)).toContain(kind);
      expect(headings(res.text)).toEqual(columns);
      expect(firstRow(res.text)).toEqual(row);
      // The switch: every language in its own words, this one marked, each this very page.
      expect(switchOf(res.text)).toEqual(
        [
          ['en', 'English'],
          ['es', 'Español'],
          ['pt-BR', 'Português'],
          ['de', 'Deutsch'],
        ].map(([code, label]) => ({
          href: `?lang=${code}`,
          hreflang: code,
          lang: code,
          current: code === language,
          label,
        })),
      );
    },
  );

  it('GIVEN ?lang= from the switch THEN the page speaks it, remembers it in a cookie for a year, and the cookie outranks Accept-Language', async () => {
    const picked = await visit(`${pathOf(board)}?lang=pt-BR&limit=5`, {
      'accept-language': 'de',
    });
    expect(lang(picked.text)).toBe('pt-BR');
    const cookie = picked.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tally_lang=pt-BR; /);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The switch keeps the rest of the address.
    expect(switchOf(picked.text).find((l) => l.lang === 'de')?.href).toBe('?lang=de&limit=5');

    const later = await visit(pathOf(board), {
      'accept-language': 'de',
      cookie: 'tally_lang=pt-BR',
    });
    expect(lang(later.text)).toBe('pt-BR');
    expect(later.headers.get('set-cookie')).toBeNull();
    const switched = await visit(`${pathOf(board)}?lang=es`, { cookie: 'tally_lang=pt-BR' });
    expect(lang(switched.text)).toBe('es');
    expect(switched.headers.get('set-cookie')).toMatch(/^tally_lang=es; /);
    // Something not shipped is no choice: the browser's language decides.
    const unknown = await visit(`${pathOf(board)}?lang=fr`, { 'accept-language': 'de' });
    expect(lang(unknown.text)).toBe('de');
    expect(unknown.headers.get('set-cookie')).toBeNull();
  });

  it('GIVEN a German page cached by its ETag THEN an English reader offering that ETag gets the English page, byte for byte as rendered fresh', async () => {
    const german = await visit(pathOf(board), { 'accept-language': 'de' });
    const etag = german.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await visit(pathOf(board), { 'accept-language': 'de', 'if-none-match': etag });
    expect(again.status).toBe(304);

    const english = await visit(pathOf(board), { 'accept-language': 'en', 'if-none-match': etag });
    expect(english.status).toBe(200);
    expect(english.headers.get('etag')).not.toBe(etag);
    expectVaries(english);
    const fresh = await visit(pathOf(board), { 'accept-language': 'en' });
    expect(english.text).toBe(fresh.text);
    expect(lang(english.text)).toBe('en');
    expect(english.text).not.toBe(german.text);
  });

  it('GIVEN a missing board, player or server THEN the 404 page is in the reader’s language', async () => {
    const cases: [string, string, string, string][] = [
      [
        'de',
        `/boards/${owner}/nope`,
        'Rangliste nicht gefunden',
        'Unter dieser Adresse gibt es keine Rangliste',
      ],
      [
        'es-419',
        `/boards/${owner}/nope`,
        'Tabla no encontrada',
        'No hay ninguna tabla en esta dirección',
      ],
      [
        'pt-BR',
        `${pathOf(board)}/players/custom:Zed`,
        'Jogador não encontrado',
        'Ninguém com este ID jogou neste ranking',
      ],
      ['ja', `/boards/${owner}/nope`, 'Board not found', 'There is no board at this address'],
    ];
    for (const [accept, path, title, sentence] of cases) {
      const res = await visit(path, { 'accept-language': accept });
      expect(res.status, path).toBe(404);
      expectVaries(res);
      expect(/<h1>([^<]*)<\/h1>/.exec(res.text)?.[1]).toBe(title);
      expect(text(res.text)).toContain(sentence);
      expect(lang(res.text)).toBe(accept === 'ja' ? 'en' : accept === 'es-419' ? 'es' : accept);
    }
    // The fault's own words follow the page's language when the error carries them.
    const matches = await visit(`${pathOf(board)}/matches`, { 'accept-language': 'es' });
    expect(matches.status).toBe(404);
    expect(text(matches.text)).toContain(
      'Esta tabla registra puntuaciones, no partidas: su página las muestra todas (Weekly Tetris no registra partidas).',
    );
    const english = await visit(`${pathOf(board)}/matches`);
    expect(text(english.text)).toContain('(Weekly Tetris records no matches).');
    // A bad link is a 400 in the reader's language, the English detail kept for English only.
    const bad = await visit(`${pathOf(board)}?cursor=junk`, { 'accept-language': 'de' });
    expect(bad.status).toBe(400);
    expect(text(bad.text)).toContain('Dieser Link zur Seite ist ungültig.');
  });

  it('GIVEN the landing and a server’s index THEN both speak the reader’s language, counts included', async () => {
    const landing = await visit('/', { accept: 'text/html', 'accept-language': 'es' });
    expect(landing.status).toBe(200);
    expectVaries(landing);
    expect(text(landing.text)).toContain('Para desarrolladores');
    expect(text(landing.text)).toContain('Referencia de la API (OpenAPI 3.1)');
    const index = await visit(`/boards/${owner}`, { 'accept-language': 'de' });
    expect(index.status).toBe(200);
    expect(text(index.text)).toContain('Ranglisten · 1 Rangliste');
    expect(text(index.text)).toContain('Highscore · 2 Spieler');
  });

  it('GIVEN a board with an ended season THEN its seasons menu, archive and empty board read in German', async () => {
    const seasonal = await tally.board({ ownerId: owner, type: 'Highscore', name: 'Seasons' });
    await startSeason(tally.ctx, owner, seasonal.id, {});
    await putEntries(tally.ctx, seasonal, {
      'custom:Ann': { playerId: 'custom:Ann', score: 10, submissions: 1 },
    });
    await endSeason(tally.ctx, owner, seasonal.id);
    await startSeason(tally.ctx, owner, seasonal.id, {});
    const now = await visit(pathOf(seasonal), { 'accept-language': 'de' });
    const menu = [...now.text.matchAll(/<li[^>]*>(?:<a [^>]*>)?<bdi>([^<]*)<\/bdi>/g)].map(
      (m) => m[1],
    );
    expect(menu[0]).toBe('Aktuell: Saison 2');
    expect(menu[1]).toMatch(/^Saison 1 \(beendet am \d{2}\.\d{2}\.\d{4}\)$/);
    expect(text(section(now.text, 'p', 'empty'))).toMatch(
      /^Saison 2 hat noch keine Ergebnisse\. Zur Abschlusstabelle von Saison 1 ?\.$/,
    );
    const archive = await visit(`${pathOf(seasonal)}?season=1`, { 'accept-language': 'de' });
    expect(text(section(archive.text, 'p', 'meta'))).toMatch(/^Saison 1 · Abschlusstabelle · /);
  });

  it('GIVEN the API error reference THEN its frame is the reader’s language and the API’s own words stay English, marked so', async () => {
    const list = await visit('/errors', { 'accept-language': 'de' });
    expect(list.status).toBe(200);
    expect(lang(list.text)).toBe('de');
    expect(/<h1>([^<]*)<\/h1>/.exec(list.text)?.[1]).toBe('API-Fehler');
    const one = await visit('/errors/invalid-request', { 'accept-language': 'es' });
    expect(one.status).toBe(200);
    expect(one.text).toContain('<h2>Causas habituales</h2>');
    expect(one.text).toMatch(/<h1 lang="en">[^<]+<\/h1>/);
    expect(text(one.text)).toContain('HTTP 400, 413 o 422');
    const none = await visit('/errors/nope', { 'accept-language': 'pt-BR' });
    expect(none.status).toBe(404);
    expect(text(none.text)).toContain('Tipo de erro não encontrado');
  });
});

describe('the page frame, without a server', () => {
  it('GIVEN each language THEN documentHtml sets lang and og:locale, and numbers are grouped its way', () => {
    const preview = { title: 'T', description: 'D', url: 'http://tally.test/', image: null };
    const page = documentHtml('T', '<p>x</p>', preview, '', {
      lang: 'de',
      query: new URLSearchParams('season=2'),
    });
    expect(lang(page)).toBe('de');
    expect(meta(page, 'og:locale')).toEqual(['de_DE']);
    expect(page).toContain('href="?season=2&amp;lang=es" hreflang="es" lang="es">Español</a>');
    expect(page).toContain(
      '<link rel="alternate" hreflang="pt-BR" href="http://tally.test/?lang=pt-BR">',
    );
    expect(grouped(1234567, 'de')).toBe('1.234.567');
    expect(grouped(1234567, 'pt-BR')).toBe('1.234.567');
    expect(grouped(1234567)).toBe('1,234,567');
    // Without a page (the dashboard before it passes one): English, with a working switch.
    expect(lang(documentHtml('T', ''))).toBe('en');
    expect(languageSwitch({ lang: 'es', query: new URLSearchParams() })).toContain(
      'aria-label="Idioma"',
    );
  });
});
