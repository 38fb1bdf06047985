import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editBoard } from '../../src/pipeline/boards';
import type { Context } from '../../src/pipeline/context';
import { addOwner } from '../../src/pipeline/owners';
import { publicOwners } from '../../src/pipeline/public-reads';
import { backendName } from '../support/backends';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';
import { servePages, type Page, type PagesApp } from './pages-app';
import { hrefOf, items, links, section, text, title } from './read-html';
import { ownerPath } from './seed';

const LIMITLESS = { pagesPerMinute: 100_000, imagesPerMinute: 100_000 };

const directives = (page: Page) =>
  (page.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());

describe(`the landing page at / (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;
  const owners = { shown: '', privateOnly: '', empty: '' };

  /** A board of the owner, made private when asked. */
  async function board(ownerId: string, name: string, hidden = false) {
    const made = await tally.board({ ownerId, type: 'ELO', name });
    if (hidden) await editBoard(tally.ctx, ownerId, made.id, { private: true });
  }

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { limits: LIMITLESS });
    owners.shown = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owners.shown, 'Chess <Club> & Co');
    await board(owners.shown, 'Ladder');
    await board(owners.shown, 'Blitz');
    await board(owners.shown, 'Staff only', true);
    owners.privateOnly = `guild:${nextSnowflake()}`;
    await addOwner(tally.ctx, owners.privateOnly, 'Secret Society');
    await board(owners.privateOnly, 'Hidden Ladder', true);
    owners.empty = `user:${nextSnowflake()}`;
    await addOwner(tally.ctx, owners.empty, 'Nobody Yet');
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  it('GIVEN owners with public, only private and no boards THEN a browser sees only the first, with its public boards counted', async () => {
    const res = await pages.get('/', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(title(res.text)).toBe('Tally');
    expect(items(section(res.text, 'ul', 'boards'))).toEqual(['Chess <Club> & Co 2 boards']);
    expect(hrefOf(res.text, 'Chess <Club> & Co')).toBe(ownerPath(owners.shown));
    for (const hidden of ['Secret Society', 'Hidden Ladder', 'Staff only', 'Nobody Yet'])
      expect(text(res.text)).not.toContain(hidden);
    expect(res.text).not.toContain(encodeURIComponent(owners.privateOnly));
  });

  it('GIVEN the landing THEN it leads to the API reference, the errors and health, and every link answers', async () => {
    const res = await pages.get('/');
    expect(hrefOf(res.text, 'API reference')).toBe('/openapi.yaml');
    expect(hrefOf(res.text, 'API errors')).toBe('/errors');
    expect(hrefOf(res.text, 'Health')).toBe('/healthz');
    expect(hrefOf(res.text, 'Sign in')).toBeUndefined(); // sign-in is not configured here
    for (const { href } of links(res.text)) expect((await pages.get(href)).status, href).toBe(200);
  });

  it('GIVEN sign-in is configured THEN the landing offers "Sign in" to the dashboard', async () => {
    const config = { ...tally.ctx.config, discordApplicationId: '1', discordClientSecret: 's' };
    const ctx: Context = { ...tally.ctx, config };
    const withSignIn = await servePages(ctx, { limits: LIMITLESS });
    try {
      expect(hrefOf((await withSignIn.get('/')).text, 'Sign in')).toBe('/dashboard');
    } finally {
      await withSignIn.close();
    }
  });

  it('GIVEN the landing THEN it has the public pages’ headers: no script, no framing, no referrer, cached briefly, varying by Accept', async () => {
    const res = await pages.get('/');
    expect(directives(res)).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(directives(res).some((d) => d.startsWith('script-src'))).toBe(false);
    expect(res.text).not.toMatch(/<script|\son[a-z]+=/i);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('vary')).toMatch(/accept/i);
    expect(res.headers.get('ratelimit-limit')).toBe(String(LIMITLESS.pagesPerMinute));
    const again = await pages.get('/', { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('GIVEN a client asking for JSON THEN / still answers the API’s 404 Problem', async () => {
    for (const accept of ['application/json', 'application/problem+json']) {
      const res = await pages.get('/', { accept });
      expect(res.status, accept).toBe(404);
      expect(res.headers.get('content-type'), accept).toBe(
        'application/problem+json; charset=utf-8',
      );
      expect(JSON.parse(res.text)).toMatchObject({ code: 'not_found', instance: '/' });
    }
  });

  it('GIVEN many owners THEN they come by name in keyset pages, ties by id, none twice, and a bad cursor is a 400 page', async () => {
    const names = ['Delta', 'Alpha', 'Charlie', 'Same', 'Same', 'Bravo'];
    const made: string[] = [];
    for (const name of names) {
      const id = `guild:${nextSnowflake()}`;
      await addOwner(tally.ctx, id, name);
      await board(id, 'Board');
      made.push(id);
    }
    const seen: { id: string; name: string; boards: number }[] = [];
    let cursor: string | undefined;
    do {
      const page = await publicOwners(tally.ctx, { cursor, limit: 2 });
      expect(page.owners.length).toBeLessThanOrEqual(2);
      seen.push(...page.owners);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    const mine = seen.filter((o) => made.includes(o.id));
    expect(mine.map((o) => o.name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Same', 'Same']);
    const same = mine.filter((o) => o.name === 'Same').map((o) => o.id);
    expect(same).toEqual([...same].sort());
    expect(new Set(seen.map((o) => o.id)).size).toBe(seen.length);
    expect(seen.every((o) => o.boards >= 1)).toBe(true);
    expect(seen.map((o) => o.id)).not.toContain(owners.privateOnly);

    const bad = await pages.get('/?cursor=%%%');
    expect(bad.status).toBe(400);
    expect(title(bad.text)).toBe('Bad page link');
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });

  it('GIVEN a visitor over the per-address limit THEN / answers 429 with the same headers', async () => {
    const tight = await servePages(tally.ctx, { limits: { pagesPerMinute: 1 } });
    try {
      expect((await tight.get('/')).status).toBe(200);
      const refused = await tight.get('/');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await tight.close();
    }
  });
});
