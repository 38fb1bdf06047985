import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorSlug, type ErrorCode } from '../../src/domain/errors';
import { ERROR_TYPES } from '../../src/web/error-types';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { servePages, type PagesApp } from './pages-app';
import { hrefOf, items, links, section, text, title } from './read-html';

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

describe(`the pages the API's Problem types name (${backendName})`, () => {
  let tally: TestTally;
  let pages: PagesApp;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    pages = await servePages(tally.ctx, { limits: { pagesPerMinute: 100_000 } });
  });
  afterAll(async () => {
    await pages?.close();
    await tally?.stop();
  });

  /** The page a Problem's `type` names, fetched from the pages app by its path. */
  async function follow(type: string) {
    expect(type.startsWith(`${tally.config.publicUrl}/errors/`), type).toBe(true);
    return pages.get(new URL(type).pathname);
  }

  it('GIVEN every code of spec 7 THEN its page answers 200 naming the code, its status and what to do', async () => {
    for (const code of CODES) {
      expect(ERROR_TYPES[code].statuses[0], code).toBe(ERROR_CODES[code].status);
      const res = await pages.get(`/errors/${errorSlug(code)}`);
      expect(res.status, code).toBe(200);
      expect(res.headers.get('content-type'), code).toBe('text/html; charset=utf-8');
      expect(title(res.text), code).toBe(`${ERROR_CODES[code].title} · API errors`);
      const meta = text(section(res.text, 'p', 'meta'));
      expect(meta, code).toContain(code);
      expect(meta, code).toContain(String(ERROR_CODES[code].status));
      expect(text(res.text), code).toContain('Typical causes');
      expect(text(res.text), code).toContain('What to do');
      expect(res.headers.get('cache-control'), code).toBe('public, max-age=3600');
      expect(res.headers.get('content-security-policy'), code).toContain("default-src 'none'");
      expect(res.headers.get('x-frame-options'), code).toBe('DENY');
      expect(res.text, code).not.toMatch(/<script/i);
    }
    const invalid = await pages.get('/errors/invalid-request');
    expect(text(section(invalid.text, 'p', 'meta'))).toBe('invalid_request · HTTP 400, 413 or 422');
  });

  it('GIVEN a real 401 and 404 from the API THEN their `type` resolves to the page of their code', async () => {
    const unauthenticated = await tally.request('GET', '/v1/boards');
    expect(unauthenticated.status).toBe(401);
    const problem = unauthenticated.body as { type: string; code: string };
    expect(problem.code).toBe('authentication_failed');
    const page = await follow(problem.type);
    expect(page.status).toBe(200);
    expect(text(section(page.text, 'p', 'meta'))).toBe('authentication_failed · HTTP 401');

    const key = await tally.key({ ownerId: await tally.owner() });
    const missing = await tally.request('GET', '/v1/nowhere', { key });
    expect(missing.status).toBe(404);
    const notFound = await follow((missing.body as { type: string }).type);
    expect(text(section(notFound.text, 'p', 'meta'))).toBe('not_found · HTTP 404');
  });

  it('GIVEN /errors THEN it lists every code, each a link that answers', async () => {
    const res = await pages.get('/errors');
    expect(res.status).toBe(200);
    expect(title(res.text)).toBe('API errors');
    const listed = items(section(res.text, 'ul', 'boards'));
    expect(listed).toHaveLength(CODES.length);
    for (const code of CODES) {
      expect(hrefOf(res.text, ERROR_CODES[code].title), code).toBe(`/errors/${errorSlug(code)}`);
      expect(
        listed.some((l) => l.includes(code)),
        code,
      ).toBe(true);
    }
    for (const { href } of links(res.text)) expect((await pages.get(href)).status, href).toBe(200);
  });

  it('GIVEN a code spelt as in `code` THEN it is sent on to its page; an unknown one is a 404 page leading to the list', async () => {
    const spelt = await fetch(`${pages.url}/errors/rate_limited`, { redirect: 'manual' });
    expect(spelt.status).toBe(301);
    expect(spelt.headers.get('location')).toBe('/errors/rate-limited');
    for (const path of ['/errors/no-such-error', '/errors/not-found/more', '/errors/constructor']) {
      const res = await pages.get(path);
      expect(res.status, path).toBe(404);
      expect(title(res.text), path).toBe('Error type not found');
      expect(hrefOf(res.text, 'Every API error'), path).toBe('/errors');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
