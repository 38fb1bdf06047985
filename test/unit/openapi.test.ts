import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors';
import {
  assertContract,
  assertProblem,
  assertProblemDocument,
  assertSchema,
  type ContractResponse,
  type JsonSchema,
  openapiDocument,
  operations,
  schemaErrors,
} from '../support/contract';

const doc = openapiDocument;
const schemas = doc.components.schemas;

const schema = (name: string): JsonSchema => {
  const found = schemas[name];
  if (found === undefined) throw new Error(`missing schema ${name}`);
  return found;
};

/** Spec 7, in table order. */
const SPEC_ERROR_CODES = [
  'invalid_request',
  'authentication_failed',
  'permission_denied',
  'not_found',
  'idempotency_conflict',
  'rate_limited',
  'board_type_mismatch',
  'team_size_mismatch',
  'duplicate_participant',
  'unknown_player',
  'board_locked',
  'internal_error',
];

const RATE_HEADERS = {
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '1',
  'x-ratelimit-limit': '600',
  'x-ratelimit-remaining': '599',
  'x-ratelimit-reset': '1767225600',
};

const jsonHeaders = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'req_test',
  'x-api-lifecycle': 'beta',
  ...RATE_HEADERS,
  ...extra,
});

const problemHeaders = (extra: Record<string, string> = {}) =>
  jsonHeaders({ 'content-type': 'application/problem+json; charset=utf-8', ...extra });

const validBoard = () => ({
  id: 'board_1',
  display_name: 'Ranked 1v1',
  type: 'ELO',
  sort: 'desc',
  team_size: 1,
  fixed_teams: false,
  url: 'http://tally.test/boards/guild%3A1/board_1',
  write: {
    endpoint: '/v1/boards/board_1/matches',
    requires: ['team1', 'team2', 'winner'],
    rejects: ['team1_score', 'team2_score', 'score'],
    operator: 'elo',
    k_factor: 32,
    start_rating: 1000,
  },
  validation_window_hours: 24,
  auto_applies: false,
});

const validProblem = (overrides: Record<string, unknown> = {}) => ({
  type: 'http://tally.test/errors/not-found',
  title: 'Not found',
  status: 404,
  detail: 'No board board_9',
  instance: '/v1/boards/board_9',
  code: 'not_found',
  request_id: 'req_test',
  ...overrides,
});

/** A copy of `object` without `key`. */
const without = <T extends object>(object: T, key: keyof T): Record<string, T[keyof T]> =>
  Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));

