import { describe, expect, it } from 'vitest';
import { operatorOf } from '../../src/domain/board-rules';
import { TallyError } from '../../src/domain/errors';
import { applyScore, isScoreOperator, type ScoreOperator } from '../../src/domain/score-operators';
import { ScoreOutOfRangeError, type EntryState } from '../../src/domain/scoring';

const MAX = Number.MAX_SAFE_INTEGER;
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, second));

/** Applies the values in order to a fresh player and returns the final entry. */
function run(operator: ScoreOperator, values: number[]): EntryState | undefined {
  let entry: EntryState | undefined;
  values.forEach((value, i) => {
    entry = applyScore(entry, operator, value, at(i), 'custom:ann', 'Ann');
  });
  return entry;
}

describe('score operators (spec 2.3, DESIGN.md 3)', () => {
  it.each<[string, ScoreOperator, number[], number]>([
    ['accumulate, one value THEN it sets the total', 'accumulate', [10], 10],
    ['accumulate, 10 then 5 THEN 15', 'accumulate', [10, 5], 15],
    ['accumulate, 10, 5, -20 THEN -5', 'accumulate', [10, 5, -20], -5],
    ['accumulate up to exactly 2^53−1 THEN accepted', 'accumulate', [MAX - 1, 1], MAX],
    ['accumulate down to exactly −(2^53−1) THEN accepted', 'accumulate', [-MAX + 1, -1], -MAX],
    ['keep_highest, 10 then 5 THEN 10', 'keep_highest', [10, 5], 10],
    ['keep_highest, 10, 5, 12 THEN 12', 'keep_highest', [10, 5, 12], 12],
    ['keep_highest, a first negative value THEN it sets the score', 'keep_highest', [-5], -5],
    ['keep_highest, -5 then -9 THEN -5', 'keep_highest', [-5, -9], -5],
    ['keep_lowest, 90000 then 95000 THEN 90000', 'keep_lowest', [90000, 95000], 90000],
    ['keep_lowest, 90000, 95000, 85000 THEN 85000', 'keep_lowest', [90000, 95000, 85000], 85000],
    ['keep_lowest, a first large value THEN it sets the score', 'keep_lowest', [MAX], MAX],
  ])('GIVEN %s', (_name, operator, values, expected) => {
    const entry = run(operator, values);
    expect(entry?.score).toBe(expected);
    expect(entry?.submissions).toBe(values.length); // every applied submission, improving or not
    expect(entry?.lastSub).toEqual(at(values.length - 1));
  });

  it('GIVEN a score board entry THEN elo and wins/draws/losses are null', () => {
    expect(applyScore(undefined, 'keep_highest', 7, at(0), 'chat:12345678901234567', 'Bo')).toEqual(
      {
        playerId: 'chat:12345678901234567',
        playerName: 'Bo',
        score: 7,
        elo: null,
        wins: null,
        draws: null,
        losses: null,
        submissions: 1,
        lastSub: at(0),
      },
    );
  });

  it('GIVEN -0 THEN the score is +0', () => {
    expect(Object.is(run('accumulate', [-0])?.score, 0)).toBe(true);
  });

  it('GIVEN an entry THEN it is not mutated and a new object comes back', () => {
    const current = Object.freeze(run('accumulate', [10]) as EntryState);
    const next = applyScore(current, 'accumulate', 5, at(9), 'custom:ann', 'Ann');
    expect(current.score).toBe(10);
    expect(current.submissions).toBe(1);
    expect(next.score).toBe(15);
  });

  it('GIVEN an older submission applied late THEN last_sub and name stay the newer ones', () => {
    const current = applyScore(undefined, 'accumulate', 1, at(30), 'custom:ann', 'Ann (new)');
    const next = applyScore(current, 'accumulate', 2, at(10), 'custom:ann', 'Ann (old)');
    expect(next).toMatchObject({
      score: 3,
      submissions: 2,
      lastSub: at(30),
      playerName: 'Ann (new)',
    });
  });
});

describe('the safe integer range (spec 8)', () => {
  it.each<[string, ScoreOperator, number[], string]>([
    ['2^53−1 plus 1', 'accumulate', [MAX, 1], '9007199254740992'],
    ['2^53−1 plus 2^53−1', 'accumulate', [MAX, MAX], '18014398509481982'],
    ['−(2^53−1) minus 1', 'accumulate', [-MAX, -1], '-9007199254740992'],
    ['a value of 2^53', 'keep_highest', [2 ** 53], '9007199254740992'],
    ['a fraction', 'keep_lowest', [1.5], '1.5'],
  ])(
    'GIVEN %s THEN ScoreOutOfRangeError naming the exact result',
    (_name, operator, values, attempted) => {
      let error: unknown;
      try {
        run(operator, values);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ScoreOutOfRangeError);
      expect(error).toBeInstanceOf(TallyError);
      expect(error).toMatchObject({ code: 'invalid_request', playerId: 'custom:ann', attempted });
      expect((error as ScoreOutOfRangeError).detail).toContain(attempted);
    },
  );
});

describe('operator by board type', () => {
  it.each([
    ['Classic', 'desc', 'accumulate'],
    ['Highscore', 'desc', 'keep_highest'],
    ['Time', 'asc', 'keep_lowest'],
  ] as const)('GIVEN %s/%s THEN %s is a score operator', (type, sort, operator) => {
    const found = operatorOf(type, sort);
    expect(found).toBe(operator);
    expect(found !== null && isScoreOperator(found)).toBe(true);
  });

  it.each(['elo', 'league_points'] as const)('GIVEN %s THEN it is not a score operator', (op) => {
    expect(isScoreOperator(op)).toBe(false);
  });
});
