import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { startTestTally, type TestTally } from '../support/tally';

describe(`a thrown exception (${backendName})`, () => {
  let tally: TestTally;
  let key: string;

  beforeAll(async () => {
    tally = await startTestTally();
    key = await tally.key({ ownerId: await tally.owner() });
  });
  afterAll(() => tally.stop().catch(() => undefined));

  it('GIVEN a path parameter that is not valid percent-encoding THEN 400, never a 500', async () => {
    for (const path of [
      '/v1/boards/%E0%A4%A',
      '/v1/boards/%E0%A4%A/entries',
      '/v1/boards/x/entries/%FF',
    ]) {
      assertProblem(await tally.request('GET', path, { key }), 400, 'invalid_request');
    }
  });

  it('GIVEN the database is gone THEN the answer is a 500 internal_error problem, no stack, no HTML', async () => {
    // A Tally of its own: one whose database was closed under it stays broken (its prepared
    // statements keep the closed connection), and the other test must not meet it.
    const broken = await startTestTally();
    try {
      const own = await broken.key({ ownerId: await broken.owner() });
      expect((await broken.request('GET', '/v1/boards', { key: own })).status).toBe(200);
      await broken.ctx.repos.db.dataSource.destroy();
      const res = await broken.request('GET', '/v1/boards', { key: own });
      assertProblem(res, 500, 'internal_error');
      expect(res.text).not.toMatch(/at .*\.ts|<html|Error:/i);
      expect(res.headers.get('x-api-lifecycle')).toBe('beta');
      // Reopen so teardown can close it normally.
      await broken.ctx.repos.db.dataSource.initialize();
    } finally {
      await broken.stop().catch(() => undefined);
    }
  });
});
