import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintKey } from '../../src/pipeline/keys';
import { backendName } from '../support/backends';
import {
  headerOf,
  linesWithout,
  rawRequest,
  serveUncached,
  type RawAnswer,
} from '../support/raw-http';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * src/api/fast-path.ts answers cached first pages without Express. What Express does around such
 * a request must still happen: the key's read bucket (and its 429, with the token already taken),
 * the metrics by route template and the access log's request id.
 */
describe(`the first-page fast path (${backendName})`, () => {
  const LIMIT = 4;
  let tally: TestTally;
  let uncached: Awaited<ReturnType<typeof serveUncached>>;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: String(LIMIT) }, { worker: false });
    uncached = await serveUncached(tally.ctx);
  });
  afterAll(async () => {
    await uncached.close();
    await tally.stop();
  });

  const PER_REQUEST = new Set(['date', 'ratelimit-reset', 'x-ratelimit-reset', 'retry-after']);
  const stable = (answer: RawAnswer) => linesWithout(answer, PER_REQUEST);

  async function reads(base: string, path: string, key: string, n: number) {
    const answers = [];
    for (let i = 0; i < n; i++) {
      answers.push(
        await rawRequest(`${base}${path}`, {
          headers: { authorization: `Bearer ${key}`, 'x-request-id': `read-${i}` },
        }),
      );
    }
    return answers;
  }

  function sample(metrics: string, name: string, labels: Record<string, string>): number {
    const line = metrics
      .split('\n')
      .find(
        (l) =>
          l.startsWith(`${name}{`) &&
          Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
      );
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  }

  it('GIVEN cached pages WHEN a key reads past its limit THEN the same buckets, 429 and metrics as without the caches', async () => {
    const ownerId = await tally.owner();
    const board = await tally.board({ ownerId, type: 'Highscore' });
    const path = `/v1/boards/${board.id}/entries`;
    const cachedKey = await mintKey(tally.ctx, { ownerId, type: 'live', access: 'read' });
    const referenceKey = await mintKey(tally.ctx, { ownerId, type: 'live', access: 'read' });
    const before = (await tally.request('GET', '/metrics')).text;

    // The first read fills the caches through Express; the next ones take the fast path.
    const cached = await reads(tally.url, path, cachedKey.secret, LIMIT + 2);
    const reference = await reads(uncached.url, path, referenceKey.secret, LIMIT + 2);
    expect(cached.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(reference.map((a) => a.status)).toEqual(cached.map((a) => a.status));
    cached.forEach((answer, i) => {
      expect(answer.text).toBe(reference[i]!.text);
      expect(stable(answer)).toEqual(stable(reference[i]!));
    });
    expect(headerOf(cached[LIMIT]!, 'retry-after')).toMatch(/^\d+$/);

    const after = (await tally.request('GET', '/metrics')).text;
    const count = (labels: Record<string, string>) =>
      sample(after, 'tally_http_requests_total', labels) -
      sample(before, 'tally_http_requests_total', labels);
    expect(count({ method: 'GET', route: '/v1/boards/:board/entries', status: '200' })).toBe(LIMIT);
    expect(count({ method: 'GET', route: 'none', status: '429' })).toBe(2);
    const rejected = (text: string) =>
      sample(text, 'tally_rate_limit_rejections_total', { bucket: 'read' });
    expect(rejected(after) - rejected(before)).toBe(2);
    const timed = (text: string) =>
      sample(text, 'tally_http_request_duration_seconds_count', {
        route: '/v1/boards/:board/entries',
        status: '200',
      });
    expect(timed(after) - timed(before)).toBe(LIMIT);
  });
});
