import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardUrl } from '../../src/domain/board-url';
import { deleteBoard } from '../../src/pipeline/board-deletion';
import { backendName } from '../support/backends';
import { playerPath } from '../web/seed';
import { idempotencyHeader, nextSnowflake, startTestTally, type TestTally } from '../support/tally';

/**
 * After a board is deleted (src/pipeline/board-deletion.ts) every /v1 route of it answers the
 * spec's 404 problem (`not_found`), cached first pages and keys included, a replayed write is
 * not answered from its old record, and its public pages are 404; the owner's other board and
 * the key are untouched.
 */
describe(`a deleted board over HTTP (${backendName})`, () => {
  let tally: TestTally;
  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_READ_PER_MIN: '1000000' });
  });
  afterAll(() => tally.stop());

  it('GIVEN a board read through the API and the web THEN after deletion every route of it is a 404 problem', async () => {
    const ownerId = await tally.owner();
    const key = await tally.key({ ownerId });
    const board = await tally.board({ ownerId, type: 'ELO', windowHours: 0 });
    const kept = await tally.board({ ownerId, type: 'ELO', windowHours: 0 });
    const [a, b] = [nextSnowflake(), nextSnowflake()];
    const write = {
      headers: idempotencyHeader(),
      body: JSON.stringify({ team1: [{ chat_id: a }], team2: [{ chat_id: b }], winner: 'team1' }),
    };
    const posted = await tally.request('POST', `/v1/boards/${board.id}/matches`, { key, ...write });
    expect(posted.status, posted.text).toBe(201);
    const handle = (posted.body as { handle: string }).handle;

    const base = `/v1/boards/${board.id}`;
    const reads = [
      base,
      `${base}/entries`,
      `${base}/entries/chat:${a}`,
      `${base}/matches`,
      `${base}/matches/1`,
      `/v1/submissions/${handle}`,
    ];
    const page = new URL(boardUrl('http://x', board)).pathname;
    for (let i = 0; i < 2; i++) {
      for (const path of reads)
        expect((await tally.request('GET', path, { key })).status, path).toBe(200);
    }
    expect((await tally.request('GET', page)).status).toBe(200);
    expect((await tally.request('GET', playerPath(board, `chat:${a}`))).status).toBe(200);

    await deleteBoard(tally.ctx, ownerId, board.id, 'cli');

    for (const path of reads) {
      const res = await tally.request('GET', path, { key });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((res.body as { code: string }).code).toBe('not_found');
    }
    // The same write again: its idempotency record went with the board, so no replay of a 201.
    const replay = await tally.request('POST', `/v1/boards/${board.id}/matches`, { key, ...write });
    expect(replay.status).toBe(404);
    expect((replay.body as { code: string }).code).toBe('not_found');
    expect((await tally.request('GET', page)).status).toBe(404);
    expect((await tally.request('GET', playerPath(board, `chat:${a}`))).status).toBe(404);
    // The key and the other board are untouched.
    expect((await tally.request('GET', `/v1/boards/${kept.id}/entries`, { key })).status).toBe(200);
    expect((await tally.request('GET', new URL(boardUrl('http://x', kept)).pathname)).status).toBe(
      200,
    );
  });
});