const ok = (
  body: unknown,
  headers: ContractResponse['headers'] = jsonHeaders(),
  status = 200,
): ContractResponse => ({
  status,
  headers,
  body,
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the beta marker and version of spec 9.3', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Leaderboard Scoring API');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc['x-beta']).toEqual({
      lifecycle: 'beta',
      header: 'X-API-Lifecycle',
      access: 'open',
      breaking_changes_without_version_bump: true,
    });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/v1' })]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('has exactly the nine operations of spec 4 with their methods, paths and scopes', () => {
    const expected = [
      ['listBoards', 'get', '/boards', 'boards:read'],
      ['getBoard', 'get', '/boards/{board}', 'boards:read'],
      ['listEntries', 'get', '/boards/{board}/entries', 'entries:read'],
      ['getEntry', 'get', '/boards/{board}/entries/{player_id}', 'entries:read'],
      ['listMatches', 'get', '/boards/{board}/matches', 'matches:read'],
      ['getMatch', 'get', '/boards/{board}/matches/{match_id}', 'matches:read'],
      ['createMatch', 'post', '/boards/{board}/matches', 'matches:write'],
      ['createScore', 'post', '/boards/{board}/scores', 'scores:write'],
      ['getSubmission', 'get', '/submissions/{handle}', 'boards:read'],
    ] as const;
    expect([...operations.keys()].sort()).toEqual(expected.map(([id]) => id).sort());
    for (const [id, method, path, scope] of expected) {
      const info = operations.get(id);
      expect(info, id).toBeDefined();
      expect({ id, method: info?.method, path: info?.path }).toEqual({ id, method, path });
      expect(info?.operation.security, id).toEqual([{ bearerAuth: [scope] }]);
      expect(info?.operation['x-scope'], id).toBe(scope);
      expect(info?.operation.description, id).toContain(`\`${scope}\``);
    }
  });

  it('documents exactly the statuses spec 4 lists for each operation', () => {
    const reads = ['401', '403', '404', '422', '429', '500'];
    const writes = ['201', '202', '400', '401', '403', '404', '409', '413', '422', '429', '500'];
    const expected: Record<string, string[]> = {
      listBoards: ['200', '400', '401', '403', '422', '429', '500'],
      getBoard: ['200', ...reads],
      listEntries: ['200', '400', ...reads],
      getEntry: ['200', '400', ...reads],
      listMatches: ['200', '400', ...reads],
      getMatch: ['200', ...reads],
      createMatch: writes,
      createScore: writes,
      getSubmission: ['200', ...reads],
    };
    for (const [id, statuses] of Object.entries(expected)) {
      const responses = operations.get(id)?.operation.responses ?? {};
      expect(Object.keys(responses).sort(), id).toEqual([...statuses].sort());
    }
  });

  it('requires Idempotency-Key (1–255) on both POSTs', () => {
    const key = doc.components.parameters.IdempotencyKey;
    expect(key).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
    for (const id of ['createMatch', 'createScore']) {
      expect(operations.get(id)?.operation.parameters, id).toContainEqual({
        $ref: '#/components/parameters/IdempotencyKey',
      });
      expect(operations.get(id)?.operation.requestBody, id).toMatchObject({ required: true });
    }
  });

  it('declares the parameters of spec 4.1', () => {
    const p = doc.components.parameters;
    expect(p.Board?.schema).toEqual({ type: 'string', minLength: 1, maxLength: 100 });
    expect(p.PlayerId?.schema).toEqual({ type: 'string', minLength: 1, maxLength: 160 });
    expect(p.MatchId?.schema).toEqual({ type: 'integer', minimum: 1 });
    expect(p.Handle?.schema).toEqual({ type: 'string', pattern: '^sub_\\d+$' });
    expect(p.Limit?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(p.Cursor?.schema).toEqual({ type: 'string', minLength: 1, maxLength: 512 });
    expect(p.PlayerFilter?.schema).toEqual({ type: 'string', minLength: 1, maxLength: 160 });
    expect(schema('MatchStatus').enum).toEqual([
      'pending',
      'approved',
      'rejected',
      'adjusted',
      'set',
    ]);
  });

  it.each([
    'Board',
    'WriteContract',
    'Entry',
    'Match',
    'MatchParticipant',
    'MatchRef',
    'WriteAccepted',
    'Submission',
    'ChatMember',
    'CustomPlayer',
    'RoleParticipant',
    'TeamParticipant',
    'MatchWriteElo',
    'MatchWriteLeague',
    'ScoreWrite',
    'BoardList',
    'EntryList',
    'MatchList',
    'Problem',
  ])('closes %s with additionalProperties: false', (name) => {
    expect(schema(name).additionalProperties).toBe(false);
  });

  it.each([
    [
      'Board',
      [
        'id',
        'display_name',
        'type',
        'sort',
        'team_size',
        'fixed_teams',
        'url',
        'write',
        'validation_window_hours',
        'auto_applies',
      ],
    ],
    ['WriteContract', ['endpoint', 'requires', 'rejects', 'operator']],
    ['Entry', ['rank', 'player_id', 'player_name', 'last_sub']],
    [
      'Match',
      ['id', 'board', 'team_size', 'team1', 'team2', 'winner', 'status', 'applied', 'submitted_at'],
    ],
    ['MatchParticipant', ['player_id', 'player_name']],
    ['MatchRef', ['id', 'url', 'applied']],
    ['WriteAccepted', ['handle', 'board', 'status', 'applied', 'queued_at']],
    ['Submission', ['handle', 'status', 'board', 'match']],
    ['ChatMember', ['chat_id']],
    ['CustomPlayer', ['name', 'custom']],
    ['RoleParticipant', ['role_id']],
    ['TeamParticipant', ['team_id']],
    ['MatchWriteElo', ['team1', 'team2', 'winner']],
    ['MatchWriteLeague', ['team1', 'team2', 'team1_score', 'team2_score']],
    ['ScoreWrite', ['player', 'score']],
    ['BoardList', ['data', 'has_more', 'next_cursor']],
    ['EntryList', ['data', 'has_more', 'next_cursor']],
    ['MatchList', ['data', 'has_more', 'next_cursor']],
    ['Problem', ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id']],
  ])('requires exactly the spec fields of %s', (name, required) => {
    expect([...(schema(name).required ?? [])].sort()).toEqual([...required].sort());
  });

  it('has the Problem code enum equal to the twelve codes of spec 7', () => {
    const code = schema('Problem').properties?.code;
    expect(typeof code === 'object' ? code.enum : undefined).toEqual(SPEC_ERROR_CODES);
  });

  it('lists the same error codes as the implementation (src/domain/errors.ts)', () => {
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...SPEC_ERROR_CODES].sort());
  });

  it('serves every failure as application/problem+json and every success as application/json', () => {
    for (const [id, info] of operations) {
      for (const [status, ref] of Object.entries(info.operation.responses)) {
        const name = '$ref' in ref ? ref.$ref.split('/').pop() : undefined;
        const response = name === undefined ? undefined : doc.components.responses[name];
        expect(response, `${id} ${status}`).toBeDefined();
        const media = Object.keys(response?.content ?? {});
        expect(media, `${id} ${status}`).toEqual([
          Number(status) >= 400 ? 'application/problem+json' : 'application/json',
        ]);
        const headers = Object.keys(response?.headers ?? {});
        expect(headers, `${id} ${status}`).toEqual(
          expect.arrayContaining(['X-Request-Id', 'X-API-Lifecycle']),
        );
        if (status !== '401') {
          expect(headers, `${id} ${status}`).toEqual(
            expect.arrayContaining([
              'RateLimit-Limit',
              'RateLimit-Remaining',
              'RateLimit-Reset',
              'X-RateLimit-Limit',
              'X-RateLimit-Remaining',
              'X-RateLimit-Reset',
            ]),
          );
        }
        if (status === '429' || status === '409') expect(headers).toContain('Retry-After');
        if (status === '201' || status === '202') expect(headers).toContain('Idempotent-Replayed');
      }
    }
  });
});

