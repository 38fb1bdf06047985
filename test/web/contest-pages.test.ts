import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { ContestEntry } from '../../entities/contest';
import { removeEntry, setContest, withdrawEntry } from '../../src/pipeline/contests';
import { addOwner } from '../../src/pipeline/owners';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import type { GalleryCardData } from '../../src/render/types';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { anAuthor, enter, plainPng, vote } from './contest-seed';
import { RecordingRenderer, servePages, type PagesApp } from './pages-app';
import { links, metaTag, section, text, title } from './read-html';
import { boardPath, playerPath } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000, filesPerMinute: 100_000 };

/** The gallery's tiles as a visitor reads them: place, title, author, standing; and the links. */
function tiles(html: string) {
  return [...html.matchAll(/<li class="tile">([\s\S]*?)<\/li>/g)].map((m) => {
    const tile = m[1]!;
    return {
      place: text(/<span class="place[^"]*">([^<]*)<\/span>/.exec(tile)?.[1] ?? ''),
      title: text(/<span class="title"[^>]*>([\s\S]*?)<\/span>/.exec(tile)?.[1] ?? ''),
      by: text(/<span class="by">([\s\S]*?)<\/span>/.exec(tile)?.[1] ?? ''),
      standing: text(/<span class="standing">([\s\S]*?)<\/span>/.exec(tile)?.[1] ?? ''),
      img: /<img src="([^"]*)" width="(\d+)" height="(\d+)"/.exec(tile)?.slice(1),
      href: links(tile)[0]?.href,
    };
  });
}

const entryPath = (board: Board, pk: number) => `${boardPath(board)}/entries/${pk}`;

