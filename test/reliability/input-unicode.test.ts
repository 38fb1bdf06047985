import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { backendName } from '../support/backends';
import { assertContract, assertProblem } from '../support/contract';
import { startTestTally, type TestTally } from '../support/tally';
import { sendRaw } from './support-input/raw-http';
import { boardPath, freshIdempotencyKey, snapshot } from './support-input/world';

/**
 * Custom player names are the one free-form text a write stores (spec 2.9: 1–100 characters).
 * Whatever Unicode a client sends must come back exactly, as name and in the player id, on both
 * databases; a string that is not Unicode at all (a lone UTF-16 surrogate, which JSON's \u escapes
 * can carry) is refused, since storing it silently renamed the player (SQLite) or merged it with
 * the player named "\uFFFD" (MariaDB). input-fuzz.test.ts checks the same round trip on every
 * applied write.
 */
const NAMES = [
  '\u{1f3b2}', // astral (4 bytes in UTF-8)
  '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', // a ZWJ sequence
  'e\u0301', // a combining mark (not normalised)
  '\u00e9', // its precomposed twin: a different player
  'x\u202ey', // right-to-left override
  'nul\u0000inside',
  'a\ufffd', // the replacement character itself
  '\u{1f3b2}'.repeat(100), // 100 characters, 400 bytes
  'Ünïcødé ✓ ひらがな 한국어 العربية',
  ' padded ',
];

const LONE = ['a\ud800', '\udfffz', '\ud800', 'x\udbff\udbffy'];

describe(`Unicode player names round-trip exactly (${backendName})`, () => {
  let tally: TestTally;
  let key: string;
  let board: Board;

  beforeAll(async () => {
    tally = await startTestTally({ RATE_LIMIT_WRITE_PER_MIN: '100000' });
    const owner = await tally.owner();
    key = await tally.key({ ownerId: owner });
    board = await tally.board({ ownerId: owner, type: 'Classic', windowHours: 0 });
  });
  afterAll(async () => {
    console.log(
      `wrote ${NAMES.length} Unicode names (each read back exactly) and ${LONE.length} lone-surrogate names (each refused)`,
    );
    await tally.stop();
  });

  const post = (name: string, score: number) =>
    sendRaw(tally.url, {
      method: 'POST',
      target: boardPath(board, '/scores'),
      headers: [
        ['Authorization', `Bearer ${key}`],
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', freshIdempotencyKey()],
      ],
      body: JSON.stringify({ player: { name, custom: true }, score }),
    });
  const get = (target: string) =>
    sendRaw(tally.url, { method: 'GET', target, headers: [['Authorization', `Bearer ${key}`]] });

  it('GIVEN names in any Unicode THEN each is its own player, read back byte for byte by list and by id', async () => {
    for (const [i, name] of NAMES.entries()) {
      const res = await post(name, i + 1);
      assertContract(res, 'createScore');
      expect(res.status).toBe(201);
    }
    const list = await get(`${boardPath(board, '/entries')}?limit=200`);
    assertContract(list, 'listEntries');
    const entries = (
      list.body as { data: { player_id: string; player_name: string; score: number }[] }
    ).data;
    expect(entries.map((e) => e.player_id).sort()).toEqual(NAMES.map((n) => `custom:${n}`).sort());
    for (const [i, name] of NAMES.entries()) {
      const one = await get(boardPath(board, `/entries/${encodeURIComponent(`custom:${name}`)}`));
      assertContract(one, 'getEntry');
      expect(one.body).toMatchObject({
        player_id: `custom:${name}`,
        player_name: name,
        score: i + 1,
        submissions: 1,
      });
    }
  });

  it('GIVEN a name with a lone surrogate THEN 422 invalid_request naming player.name, and nothing is stored', async () => {
    const before = await snapshot(tally);
    for (const name of LONE) {
      const res = await post(name, 1);
      assertProblem(res, 422, 'invalid_request', 'createScore');
      expect((res.body as { detail: string }).detail).toContain('player.name');
    }
    expect(await snapshot(tally)).toBe(before);
  });
});
