import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * The limiter seen through HTTP (spec 8). Limits are lowered by configuration so a few requests
 * reach them; the bucket arithmetic itself is specified in token-bucket.test.ts.
 */
describe(`rate limits over HTTP (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '3', RATE_LIMIT_WRITE_PER_MIN: '2' });
    owner = await tally.owner();
  });
  afterAll(() => tally.stop());

  it('GIVEN 3 reads per minute THEN the 4th read is 429 with Retry-After and exact headers', async () => {
    const key = await tally.key({ ownerId: owner });
    const before = Math.floor(Date.now() / 1000);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await tally.request('GET', '/v1/boards', { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const res = await tally.request('GET', '/v1/boards', { key });
    assertProblem(res, 429, 'rate_limited');
    // One token of 3/min takes 20 s; a whole bucket about a minute.
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(19);
    expect(retryAfter).toBeLessThanOrEqual(20);
    const reset = Number(res.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(59);
    expect(reset).toBeLessThanOrEqual(60);
    const resetAt = Number(res.headers.get('x-ratelimit-reset'));
    expect(resetAt).toBeGreaterThanOrEqual(before + 59);
    expect(resetAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('GIVEN the read bucket is empty THEN writes still pass the limiter, and the reverse', async () => {
    const key = await tally.key({ ownerId: owner });
    for (let i = 0; i < 3; i++) await tally.request('GET', '/v1/boards', { key });
    expect((await tally.request('GET', '/v1/boards', { key })).status).toBe(429);
    // An unmatched POST still passes through the write bucket (the limiter runs before routing).
    const w1 = await tally.request('POST', '/v1/nope', { key, body: '{}' });
    assertProblem(w1, 404, 'not_found');
    expect(w1.headers.get('ratelimit-limit')).toBe('2');
    expect(w1.headers.get('ratelimit-remaining')).toBe('1');
    await tally.request('POST', '/v1/nope', { key, body: '{}' });
    assertProblem(
      await tally.request('POST', '/v1/nope', { key, body: '{}' }),
      429,
      'rate_limited',
    );
  });

  it('GIVEN a 429 on one bucket THEN the other bucket has lost nothing', async () => {
    const key = await tally.key({ ownerId: owner });
    for (let i = 0; i < 5; i++) await tally.request('POST', '/v1/nope', { key, body: '{}' });
    const read = await tally.request('GET', '/v1/boards', { key });
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('GIVEN two keys of one owner THEN each has its own buckets', async () => {
    const a = await tally.key({ ownerId: owner });
    const b = await tally.key({ ownerId: owner });
    for (let i = 0; i < 3; i++) await tally.request('GET', '/v1/boards', { key: a });
    expect((await tally.request('GET', '/v1/boards', { key: a })).status).toBe(429);
    expect((await tally.request('GET', '/v1/boards', { key: b })).status).toBe(200);
  });

  it('GIVEN no usable key THEN nothing is consumed and no limit headers are sent', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await tally.request('GET', '/v1/boards', {
        headers: { authorization: 'Bearer nope' },
      });
      expect(res.status).toBe(401);
      expect(res.headers.has('ratelimit-limit')).toBe(false);
    }
  });
});