describe('assertContract', () => {
  it('accepts a valid Board on getBoard 200', () => {
    expect(() => assertContract(ok(validBoard()), 'getBoard')).not.toThrow();
  });

  it('accepts a Rating board with write: null and plain-record headers with array values', () => {
    const headers = { ...jsonHeaders(), 'x-request-id': ['req_test'] };
    const rating = { ...validBoard(), type: 'Rating', write: null };
    expect(() => assertContract({ status: 200, headers, body: rating }, 'getBoard')).not.toThrow();
  });

  it('accepts a fetch Headers object', () => {
    const res: ContractResponse = {
      status: 200,
      headers: new Headers(jsonHeaders()),
      body: validBoard(),
    };
    expect(() => assertContract(res, 'getBoard')).not.toThrow();
    res.headers = new Headers(jsonHeaders({ 'content-type': 'text/plain' }));
    expect(() => assertContract(res, 'getBoard')).toThrow(/Content-Type is "text\/plain"/);
  });

  it('rejects a Board with an extra field, naming it', () => {
    expect(() => assertContract(ok({ ...validBoard(), owner: 'guild:1' }), 'getBoard')).toThrow(
      /additional properties: "owner"/,
    );
  });

  it('rejects a Board with a missing required field, naming it', () => {
    const board = without(validBoard(), 'auto_applies');
    expect(() => assertContract(ok(board), 'getBoard')).toThrow(/required property 'auto_applies'/);
  });

  it('rejects a WriteContract that carries fields of another board type', () => {
    const board = validBoard();
    const write = { ...board.write, points_win: 3 };
    expect(() => assertContract(ok({ ...board, write }), 'getBoard')).toThrow(
      /\/write\/points_win boolean schema is false/,
    );
  });

  it('rejects a status the operation does not document', () => {
    // spec 4.3 lists no 400 for GET /boards/{board}.
    expect(() =>
      assertContract(
        { status: 400, headers: problemHeaders(), body: validProblem({ status: 400 }) },
        'getBoard',
      ),
    ).toThrow(/status 400 is not documented for getBoard/);
    expect(() => assertContract(ok(validBoard(), jsonHeaders(), 201), 'getBoard')).toThrow(
      /not documented/,
    );
  });

  it('rejects an unknown operationId', () => {
    expect(() => assertContract(ok(validBoard()), 'deleteBoard')).toThrow(/Unknown operationId/);
  });

  it('rejects a success served with the wrong content type', () => {
    const headers = jsonHeaders({ 'content-type': 'text/html' });
    expect(() => assertContract(ok(validBoard(), headers), 'getBoard')).toThrow(/Content-Type/);
  });

  it('rejects a success without the rate-limit or lifecycle headers', () => {
    const headers = without(jsonHeaders(), 'ratelimit-remaining');
    expect(() => assertContract(ok(validBoard(), headers), 'getBoard')).toThrow(
      /RateLimit-Remaining is required but missing/,
    );
    expect(() =>
      assertContract(ok(validBoard(), jsonHeaders({ 'x-api-lifecycle': 'ga' })), 'getBoard'),
    ).toThrow(/X-API-Lifecycle/);
  });

  it('accepts a valid Problem on a documented error status', () => {
    expect(() =>
      assertContract({ status: 404, headers: problemHeaders(), body: validProblem() }, 'getBoard'),
    ).not.toThrow();
  });

  it('accepts a 401 without rate-limit headers (authentication runs before the limiter)', () => {
    const headers = {
      'content-type': 'application/problem+json',
      'x-request-id': 'req_test',
      'x-api-lifecycle': 'beta',
    };
    const body = validProblem({
      type: 'http://tally.test/errors/authentication-failed',
      status: 401,
      code: 'authentication_failed',
    });
    expect(() => assertContract({ status: 401, headers, body }, 'listBoards')).not.toThrow();
  });

  it('rejects a Problem with an extra field, a missing field, or a code foreign to its status', () => {
    const res = (body: unknown) => ({ status: 404, headers: problemHeaders(), body });
    expect(() => assertContract(res(validProblem({ hint: 'x' })), 'getBoard')).toThrow(/"hint"/);
    const noId = without(validProblem(), 'request_id');
    expect(() => assertContract(res(noId), 'getBoard')).toThrow(/required property 'request_id'/);
    expect(() => assertContract(res(validProblem({ code: 'rate_limited' })), 'getBoard')).toThrow(
      /code/,
    );
  });

  it('rejects a Problem served as application/json', () => {
    const headers = problemHeaders({ 'content-type': 'application/json' });
    expect(() =>
      assertContract({ status: 404, headers, body: validProblem() }, 'getBoard'),
    ).toThrow(/application\/problem\+json/);
  });

  it('requires Retry-After on 429 and Idempotent-Replayed on write successes', () => {
    const limited = validProblem({
      type: 'http://tally.test/errors/rate-limited',
      status: 429,
      code: 'rate_limited',
    });
    expect(() =>
      assertContract({ status: 429, headers: problemHeaders(), body: limited }, 'listBoards'),
    ).toThrow(/Retry-After is required/);
    expect(() =>
      assertContract(
        { status: 429, headers: problemHeaders({ 'retry-after': '3' }), body: limited },
        'listBoards',
      ),
    ).not.toThrow();

    const queued = {
      handle: 'sub_12',
      board: 'board_1',
      status: 'queued',
      applied: false,
      queued_at: '2026-01-01T00:00:00.000Z',
    };
    expect(() => assertContract(ok(queued, jsonHeaders(), 202), 'createMatch')).toThrow(
      /Idempotent-Replayed is required/,
    );
    const replayed = jsonHeaders({ 'idempotent-replayed': 'false' });
    expect(() => assertContract(ok(queued, replayed, 202), 'createMatch')).not.toThrow();
    // A 202 is never applied, and a 201 is approved with its match present.
    expect(() =>
      assertContract(ok({ ...queued, applied: true }, replayed, 202), 'createMatch'),
    ).toThrow(/applied/);
    expect(() => assertContract(ok(queued, replayed, 201), 'createScore')).toThrow(
      /required property 'match'/,
    );
    const applied = {
      ...queued,
      status: 'approved',
      applied: true,
      match: { id: 7, url: 'http://tally.test/boards/guild%3A1/board_1', applied: true },
    };
    expect(() => assertContract(ok(applied, replayed, 201), 'createScore')).not.toThrow();
  });
});

