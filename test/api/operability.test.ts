import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTally, type TestTally } from '../support/tally';

/** Issue 6.6: a health check outside /v1 and Prometheus metrics an operator can scrape. */
describe('health and metrics', () => {
  let tally: TestTally;
  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '2' }, { worker: false });
  });
  afterAll(() => tally.stop());

  function sample(metrics: string, name: string, labels: Record<string, string> = {}): number {
    const line = metrics
      .split('\n')
      .find((l) =>
        l.startsWith(`${name}{`) || l.startsWith(`${name} `)
          ? Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))
          : false,
      );
    return line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
  }

  it('reports the database (and Redis when configured) as healthy without a key', async () => {
    const res = await tally.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: tally.config.redisUrl ? 'ok' : 'unused' },
    });
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('counts requests by route template and status, 429s by bucket, and the queue', async () => {
    const owner = await tally.owner();
    const key = await tally.key({ ownerId: owner });
    const board = await tally.board({ ownerId: owner, type: 'Highscore' });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await tally.request('GET', `/v1/boards/${board.id}`, { key })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const queued = await tally.request('POST', `/v1/boards/${board.id}/scores`, {
      key,
      headers: { 'idempotency-key': 'metrics-1' },
      body: JSON.stringify({ player: { name: 'Ann', custom: true }, score: 7 }),
    });
    expect(queued.status).toBe(202); // no worker in this process: it waits in the queue

    const res = await tally.request('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const route = { method: 'GET', route: '/v1/boards/:board' };
    expect(sample(res.text, 'tally_http_requests_total', { ...route, status: '200' })).toBe(2);
    // The limiter runs before routing (spec 5.10), so a 429 has no route template.
    expect(
      sample(res.text, 'tally_http_requests_total', {
        method: 'GET',
        route: 'none',
        status: '429',
      }),
    ).toBe(1);
    expect(sample(res.text, 'tally_rate_limit_rejections_total', { bucket: 'read' })).toBe(1);
    expect(sample(res.text, 'tally_rate_limit_rejections_total', { bucket: 'write' })).toBeNaN();
    expect(
      sample(res.text, 'tally_http_request_duration_seconds_count', { ...route, status: '200' }),
    ).toBe(2);
    expect(sample(res.text, 'tally_queue_depth')).toBe(1);
    expect(sample(res.text, 'tally_worker_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Raw paths never become labels: one series per template, whatever the board id.
    expect(res.text).not.toContain(board.id);
  });

  it('reports the database as down with 503', async () => {
    const other = await startTestTally({}, { worker: false });
    await other.ctx.repos.db.close();
    try {
      const res = await other.request('GET', '/healthz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'down', checks: { database: 'down' } });
    } finally {
      await other.stop().catch(() => undefined);
    }
  });
});
