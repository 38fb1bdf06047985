import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { revokeKey } from '../../src/pipeline/keys';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { startTestTally, type TestTally } from '../support/tally';
import { sendRaw, type RawRequest, type RawResponse } from './support-input/raw-http';
import { boardPath, freshIdempotencyKey } from './support-input/world';

/**
 * Issue 6: "a request rejected by one bucket, or by auth or scope, consumes nothing from the other
 * bucket" (spec 8: separate read and write buckets; DESIGN.md 3: 401 → 429 → … → 403). A 401 never
 * reaches the limiter, so it consumes from neither; a 429 or a 403 takes from its own bucket only.
 * test/api/rate-limit.test.ts covers the plain 429-on-one-bucket case; this adds auth and scope.
 */
const READS = 5;
const WRITES = 3;

describe(`bucket isolation: rejections consume nothing from the other bucket (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let board: Board;
  let sent = 0;

  beforeAll(async () => {
    tally = await startTestTally({
      RATE_LIMIT_READ_PER_MIN: String(READS),
      RATE_LIMIT_WRITE_PER_MIN: String(WRITES),
    });
    owner = await tally.owner();
    board = await tally.board({ ownerId: owner, type: 'Highscore', windowHours: 24 });
  });
  afterAll(async () => {
    console.log(
      `sent ${sent} requests (401, 403 and 429 rejections among them) to read ${READS}/min and write ${WRITES}/min buckets`,
    );
    await tally.stop();
  });

  const send = async (request: RawRequest): Promise<RawResponse> => {
    sent++;
    return sendRaw(tally.url, request);
  };
  const read = (auth: [string, string][]): RawRequest => ({
    method: 'GET',
    target: '/v1/boards',
    headers: auth,
  });
  const write = (
    auth: [string, string][],
    body = '{"player":{"chat_id":"12345678901234567"},"score":1}',
  ): RawRequest => ({
    method: 'POST',
    target: boardPath(board, '/scores'),
    headers: [
      ...auth,
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', freshIdempotencyKey()],
    ],
    body,
  });
  const bearer = (key: string): [string, string][] => [['Authorization', `Bearer ${key}`]];
  const remaining = (res: RawResponse) => Number(res.headers['ratelimit-remaining']);

  /** Both buckets of `key` are whole: the next read and write each leave capacity − 1. */
  async function expectWhole(key: string) {
    const r = await sendRaw(tally.url, read(bearer(key)));
    expect(r.status).toBe(200);
    expect(remaining(r)).toBe(READS - 1);
    const w = await sendRaw(tally.url, write(bearer(key)));
    expect([201, 202, 403]).toContain(w.status);
    expect(remaining(w)).toBe(WRITES - 1);
  }

  it('GIVEN a read bucket emptied and read 429s THEN the write bucket is whole, and the reverse', async () => {
    const key = await tally.key({ ownerId: owner });
    for (let i = 0; i < READS; i++) expect((await send(read(bearer(key)))).status).toBe(200);
    for (let i = 0; i < 10; i++) assertProblem(await send(read(bearer(key))), 429, 'rate_limited');
    const w = await send(write(bearer(key)));
    expect(w.status).toBe(202);
    expect(remaining(w)).toBe(WRITES - 1);

    const other = await tally.key({ ownerId: owner });
    for (let i = 0; i < WRITES; i++) await send(write(bearer(other)));
    for (let i = 0; i < 10; i++)
      assertProblem(await send(write(bearer(other))), 429, 'rate_limited');
    const r = await send(read(bearer(other)));
    expect(r.status).toBe(200);
    expect(remaining(r)).toBe(READS - 1);
  });

  it('GIVEN many 401s that name a real key (wrong secret on its prefix, two headers, revoked sibling) THEN neither of its buckets loses a token', async () => {
    const key = await tally.key({ ownerId: owner });
    const doomed = await tally.key({ ownerId: owner });
    const [summary] = (await tally.ctx.repos.keys.listByOwner(owner)).slice(-1);
    await revokeKey(tally.ctx, `key_${summary!.id}`, 'operator');
    const refused: [string, string][][] = [
      [],
      bearer(`${key.slice(0, -4)}XXXX`),
      bearer(`${key}X`),
      [...bearer(key), ...bearer(key)],
      [['Authorization', `Basic ${Buffer.from(`${key}:`).toString('base64')}`]],
      [['Authorization', `Bearer${key}`]],
      bearer(doomed),
    ];
    for (const auth of refused) {
      for (let i = 0; i < 2; i++) {
        assertProblem(await send(read(auth)), 401, 'authentication_failed');
        assertProblem(await send(write(auth)), 401, 'authentication_failed');
      }
    }
    await expectWhole(key);
  });

  it('GIVEN 403s (missing scope, test key writing) THEN only the bucket of the refused method pays, the other is whole', async () => {
    // A key with only boards:read: its writes are 403 and take write tokens (the limiter runs first),
    // never read tokens.
    const narrow = await tally.key({ ownerId: owner, scopes: ['boards:read'] });
    for (let i = 0; i < WRITES; i++) {
      const res = await send(write(bearer(narrow)));
      assertProblem(res, 403, 'permission_denied');
      expect(remaining(res)).toBe(WRITES - 1 - i);
    }
    assertProblem(await send(write(bearer(narrow))), 429, 'rate_limited');
    const r = await send(read(bearer(narrow)));
    expect(r.status).toBe(200);
    expect(remaining(r)).toBe(READS - 1);

    // A test key with write scopes: 403 on every write, read bucket untouched.
    const test = await tally.key({ ownerId: owner, type: 'test', access: 'read-write' });
    for (let i = 0; i < WRITES + 2; i++) {
      expect([403, 429]).toContain((await send(write(bearer(test)))).status);
    }
    const tr = await send(read(bearer(test)));
    expect(tr.status).toBe(200);
    expect(remaining(tr)).toBe(READS - 1);

    // A key without entries:read: its entry reads are 403 and take read tokens, never write tokens.
    const noEntries = await tally.key({ ownerId: owner, scopes: ['boards:read', 'scores:write'] });
    for (let i = 0; i < READS + 2; i++) {
      const res = await send({
        method: 'GET',
        target: boardPath(board, '/entries'),
        headers: bearer(noEntries),
      });
      expect([403, 429]).toContain(res.status);
    }
    const nw = await send(write(bearer(noEntries)));
    expect(nw.status).toBe(202);
    expect(remaining(nw)).toBe(WRITES - 1);
  });
});