describe('assertProblem and assertProblemDocument', () => {
  const res = (body: unknown, headers = problemHeaders()): ContractResponse => ({
    status: 404,
    headers,
    body,
  });

  it('accepts the expected problem, and also checks the operation when given', () => {
    expect(() => assertProblem(res(validProblem()), 404, 'not_found')).not.toThrow();
    expect(() => assertProblem(res(validProblem()), 404, 'not_found', 'getBoard')).not.toThrow();
    expect(() => assertProblem(res(validProblem()), 404, 'not_found', 'listBoards')).toThrow(
      /not documented/,
    );
  });

  it('rejects a wrong status, code, type suffix, content type or request id', () => {
    expect(() => assertProblem(res(validProblem()), 403, 'not_found')).toThrow(
      /HTTP status is 404/,
    );
    expect(() => assertProblem(res(validProblem()), 404, 'permission_denied')).toThrow(
      /body.code is "not_found"/,
    );
    expect(() =>
      assertProblem(
        res(validProblem({ type: 'http://tally.test/errors/not_found' })),
        404,
        'not_found',
      ),
    ).toThrow(/ending with "\/not-found"/);
    expect(() =>
      assertProblem(
        res(validProblem(), problemHeaders({ 'content-type': 'application/json' })),
        404,
        'not_found',
      ),
    ).toThrow(/expected application\/problem\+json/);
    expect(() =>
      assertProblem(
        res(validProblem(), problemHeaders({ 'x-request-id': 'req_other' })),
        404,
        'not_found',
      ),
    ).toThrow(/X-Request-Id is "req_other"/);
  });

  it('validates any body against the Problem schema', () => {
    expect(() => assertProblemDocument(validProblem())).not.toThrow();
    expect(() => assertProblemDocument(validProblem({ status: 302 }))).toThrow(/status/);
    expect(() => assertProblemDocument({ error: 'not found' })).toThrow(/Not a Problem document/);
  });
});

