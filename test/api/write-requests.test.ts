import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { createTeam } from '../../src/pipeline/boards';
import { backendName } from '../support/backends';
import { assertProblem } from '../support/contract';
import { nextSnowflake, startTestTally, type TestTally } from '../support/tally';

/** A body sent exactly as written, for bytes JSON.stringify would not produce. */
class Raw {
  constructor(readonly text: string) {}
}

const member = () => ({ chat_id: nextSnowflake() });
let counter = 0;
const idem = () => ({ 'idempotency-key': `k-${Date.now()}-${++counter}` });

describe(`write requests: the common front (${backendName})`, () => {
  let tally: TestTally;
  let owner: string;
  let key: string;
  let elo: Board;
  let highscore: Board;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_WRITE_PER_MIN: '100000' });
    owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
    elo = await tally.board({ ownerId: owner, type: 'ELO' });
    highscore = await tally.board({ ownerId: owner, type: 'Highscore' });
  });
  afterAll(() => tally.stop());

  const post = (path: string, body: string, headers: Record<string, string> = idem(), k = key) =>
    tally.request('POST', `/v1/boards/${path}`, { key: k, headers, body });
  const eloMatch = () => JSON.stringify({ team1: [member()], team2: [member()], winner: 'team1' });

  it('GIVEN a test key with write scopes THEN every write is 403 (spec 5.2)', async () => {
    const test = await tally.key({ ownerId: owner, type: 'test', access: 'read-write' });
    assertProblem(
      await post(`${elo.id}/matches`, eloMatch(), idem(), test),
      403,
      'permission_denied',
    );
    const score = JSON.stringify({ player: member(), score: 1 });
    assertProblem(
      await post(`${highscore.id}/scores`, score, idem(), test),
      403,
      'permission_denied',
    );
  });

  it('GIVEN matches:write only THEN scores are 403 naming scores:write, and matches pass', async () => {
    const narrow = await tally.key({ ownerId: owner, scopes: ['matches:write'] });
    const res = await post(
      `${highscore.id}/scores`,
      JSON.stringify({ player: member(), score: 1 }),
      idem(),
      narrow,
    );
    assertProblem(res, 403, 'permission_denied');
    expect((res.body as { detail: string }).detail).toContain('scores:write');
    expect((await post(`${elo.id}/matches`, eloMatch(), idem(), narrow)).status).toBe(202);
  });

  it('GIVEN a body over 64 KB THEN 413 invalid_request', async () => {
    const big = JSON.stringify({
      team1: [{ name: 'x'.repeat(70_000), custom: true }],
      team2: [member()],
      winner: 'team1',
    });
    assertProblem(await post(`${elo.id}/matches`, big), 413, 'invalid_request');
  });

  it('GIVEN a body of exactly 64 KB of valid JSON THEN it is read (and judged on its fields)', async () => {
    const body = JSON.stringify({ team1: [member()], team2: [member()], winner: 'team1', pad: '' });
    const padded = body.replace('"pad":""', `"pad":"${'p'.repeat(64 * 1024 - body.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(64 * 1024);
    const res = await post(`${elo.id}/matches`, padded);
    assertProblem(res, 422, 'invalid_request');
    expect((res.body as { detail: string }).detail).toMatch(/^pad/);
  });

  it.each([
    ['malformed JSON', '{"team1": [', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a form body', 'team1=1', 'application/x-www-form-urlencoded'],
    ['JSON sent as text/plain', '{}', 'text/plain'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]).toString('latin1'), 'application/json'],
  ])('GIVEN %s THEN 400 invalid_request', async (_name, body, type) => {
    const res = await post(`${elo.id}/matches`, body, { ...idem(), 'content-type': type });
    assertProblem(res, 400, 'invalid_request');
  });

  it.each([
    ['missing', {}],
    ['too long', { 'idempotency-key': 'k'.repeat(256) }],
    ['blank', { 'idempotency-key': ' ' }],
  ])('GIVEN an Idempotency-Key %s THEN 400 invalid_request', async (_name, headers) => {
    const res = await post(`${elo.id}/matches`, eloMatch(), headers);
    assertProblem(res, 400, 'invalid_request');
    expect((res.body as { detail: string }).detail).toContain('Idempotency-Key');
  });

  it('GIVEN a 255-character Idempotency-Key THEN it is usable', async () => {
    expect(
      (await post(`${elo.id}/matches`, eloMatch(), { 'idempotency-key': 'k'.repeat(255) })).status,
    ).toBe(202);
  });

  it('GIVEN another owner’s board THEN the same 404 as a missing one', async () => {
    const other = await tally.owner();
    const theirs = await tally.board({ ownerId: other, type: 'ELO', id: 'shared-name' });
    expect(theirs.id).toBe('shared-name');
    const a = await post('shared-name/matches', eloMatch());
    const b = await post('no-such-board/matches', eloMatch());
    assertProblem(a, 404, 'not_found');
    assertProblem(b, 404, 'not_found');
  });

  describe('board_type_mismatch (spec 7)', () => {
    it.each([
      ['a match on a score board', 'Highscore', {}, 'matches'],
      ['a score on a match board', 'ELO', {}, 'scores'],
      ['a match on a Rating board', 'Rating', {}, 'matches'],
      ['a score on a Rating board', 'Rating', {}, 'scores'],
      ['a match on a free-for-all board', 'ELO', { freeForAll: true }, 'matches'],
      ['a match on a free-for-all League board', 'League', { freeForAll: true }, 'matches'],
    ])('GIVEN %s THEN 422 board_type_mismatch', async (_name, type, extra, op) => {
      const board = await tally.board({ ownerId: owner, type, ...extra });
      const body = op === 'matches' ? eloMatch() : JSON.stringify({ player: member(), score: 5 });
      assertProblem(await post(`${board.id}/${op}`, body), 422, 'board_type_mismatch');
    });
  });

  describe('body fields (spec 4.8, 4.9, 2.9)', () => {
    const cases: [
      string,
      () => Promise<Board>,
      'matches' | 'scores',
      unknown,
      number,
      string,
      RegExp?,
    ][] = [];
    const on =
      (type: string, extra: object = {}) =>
      () =>
        tally.board({ ownerId: owner, type, ...extra });
    const m = member;
    cases.push(
      [
        'an unknown field',
        on('ELO'),
        'matches',
        { team1: [m()], team2: [m()], winner: 'team1', mvp: 'x' },
        422,
        'invalid_request',
        /^mvp/,
      ],
      [
        'a refused score on ELO',
        on('ELO'),
        'matches',
        { team1: [m()], team2: [m()], winner: 'team1', team1_score: 1 },
        422,
        'invalid_request',
        /^team1_score/,
      ],
      [
        'a refused winner on League',
        on('League'),
        'matches',
        { team1: [m()], team2: [m()], winner: 'team1', team1_score: 1, team2_score: 0 },
        422,
        'invalid_request',
        /^winner/,
      ],
      [
        'a missing winner',
        on('ELO'),
        'matches',
        { team1: [m()], team2: [m()] },
        422,
        'invalid_request',
        /^winner/,
      ],
      [
        'a bad winner',
        on('ELO'),
        'matches',
        { team1: [m()], team2: [m()], winner: 'nobody' },
        422,
        'invalid_request',
        /^winner/,
      ],
      [
        'a float League score',
        on('League'),
        'matches',
        { team1: [m()], team2: [m()], team1_score: 1.5, team2_score: 0 },
        422,
        'invalid_request',
        /^team1_score/,
      ],
      [
        'a negative League score',
        on('League'),
        'matches',
        { team1: [m()], team2: [m()], team1_score: -1, team2_score: 0 },
        422,
        'invalid_request',
        /^team1_score/,
      ],
      [
        'a string score',
        on('Highscore'),
        'scores',
        { player: m(), score: '5' },
        422,
        'invalid_request',
        /^score/,
      ],
      [
        'a float score',
        on('Highscore'),
        'scores',
        { player: m(), score: 2.5 },
        422,
        'invalid_request',
        /^score/,
      ],
      [
        'a score beyond 2^53−1',
        on('Classic'),
        'scores',
        { player: m(), score: 9007199254740992 },
        422,
        'invalid_request',
        /^score/,
      ],
      [
        'a refused team1 on a score board',
        on('Time'),
        'scores',
        { player: m(), score: 5, team1: [] },
        422,
        'invalid_request',
        /^team1/,
      ],
      [
        'an empty roster',
        on('ELO'),
        'matches',
        { team1: [], team2: [m()], winner: 'team1' },
        422,
        'invalid_request',
        /^team1/,
      ],
      [
        'a bare string participant',
        on('ELO'),
        'matches',
        { team1: ['123456789012345678'], team2: [m()], winner: 'team1' },
        422,
        'unknown_player',
      ],
      [
        'a custom player without custom:true',
        on('ELO'),
        'matches',
        { team1: [{ name: 'Ann' }], team2: [m()], winner: 'team1' },
        422,
        'unknown_player',
      ],
      [
        'custom:false',
        on('ELO'),
        'matches',
        { team1: [{ name: 'Ann', custom: false }], team2: [m()], winner: 'team1' },
        422,
        'unknown_player',
      ],
      [
        'an extra key on a participant',
        on('ELO'),
        'matches',
        { team1: [{ chat_id: nextSnowflake(), x: 1 }], team2: [m()], winner: 'team1' },
        422,
        'unknown_player',
      ],
      [
        'a short chat id',
        on('ELO'),
        'matches',
        { team1: [{ chat_id: '1234' }], team2: [m()], winner: 'team1' },
        422,
        'invalid_request',
        /^team1\[0\]\.chat_id/,
      ],
      [
        'a bare role id',
        on('ELO'),
        'matches',
        { team1: [{ role_id: '123456789012345678' }], team2: [m()], winner: 'team1' },
        422,
        'invalid_request',
        /^team1\[0\]\.role_id/,
      ],
      [
        'a malformed team id',
        on('ELO', { fixedTeams: true }),
        'matches',
        { team1: [{ team_id: '7' }], team2: [{ team_id: 'team_1' }], winner: 'team1' },
        422,
        'invalid_request',
        /^team1\[0\]\.team_id/,
      ],
      [
        'a team on a board without fixed teams',
        on('ELO'),
        'matches',
        { team1: [{ team_id: 'team_1' }], team2: [m()], winner: 'team1' },
        422,
        'unknown_player',
      ],
      [
        'a member on a fixed-teams board',
        on('League', { fixedTeams: true }),
        'matches',
        { team1: [m()], team2: [m()], team1_score: 1, team2_score: 0 },
        422,
        'unknown_player',
      ],
      [
        'an unknown team',
        on('ELO', { fixedTeams: true }),
        'matches',
        {
          team1: [{ team_id: 'team_999999' }],
          team2: [{ team_id: 'team_999998' }],
          winner: 'team1',
        },
        422,
        'unknown_player',
      ],
      [
        'three players on a 2v2 board',
        on('ELO', { teamSize: 2 }),
        'matches',
        { team1: [m(), m(), m()], team2: [m(), m()], winner: 'team1' },
        422,
        'team_size_mismatch',
      ],
      [
        'one player on a 2v2 board',
        on('ELO', { teamSize: 2 }),
        'matches',
        { team1: [m(), m()], team2: [m()], winner: 'draw' },
        422,
        'team_size_mismatch',
      ],
      ['a JSON array body', on('ELO'), 'matches', [1, 2], 422, 'invalid_request'],
      ['a JSON string body', on('Highscore'), 'scores', 'score', 422, 'invalid_request'],
      [
        'a __proto__ key',
        on('Highscore'),
        'scores',
        new Raw('{"player":{"chat_id":"123456789012345678"},"score":1,"__proto__":{"x":1}}'),
        422,
        'invalid_request',
        /^__proto__/,
      ],
    );
    it.each(cases)(
      'GIVEN %s THEN %s %s',
      async (_name, makeBoard, op, body, status, code, detail) => {
        const board = await makeBoard();
        const raw = body instanceof Raw ? body.text : JSON.stringify(body);
        const res = await post(`${board.id}/${op}`, raw);
        assertProblem(res, status, code);
        if (detail) expect((res.body as { detail: string }).detail).toMatch(detail);
      },
    );

    it('GIVEN the same member twice THEN 422 duplicate_participant', async () => {
      const board = await tally.board({ ownerId: owner, type: 'ELO', teamSize: 2 });
      const a = member();
      const body = JSON.stringify({ team1: [a, member()], team2: [member(), a], winner: 'team1' });
      assertProblem(await post(`${board.id}/matches`, body), 422, 'duplicate_participant');
    });

    it('GIVEN a role whose suffix is a member’s snowflake THEN 422 duplicate_participant', async () => {
      const a = member();
      const body = JSON.stringify({
        team1: [a],
        team2: [{ role_id: `role_${a.chat_id}` }],
        winner: 'team1',
      });
      assertProblem(await post(`${elo.id}/matches`, body), 422, 'duplicate_participant');
    });

    it('GIVEN a role participant on a user-owned board THEN 422 unknown_player', async () => {
      const user = await tally.owner(`user:${nextSnowflake()}`);
      const userKey = await tally.key({ ownerId: user });
      const board = await tally.board({ ownerId: user, type: 'Highscore' });
      const body = JSON.stringify({ player: { role_id: 'role_123456789012345678' }, score: 3 });
      assertProblem(await post(`${board.id}/scores`, body, idem(), userKey), 422, 'unknown_player');
    });

    it('GIVEN valid writes of every accepted form THEN 202 queued with a handle', async () => {
      const fixed = await tally.board({ ownerId: owner, type: 'League', fixedTeams: true });
      const reds = await createTeam(tally.ctx, owner, fixed.id, 'Reds');
      const blues = await createTeam(tally.ctx, owner, fixed.id, 'Blues');
      const league = JSON.stringify({
        team1: [{ team_id: reds.teamId }],
        team2: [{ team_id: blues.teamId }],
        team1_score: 9007199254740991,
        team2_score: 0,
      });
      const custom = JSON.stringify({
        player: { name: 'Ann 🎮', custom: true },
        score: -9007199254740991,
      });
      const role = JSON.stringify({
        team1: [{ role_id: 'role_123456789012345678' }],
        team2: [member()],
        winner: 'draw',
      });
      for (const [path, body] of [
        [`${fixed.id}/matches`, league],
        [`${highscore.id}/scores`, custom],
        [`${elo.id}/matches`, role],
      ] as const) {
        const res = await post(path, body);
        expect(res.status).toBe(202);
        expect(res.headers.get('idempotent-replayed')).toBe('false');
        expect(res.body).toMatchObject({ status: 'queued', applied: false });
        expect((res.body as { handle: string }).handle).toMatch(/^sub_\d+$/);
      }
    });
  });
});
