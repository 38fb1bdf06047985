import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { checkInvariants } from './support-input/invariants';
import { sendRaw, type RawRequest, type RawResponse } from './support-input/raw-http';
import {
  boardPath,
  buildWorld,
  freshIdempotencyKey,
  snapshot,
  type World,
} from './support-input/world';

/**
 * The named hostile inputs of issue 6: each is answered by a deterministic Problem (the same
 * status and code when sent twice, the same body apart from request_id), never an HTML page and
 * never a header value echoed back. Siblings in test/api/common-contract.test.ts check the
 * ordinary contract (fresh ids for unusable X-Request-Id, 401 for two Authorization headers).
 */
describe(`issue 6 named hostile inputs (${backendName})`, () => {
  let world: World;
  let tried = 0;

  beforeAll(async () => {
    world = await buildWorld();
  }, 120_000);
  afterAll(async () => {
    console.log(`tried ${tried} named hostile inputs (each problem case sent twice)`);
    await world.tally.stop();
  });

  const withoutRequestId = (res: RawResponse) => ({ ...(res.body as object), request_id: '' });

  /** Sends `request` twice; both answers must be the same `status`/`code` problem. */
  async function deterministic(
    request: RawRequest,
    status: number,
    code: string,
    reflected: string[] = [],
  ): Promise<RawResponse> {
    const first = await sendRaw(world.tally.url, request);
    const second = await sendRaw(world.tally.url, request);
    tried++;
    for (const res of [first, second]) {
      assertProblem(res, status, code);
      expect(res.raw).not.toMatch(/<html|<!doctype|<body/i);
      for (const value of reflected) expect(res.raw).not.toContain(value);
    }
    expect(withoutRequestId(second)).toEqual(withoutRequestId(first));
    return first;
  }

  const bearer = (): [string, string] => ['Authorization', `Bearer ${world.a.key}`];
  const writeHeaders = (): [string, string][] => [
    bearer(),
    ['Content-Type', 'application/json'],
    ['Idempotency-Key', freshIdempotencyKey()],
  ];

  it('GIVEN limit=100000 on every list operation THEN the same 422 invalid_request twice', async () => {
    const { elo } = world.a.boards;
    for (const target of [
      '/v1/boards?limit=100000',
      `${boardPath(elo, '/entries')}?limit=100000`,
      `${boardPath(elo, '/matches')}?limit=100000`,
    ]) {
      const res = await deterministic(
        { method: 'GET', target, headers: [bearer()] },
        422,
        'invalid_request',
      );
      expect((res.body as { detail: string }).detail).toContain('limit');
    }
  });

  it('GIVEN a 10 MB body (with Content-Length, and chunked) THEN the same 413 twice, nothing stored', async () => {
    const before = await snapshot(world.tally);
    const huge = `{"player":{"name":"${'x'.repeat(10 * 1024 * 1024)}","custom":true},"score":1}`;
    const target = boardPath(world.a.boards.highscore, '/scores');
    await deterministic(
      { method: 'POST', target, headers: writeHeaders(), body: huge },
      413,
      'invalid_request',
    );
    const chunked = Buffer.concat([
      Buffer.from(`${Buffer.byteLength(huge).toString(16)}\r\n`),
      Buffer.from(huge),
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    await deterministic(
      {
        method: 'POST',
        target,
        headers: [...writeHeaders(), ['Transfer-Encoding', 'chunked']],
        body: chunked,
      },
      413,
      'invalid_request',
    );
    expect(await snapshot(world.tally)).toBe(before);
  });

  it('GIVEN deeply nested JSON THEN 413 over 64 KB (100 000 levels) and 422 within it, twice alike', async () => {
    const before = await snapshot(world.tally);
    const target = boardPath(world.a.boards.highscore, '/scores');
    const post = (body: string): RawRequest => ({
      method: 'POST',
      target,
      headers: writeHeaders(),
      body,
    });
    await deterministic(
      post(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
      413,
      'invalid_request',
    );
    await deterministic(
      post(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
      413,
      'invalid_request',
    );
    // Just under 64 KB: parsed, then judged on its shape.
    await deterministic(post(`${'['.repeat(32_000)}${']'.repeat(32_000)}`), 422, 'invalid_request');
    await deterministic(
      post(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
      422,
      'invalid_request',
    );
    const nestedPlayer = `{"player":${'['.repeat(30_000)}${']'.repeat(30_000)},"score":1}`;
    await deterministic(post(nestedPlayer), 422, 'unknown_player');
    expect(await snapshot(world.tally)).toBe(before);
  });

  it('GIVEN malformed JSON THEN the same 400 invalid_request twice, nothing stored', async () => {
    const before = await snapshot(world.tally);
    const target = boardPath(world.a.boards.elo, '/matches');
    for (const body of [
      '{',
      '{"team1":[{"chat_id":"12345678901234567"}],',
      "{'team1':1}",
      '{"winner":"team1",}',
      '{"winner":team1}',
      'NaN',
      '{"a":1} {"b":2}',
      '\u0000',
      Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), // {"\xff":1}: not UTF-8
    ]) {
      await deterministic(
        { method: 'POST', target, headers: writeHeaders(), body },
        400,
        'invalid_request',
      );
    }
    expect(await snapshot(world.tally)).toBe(before);
  });

  it('GIVEN a CR, LF or CRLF inside X-Request-Id THEN a 400 problem with a fresh id, never the value', async () => {
    for (const value of ['evil\rSet-Cookie: a=1', 'evil\nSet-Cookie: a=1', 'evil\u0000nul']) {
      const res = await deterministic(
        { method: 'GET', target: '/v1/boards', headers: [bearer(), ['X-Request-Id', value]] },
        400,
        'invalid_request',
        ['Set-Cookie', 'evil'],
      );
      expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f-]{36}$/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A CRLF pair ends the header: "evil" is a usable id, the rest a header of its own that is ignored.
    const split = await sendRaw(world.tally.url, {
      method: 'GET',
      target: '/v1/nope',
      headers: [['X-Request-Id', 'evil\r\nX-Injected: injected-value']],
    });
    tried++;
    assertProblem(split, 401, 'authentication_failed');
    expect(split.raw).not.toContain('injected-value');
    expect(split.headers['x-injected']).toBeUndefined();
  });

  it('GIVEN a 300-character X-Request-Id THEN a fresh id on the problem, never the value', async () => {
    const value = `long${'r'.repeat(296)}`;
    const res = await deterministic(
      {
        method: 'GET',
        target: '/v1/boards/board_999999999',
        headers: [bearer(), ['X-Request-Id', value]],
      },
      404,
      'not_found',
      [value.slice(0, 40)],
    );
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    const ok = await sendRaw(world.tally.url, {
      method: 'GET',
      target: '/v1/boards',
      headers: [bearer(), ['X-Request-Id', value]],
    });
    expect(ok.status).toBe(200);
    expect(ok.raw).not.toContain(value.slice(0, 40));
  });

  it('GIVEN two Authorization headers (both valid, or one valid) THEN the same 401 twice, no key echoed', async () => {
    const pairs: [string, string][][] = [
      [bearer(), bearer()],
      [bearer(), ['Authorization', 'Bearer sk_live_wrongwrongwrongwrongwrongwrongwrong']],
      [['Authorization', 'Basic dXNlcjpwYXNz'], bearer()],
    ];
    for (const headers of pairs) {
      for (const target of ['/v1/boards', boardPath(world.a.boards.elo, '/entries')]) {
        const res = await deterministic(
          { method: 'GET', target, headers },
          401,
          'authentication_failed',
          [world.a.key, 'wrongwrong'],
        );
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    }
    const before = await snapshot(world.tally);
    await deterministic(
      {
        method: 'POST',
        target: boardPath(world.a.boards.highscore, '/scores'),
        headers: [...writeHeaders(), bearer()],
        body: '{"player":{"chat_id":"12345678901234567"},"score":5}',
      },
      401,
      'authentication_failed',
      [world.a.key],
    );
    expect(await snapshot(world.tally)).toBe(before);
  });

  it('GIVEN a lowercase "bearer" THEN a valid key is served (RFC 9110: the scheme is case-insensitive) and a bad one is the same 401 as with "Bearer"', async () => {
    const served = await sendRaw(world.tally.url, {
      method: 'GET',
      target: '/v1/boards',
      headers: [['Authorization', `bearer ${world.a.key}`]],
    });
    tried++;
    checkInvariants(served, {
      method: 'GET',
      operationId: 'listBoards',
      pathDecodes: true,
      parses: true,
      requestIds: [],
      secrets: [world.a.key],
    });
    expect(served.status).toBe(200);
    const unknown = `sk_live_${'Q'.repeat(40)}`;
    const lower = await deterministic(
      { method: 'GET', target: '/v1/boards', headers: [['Authorization', `bearer ${unknown}`]] },
      401,
      'authentication_failed',
      [unknown],
    );
    const upper = await sendRaw(world.tally.url, {
      method: 'GET',
      target: '/v1/boards',
      headers: [['Authorization', `Bearer ${unknown}`]],
    });
    expect(withoutRequestId(upper)).toEqual(withoutRequestId(lower));
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      await deterministic(
        {
          method: 'GET',
          target: '/v1/boards',
          headers: [['Authorization', `${scheme}${world.a.key}`]],
        },
        401,
        'authentication_failed',
        [world.a.key],
      );
    }
  });

  describe('found while fuzzing (regressions)', () => {
    it('GIVEN a request head over 16 KB (a very long id or header) THEN the same 400 problem, not a bare 431', async () => {
      const longPath = `/v1/boards/${'b'.repeat(20_000)}`;
      const res = await deterministic(
        { method: 'GET', target: longPath, headers: [bearer()] },
        400,
        'invalid_request',
      );
      // instance is the path that failed (spec 2.11), cut to 2 048 characters.
      const { instance } = res.body as { instance: string };
      expect(instance.startsWith('/v1/boards/bbb')).toBe(true);
      expect(instance.length).toBeLessThanOrEqual(2048);
      await deterministic(
        {
          method: 'GET',
          target: '/v1/boards',
          headers: [bearer(), ['X-Padding', 'p'.repeat(20_000)]],
        },
        400,
        'invalid_request',
        ['ppppppppppppppppppppp'],
      );
    });

    it('GIVEN a gzip Content-Encoding whose bytes do not inflate THEN 400, not a 500', async () => {
      const before = await snapshot(world.tally);
      await deterministic(
        {
          method: 'POST',
          target: boardPath(world.a.boards.highscore, '/scores'),
          headers: [...writeHeaders(), ['Content-Encoding', 'gzip']],
          body: '{"player":{"chat_id":"12345678901234567"},"score":1}',
        },
        400,
        'invalid_request',
      );
      expect(await snapshot(world.tally)).toBe(before);
    });

    it('GIVEN OPTIONS on an operation path THEN a 404 not_found problem, not Express\'s text "GET, HEAD"', async () => {
      for (const target of ['/v1/boards', boardPath(world.a.boards.elo, '/matches')]) {
        await deterministic({ method: 'OPTIONS', target, headers: [bearer()] }, 404, 'not_found');
      }
      await deterministic(
        { method: 'OPTIONS', target: '/v1/boards', headers: [] },
        401,
        'authentication_failed',
      );
    });

    it('GIVEN a method Node does not know, or a lower-case one THEN a 400 problem', async () => {
      for (const method of ['FOO', 'get']) {
        await deterministic(
          { method, target: '/v1/boards', headers: [bearer()] },
          400,
          'invalid_request',
          [world.a.key],
        );
      }
    });
  });
});