describe(`a contest's public pages (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  let renderer: RecordingRenderer;
  let board: Board;
  let other: Board;
  const ann = anAuthor('Ann');
  const bo = anAuthor('Bo <b>&</b>');
  const cy = anAuthor('Cy');
  const di = anAuthor('محمد');
  const entries: Record<string, ContestEntry> = {};

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    renderer = new RecordingRenderer();
    pages = await servePages(tally.ctx, { renderer, limits: LIMITLESS });
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, ownerId, 'Art Club');
    board = await tally.board({ ownerId, type: 'Rating', name: 'Skies' });
    const ctx = tally.ctx;
    // Round 1: Dawn and Dusk ranked, Tide short of the three votes.
    await startSeason(ctx, ownerId, board.id, { name: 'Spring' });
    entries.dawn = await enter(ctx, board, ann, 'Dawn', await plainPng(1600, 900, '#ff7e5f'));
    entries.dusk = await enter(ctx, board, bo, 'Dusk', await plainPng(600, 900, '#2b1055'));
    entries.tide = await enter(ctx, board, cy, 'Tide', await plainPng(500, 500, '#43cea2'));
    await vote(ctx, board, entries.dawn, [9, 9, 8, 10]);
    await vote(ctx, board, entries.dusk, [7, 8, 7]);
    await vote(ctx, board, entries.tide, [10]);
    await endSeason(ctx, ownerId, board.id);
    // Round 2, running: Ember leads, Frost second, Glow unranked, two entries gone.
    await startSeason(ctx, ownerId, board.id, { name: 'Summer' });
    entries.ember = await enter(ctx, board, ann, 'Ember', await plainPng(1200, 800, '#ee0979'));
    entries.frost = await enter(ctx, board, bo, 'Frost', await plainPng(800, 1200, '#00c9ff'));
    entries.glow = await enter(ctx, board, di, 'Glow', await plainPng(300, 200, '#ffd200'));
    entries.gone = await enter(ctx, board, cy, 'Gone', await plainPng(400, 400, '#111111'));
    const mo = anAuthor('Mo');
    entries.removed = await enter(ctx, board, mo, 'Removed', await plainPng(400, 300, '#222222'));
    await vote(ctx, board, entries.ember, [10, 9, 9, 9, 10]);
    await vote(ctx, board, entries.frost, [8, 8, 7]);
    await vote(ctx, board, entries.glow, [6]);
    await withdrawEntry(ctx, { ownerId, entryPk: entries.gone.pk, authorId: cy.id });
    await removeEntry(ctx, {
      ownerId,
      entryPk: entries.removed.pk,
      by: 'cli',
      reason: 'off topic',
    });
    other = await tally.board({ ownerId, type: 'Rating', name: 'Other' });
    entries.elsewhere = await enter(ctx, other, ann, 'Elsewhere', await plainPng(200, 200));
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN a running contest THEN its page is a gallery: ranked entries by damped score, then the unranked, each a thumbnail linking to its page', async () => {
    const res = await pages.get(boardPath(board));
    expect(res.status, res.text).toBe(200);
    expect(title(res.text)).toBe('Skies');
    expect(text(section(res.text, 'p', 'meta'))).toBe(
      'Rating board · image contest · 3 entries · refresh for the latest',
    );
    expect(text(section(res.text, 'p', 'periods'))).toBe('Submissions open · voting open');
    expect(tiles(res.text)).toEqual([
      {
        place: '#1',
        title: 'Ember',
        by: 'by Ann',
        standing: expect.stringMatching(/^\d\.\d\d · avg 9\.40 · 5 votes$/),
        img: [`/images/${entries.ember!.thumbHash}.webp`, '480', '320'],
        href: entryPath(board, entries.ember!.pk),
      },
      {
        place: '#2',
        title: 'Frost',
        by: 'by Bo <b>&</b>',
        standing: expect.stringMatching(/^\d\.\d\d · avg 7\.67 · 3 votes$/),
        img: [`/images/${entries.frost!.thumbHash}.webp`, '320', '480'],
        href: entryPath(board, entries.frost!.pk),
      },
      {
        place: '', // under "Not ranked yet", with no badge
        title: 'Glow',
        by: 'by محمد',
        standing: 'unranked · avg 6.00 · 1 vote (ranked from 3)',
        img: [`/images/${entries.glow!.thumbHash}.webp`, '300', '200'],
        href: entryPath(board, entries.glow!.pk),
      },
    ]);
    expect(res.text).toContain('<h2>Not ranked yet</h2>');
    expect(res.text).not.toContain('Bo <b>');
    const author = links(res.text).find((l) => l.label === 'Ann');
    expect(author?.href).toBe(playerPath(board, ann.id));
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self'");
  });

  it('GIVEN ?limit= THEN the gallery pages by offset, keeping the limit, the unranked heading where they begin', async () => {
    const first = await pages.get(`${boardPath(board)}?limit=2`);
    expect(tiles(first.text).map((t) => t.title)).toEqual(['Ember', 'Frost']);
    expect(first.text).not.toContain('Not ranked yet');
    const next = links(first.text).find((l) => l.label === 'Next page')?.href;
    expect(next).toBe(`${boardPath(board)}?from=2&limit=2`);
    const second = await pages.get(next!);
    expect(tiles(second.text).map((t) => t.title)).toEqual(['Glow']);
    expect(second.text).toContain('<h2>Not ranked yet</h2>');
    expect(links(second.text).find((l) => l.label === 'First page')?.href).toBe(
      `${boardPath(board)}?limit=2`,
    );
    expect(links(second.text).some((l) => l.label === 'Next page')).toBe(false);
  });

  it('GIVEN a contest with closed periods, or no entries THEN its page says until when, and that there are none', async () => {
    const quiet = await tally.board({ ownerId: board.ownerId, type: 'Rating', name: 'Quiet' });
    const until = new Date(Date.now() + 86_400_000);
    await setContest(tally.ctx, quiet.ownerId, quiet.id, { submissions: 'closed', voting: until });
    const res = await pages.get(boardPath(quiet));
    expect(res.status, res.text).toBe(200);
    const minute = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(text(section(res.text, 'p', 'periods'))).toMatch(
      new RegExp(
        `^Submissions closed since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC · voting open until ${minute}$`,
      ),
    );
    expect(text(section(res.text, 'p', 'empty'))).toBe('No entries yet.');
    expect(tiles(res.text)).toEqual([]);
  });

  it("GIVEN an entry THEN its page shows the full picture with its size and title, the author's link, its standing and its votes 1–10 as bars", async () => {
    const res = await pages.get(entryPath(board, entries.ember!.pk));
    expect(res.status, res.text).toBe(200);
    expect(title(res.text)).toBe('Ember — Skies');
    expect(text(/<h1>([\s\S]*?)<\/h1>/.exec(res.text)![1]!)).toBe('Ember');
    const full = `/images/${entries.ember!.imageHash}.webp`;
    expect(res.text).toContain(`<img src="${full}" width="1200" height="800" alt="Ember">`);
    expect(links(res.text).find((l) => l.label === 'Ann')?.href).toBe(playerPath(board, ann.id));
    expect(text(section(res.text, 'p', 'standing-line'))).toMatch(
      /^#1 · \d\.\d\d · avg 9\.40 · 5 votes$/,
    );
    const bars = [
      ...res.text.matchAll(/<tr><th scope="row">(\d+)<\/th>.*?<td class="num">(\d+)<\/td><\/tr>/g),
    ];
    expect(bars.map((m) => [Number(m[1]), Number(m[2])])).toEqual([
      [10, 2],
      [9, 3],
      [8, 0],
      [7, 0],
      [6, 0],
      [5, 0],
      [4, 0],
      [3, 0],
      [2, 0],
      [1, 0],
    ]);
    expect(res.text).toContain('<span class="bar" style="width:66.7%"></span>');
    expect(text(section(res.text, 'table', 'bars'))).toContain(
      '5 votes, counted by value; who gave them is never shown',
    );
    expect(text(section(res.text, 'p', 'note'))).toBe('Voting open.');
    expect(metaTag(res.text, 'og:image')).toBe(`http://tally.test${full}`);
    expect(metaTag(res.text, 'og:image:type')).toBe('image/webp');
    expect(res.text).not.toMatch(/chat:\d/); // never who voted (nor anyone's id in the text)
  });

  it('GIVEN an entry an ended round archived THEN its page shows the place it ended with in that round', async () => {
    const res = await pages.get(entryPath(board, entries.dusk!.pk));
    expect(res.status, res.text).toBe(200);
    expect(text(section(res.text, 'p', 'standing-line'))).toMatch(
      /^#2 in Season 1 “Spring” · \d\.\d\d · avg 7\.33 · 3 votes$/,
    );
    expect(section(res.text, 'p', 'note')).toBe('Voting ended with <bdi>Season 1 “Spring”</bdi>.');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it("GIVEN a withdrawn, removed, unknown or malformed entry, or another board's THEN a 404 page with the way back", async () => {
    const cases = [
      entryPath(board, entries.gone!.pk),
      entryPath(board, entries.removed!.pk),
      entryPath(board, 999_999),
      entryPath(board, entries.elsewhere!.pk),
      `${boardPath(board)}/entries/abc`,
      `${boardPath(board)}/entries/0${entries.ember!.pk}`,
    ];
    for (const path of cases) {
      const res = await pages.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(title(res.text), path).toBe('Entry not found');
      expect(links(res.text).find((l) => l.label === 'All entries')?.href).toBe(boardPath(board));
    }
  });

  it('GIVEN an ended round THEN ?season=N shows the entries it archived, by final rank', async () => {
    const res = await pages.get(`${boardPath(board)}?season=1`);
    expect(res.status, res.text).toBe(200);
    expect(title(res.text)).toBe('Skies — Season 1 “Spring”');
    expect(text(section(res.text, 'p', 'meta'))).toMatch(
      /^Season 1 “Spring” · final standings · 3 entries · \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d$/,
    );
    expect(tiles(res.text).map((t) => [t.place, t.title, t.by])).toEqual([
      ['#1', 'Dawn', 'by Ann'],
      ['#2', 'Dusk', 'by Bo <b>&</b>'],
      ['', 'Tide', 'by Cy'],
    ]);
    expect(tiles(res.text)[2]!.standing).toBe('unranked · avg 10.00 · 1 vote (ranked from 3)');
  });

  it('GIVEN an author THEN their page on a Rating board lists their live and archived entries; someone without one is a 404', async () => {
    const res = await pages.get(playerPath(board, ann.id));
    expect(res.status, res.text).toBe(200);
    expect(title(res.text)).toBe('Ann — Skies');
    expect(text(section(res.text, 'p', 'meta'))).toBe('2 entries on Skies');
    expect(tiles(res.text).map((t) => [t.place, t.title, t.href])).toEqual([
      ['#1', 'Ember', entryPath(board, entries.ember!.pk)],
      ['#1', 'Dawn', entryPath(board, entries.dawn!.pk)],
    ]);
    expect(res.text).toContain('<h2>In the contest</h2>');
    expect(res.text).toContain('<h2>Past rounds</h2>');
    expect(res.text).toContain('<span class="round"><bdi>Season 1 “Spring”</bdi></span>');
    const nobody = await pages.get(playerPath(board, `chat:${nextSnowflake()}`));
    expect(nobody.status).toBe(404);
    // Cy's only live entry was withdrawn; the archived one from round 1 is still theirs.
    const cyPage = await pages.get(playerPath(board, cy.id));
    expect(tiles(cyPage.text).map((t) => t.title)).toEqual(['Tide']);
  });

  it("GIVEN the board page's og:image THEN it is the contest's card: the top entries with their thumbnails", async () => {
    const res = await pages.get(boardPath(board));
    const image = new URL(metaTag(res.text, 'og:image')!);
    expect(image.pathname).toBe(`${boardPath(board)}/card.png`);
    expect(metaTag(res.text, 'og:description')).toMatch(
      /^Top 3: Ember by Ann \(\d\.\d\d\) · Frost by Bo <b>&<\/b> \(\d\.\d\d\) · Glow by محمد \(1 vote\)$/,
    );
    const card = await pages.get(`${image.pathname}${image.search}`);
    expect(card.status, card.text).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const call = renderer.calls.at(-1)!;
    expect(call.kind).toBe('gallery');
    const data = call.data as GalleryCardData;
    expect(data.title).toBe('Skies');
    expect(data.subtitle).toBe('Rating · Season 2 “Summer”');
    expect(data.tiles.map((t) => [t.place, t.title, t.author])).toEqual([
      ['#1', 'Ember', 'Ann'],
      ['#2', 'Frost', 'Bo <b>&</b>'],
      ['unranked', 'Glow', 'محمد'],
    ]);
    // The thumbnails' own bytes (WebP), as stored.
    for (const tile of data.tiles)
      expect(Buffer.from(tile.image!).subarray(8, 12).toString()).toBe('WEBP');
    const archive = await pages.get(`${boardPath(board)}/card.png?season=1`);
    expect(archive.status, archive.text).toBe(200);
    const season = renderer.calls.at(-1)!.data as GalleryCardData;
    expect(season.subtitle).toBe('Rating · Season 1 “Spring” · final standings');
  });
});
