import type { Scenario } from './types';

/**
 * Issue 4: POST /v1/boards/{b}/scores on an auto-applying Highscore board. Requests rotate over
 * several read-write keys (each has its own write bucket and idempotency scope) and over
 * PLAYERS players, so entries are both created and raised. Every request carries a fresh
 * Idempotency-Key: the run's nonce and the load generator's sequence number, so no request is
 * ever a replay, not even of an earlier run's. Success is the 201 path (applied within
 * SYNC_WAIT_MS); a 202 (the worker did not finish in time) counts as an error.
 */
export interface ScoresWriteParams {
  path: string;
  /** `Bearer …` values of the read-write keys. */
  authorizations: string[];
  /** Unique per harness run. */
  nonce: string;
  players: number;
}

const PLAYERS = 100_000;

export const scoresWrite: Scenario<ScoresWriteParams> = {
  name: 'scores-write',
  description: 'POST scores (auto-applying Highscore board, 201 path)',
  // prepare is done by the harness (bench/targets.ts), which knows the write board and keys.
  prepare: () => Promise.reject(new Error('scores-write is prepared by writeUnits()')),
  request(p, seq) {
    const player = (seq * 7919) % p.players;
    const score = (seq * 104_729) % 10_000_000;
    return {
      method: 'POST',
      path: p.path,
      headers: {
        Authorization: p.authorizations[seq % p.authorizations.length]!,
        'Content-Type': 'application/json',
        'Idempotency-Key': `bench-${p.nonce}-${seq}`,
      },
      body: JSON.stringify({ player: { chat_id: `2${String(player).padStart(17, '0')}` }, score }),
    };
  },
  okStatus: (status) => status === 201,
};

export const writePlayers = PLAYERS;
