import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey } from '../../src/pipeline/keys';
import { setOwnerAccess } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { startTestTally, type TestResponse, type TestTally } from '../support/tally';

const RATE_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

const rateHeadersOf = (res: TestResponse) => RATE_HEADERS.filter((h) => res.headers.has(h));

describe(`the common HTTP contract (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let key: string;

  beforeAll(async () => {
    tally = await startTestTally();
    owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
  });
  afterAll(() => tally.stop());

  describe('GIVEN no usable key', () => {
    it('THEN a mistyped URL is a 401 problem without rate-limit headers (spec 5.10)', async () => {
      const res = await tally.request('GET', '/v1/nope');
      assertProblem(res, 401, 'authentication_failed');
      expect(rateHeadersOf(res)).toEqual([]);
      expect(res.headers.get('x-api-lifecycle')).toBe('beta');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it.each([
      ['a malformed header', 'Token abc'],
      ['an empty bearer', 'Bearer '],
      ['an unknown key of the right form', `Bearer sk_live_${'A'.repeat(40)}`],
      ['a key of the wrong form', 'Bearer sk_prod_abc'],
    ])('THEN %s is the same 401', async (_name, header) => {
      const res = await tally.request('GET', '/v1/boards', { headers: { authorization: header } });
      assertProblem(res, 401, 'authentication_failed');
      expect(rateHeadersOf(res)).toEqual([]);
    });

    it('THEN a wrong secret behind a known prefix answers exactly like an unknown key', async () => {
      const wrong = key.slice(0, -6) + (key.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
      const a = await tally.request('GET', '/v1/boards', { key: wrong });
      const b = await tally.request('GET', '/v1/boards', { key: `sk_live_${'Z'.repeat(40)}` });
      const strip = (r: TestResponse) => ({ ...(r.body as object), request_id: '' });
      expect(a.status).toBe(401);
      expect(strip(a)).toEqual(strip(b));
    });

    it('THEN two Authorization headers are refused even if one is valid', async () => {
      const raw = await rawRequest(
        tally.url,
        `GET /v1/boards HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
      );
      expect(raw).toMatch(/^HTTP\/1\.1 401/);
      expect(raw).toContain('application/problem+json');
    });
  });

  describe('GIVEN a live read-write key', () => {
    it('THEN an unmatched route is a 404 not_found problem with all six rate-limit headers', async () => {
      const res = await tally.request('GET', '/v1/nope', { key });
      assertProblem(res, 404, 'not_found');
      expect(rateHeadersOf(res)).toEqual(RATE_HEADERS);
      expect(res.headers.get('x-api-lifecycle')).toBe('beta');
      expect((res.body as { instance: string }).instance).toBe('/v1/nope');
    });

    it('THEN a lowercase bearer scheme is accepted (the scheme is case-insensitive)', async () => {
      const res = await tally.request('GET', '/v1/boards', {
        headers: { authorization: `bearer ${key}` },
      });
      expect(res.status).toBe(200);
    });

    it('THEN an unmatched route outside /v1 is a problem too', async () => {
      const res = await tally.request('GET', '/nowhere');
      assertProblem(res, 404, 'not_found');
    });
  });

  describe('X-Request-Id (spec 4.1)', () => {
    it('GIVEN a usable inbound id THEN it is honoured, on success and on failure', async () => {
      const ok = await tally.request('GET', '/v1/boards', {
        key,
        headers: { 'x-request-id': 'abc.DEF_123-x' },
      });
      expect(ok.headers.get('x-request-id')).toBe('abc.DEF_123-x');
      const failed = await tally.request('GET', '/v1/nope', {
        headers: { 'x-request-id': 'trace-42' },
      });
      expect(failed.headers.get('x-request-id')).toBe('trace-42');
      expect((failed.body as { request_id: string }).request_id).toBe('trace-42');
    });

    it.each([
      ['too long', 'a'.repeat(65)],
      ['300 characters', 'b'.repeat(300)],
      ['with a space', 'a b'],
      ['with a slash', 'a/b'],
    ])('GIVEN an id %s THEN a fresh one is generated, never reflected', async (_name, inbound) => {
      const res = await tally.request('GET', '/v1/boards', {
        key,
        headers: { 'x-request-id': inbound },
      });
      const id = res.headers.get('x-request-id');
      expect(id).not.toBe(inbound);
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    });

    it('GIVEN no id THEN each response gets a distinct one', async () => {
      const a = await tally.request('GET', '/v1/boards', { key });
      const b = await tally.request('GET', '/v1/boards', { key });
      expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    });
  });

  describe('revocation and withdrawal take effect on the very next request', () => {
    it('GIVEN a revoked key THEN the next call is 401', async () => {
      const doomed = await tally.key({ ownerId: owner });
      expect((await tally.request('GET', '/v1/boards', { key: doomed })).status).toBe(200);
      const [summary] = (await tally.ctx.repos.keys.listByOwner(owner)).slice(-1);
      await revokeKey(tally.ctx, `key_${summary!.id}`, 'operator');
      const res = await tally.request('GET', '/v1/boards', { key: doomed });
      assertProblem(res, 401, 'authentication_failed');
      expect(rateHeadersOf(res)).toEqual([]);
    });

    it('GIVEN an owner whose access is withdrawn THEN every key of it is 401 at once, test keys too', async () => {
      const other = await tally.owner();
      const live = await tally.key({ ownerId: other });
      const test = await tally.key({ ownerId: other, type: 'test', access: 'read' });
      expect((await tally.request('GET', '/v1/boards', { key: live })).status).toBe(200);
      expect((await tally.request('GET', '/v1/boards', { key: test })).status).toBe(200);
      await setOwnerAccess(tally.ctx, other, 'withdraw');
      assertProblem(
        await tally.request('GET', '/v1/boards', { key: live }),
        401,
        'authentication_failed',
      );
      assertProblem(
        await tally.request('GET', '/v1/boards', { key: test }),
        401,
        'authentication_failed',
      );
      // The first owner's key is untouched.
      expect((await tally.request('GET', '/v1/boards', { key })).status).toBe(200);
    });
  });

  describe('scopes are checked exactly (spec 5.4)', () => {
    it('GIVEN a key without boards:read THEN GET /boards is 403 naming the scope', async () => {
      const narrow = await tally.key({ ownerId: owner, scopes: ['entries:read', 'matches:write'] });
      const res = await tally.request('GET', '/v1/boards', { key: narrow });
      assertProblem(res, 403, 'permission_denied');
      expect((res.body as { detail: string }).detail).toContain('boards:read');
      expect(rateHeadersOf(res)).toEqual(RATE_HEADERS);
    });

    it('GIVEN a key with only boards:read THEN GET /boards is 200', async () => {
      const narrow = await tally.key({ ownerId: owner, scopes: ['boards:read'] });
      expect((await tally.request('GET', '/v1/boards', { key: narrow })).status).toBe(200);
    });
  });
});

/** Sends bytes fetch would refuse to send (duplicate or malformed headers) and returns the reply. */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}