describe('request and resource schemas', () => {
  const member = { chat_id: '123456789012345678' };

  it('accepts each Participant form and refuses near misses', () => {
    for (const p of [
      member,
      { name: 'Alice', custom: true },
      { role_id: 'role_42' },
      { team_id: 'team_7' },
    ]) {
      expect(schemaErrors('Participant', p), JSON.stringify(p)).toEqual([]);
    }
    for (const p of [
      '123456789012345678',
      { chat_id: '1234' },
      { name: 'Alice' },
      { name: 'Alice', custom: false },
      { name: '', custom: true },
      { role_id: '42' },
      { team_id: 'team_x' },
      { chat_id: '123456789012345678', name: 'Alice', custom: true },
    ]) {
      expect(schemaErrors('Participant', p), JSON.stringify(p)).not.toEqual([]);
    }
  });

  it('keeps the ELO and League match bodies mutually exclusive', () => {
    const elo = { team1: [member], team2: [{ name: 'Bob', custom: true }], winner: 'draw' };
    const league = {
      team1: [member],
      team2: [{ team_id: 'team_1' }],
      team1_score: 2,
      team2_score: 0,
    };
    expect(schemaErrors('MatchWriteElo', elo)).toEqual([]);
    expect(schemaErrors('MatchWriteLeague', league)).toEqual([]);
    expect(schemaErrors('MatchWriteElo', { ...elo, team1_score: 1 })).not.toEqual([]);
    expect(schemaErrors('MatchWriteLeague', { ...league, winner: 'team1' })).not.toEqual([]);
    expect(schemaErrors('MatchWriteLeague', { ...league, team1_score: -1 })).not.toEqual([]);
    expect(schemaErrors('MatchWriteElo', { ...elo, team1: [] })).not.toEqual([]);
    expect(schemaErrors('MatchWriteElo', { ...elo, team1: Array(9).fill(member) })).not.toEqual([]);
  });

  it('takes integer scores within ±(2^53−1) only', () => {
    const score = (value: number) => ({ player: member, score: value });
    expect(() => assertSchema('ScoreWrite', score(-9007199254740991))).not.toThrow();
    expect(() => assertSchema('ScoreWrite', score(90000))).not.toThrow();
    expect(() => assertSchema('ScoreWrite', score(1.5))).toThrow(/integer/);
    expect(() => assertSchema('ScoreWrite', score(9007199254740992))).toThrow(/must be <=/);
  });

  it('ties has_more to next_cursor and applied to a live match status', () => {
    expect(schemaErrors('BoardList', { data: [], has_more: false, next_cursor: null })).toEqual([]);
    expect(schemaErrors('BoardList', { data: [], has_more: true, next_cursor: 'abc' })).toEqual([]);
    expect(schemaErrors('BoardList', { data: [], has_more: true, next_cursor: null })).not.toEqual(
      [],
    );
    expect(schemaErrors('BoardList', { data: [], has_more: false, next_cursor: 'x' })).not.toEqual(
      [],
    );
    const match = {
      id: 1,
      board: 'board_1',
      team_size: 1,
      team1: [{ player_id: 'chat:123456789012345678', player_name: 'A', elo: 1000 }],
      team2: [{ player_id: 'custom:Bob', player_name: 'Bob', elo: 1000 }],
      winner: 'team1',
      status: 'pending',
      applied: false,
      submitted_at: '2026-01-01T00:00:00Z',
      submitted_by: 'api',
    };
    expect(schemaErrors('Match', match)).toEqual([]);
    expect(schemaErrors('Match', { ...match, status: 'adjusted', applied: true })).toEqual([]);
    expect(schemaErrors('Match', { ...match, applied: true })).not.toEqual([]);
    expect(schemaErrors('Match', { ...match, winner: 'nobody' })).not.toEqual([]);
  });

  it('accepts an Entry with nullable fields and refuses a rank of 0', () => {
    const entry = {
      rank: 1,
      player_id: 'chat:123456789012345678',
      player_name: 'A',
      elo: 1016,
      wins: 1,
      draws: 0,
      losses: null,
      last_sub: null,
    };
    expect(schemaErrors('Entry', entry)).toEqual([]);
    expect(schemaErrors('Entry', { ...entry, rank: 0 })).not.toEqual([]);
    expect(schemaErrors('Entry', { ...entry, last_sub: 'yesterday' })).not.toEqual([]);
  });
});
