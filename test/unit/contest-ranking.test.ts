import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRIOR_MEAN_CAP,
  PRIOR_WEIGHT,
  SCALE_MIDDLE,
  dampedScore,
  priorMean,
  rankEntries,
  voteDistribution,
} from '../../src/domain/contest';
import { entryStanding, voteCount } from '../../src/domain/display';

/**
 * The contest ranking (src/domain/contest.ts): a damped average whose prior is the board's mean,
 * capped, so a handful of votes never outranks a broad consensus.
 */
const votes = (...values: number[]) => ({
  votes: values.length,
  voteSum: values.reduce((a, b) => a + b, 0),
});
const many = (n: number, value: number) => votes(...Array<number>(n).fill(value));

/** Any board: a few entries with any votes on the 1–10 scale. */
const arbitraryBoard = fc.array(
  fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 60 }).map((vs) => votes(...vs)),
  { maxLength: 8 },
);

const totalsOf = (entries: { votes: number; voteSum: number }[]) =>
  entries.reduce((t, e) => ({ votes: t.votes + e.votes, voteSum: t.voteSum + e.voteSum }), {
    votes: 0,
    voteSum: 0,
  });

describe('contest ranking', () => {
  it('the formula: (C·m + Σ)/(C + n), C = 5, m the board mean capped at 7, 5.5 on an empty board', () => {
    expect(PRIOR_WEIGHT).toBe(5);
    expect(priorMean({ votes: 0, voteSum: 0 })).toBe(SCALE_MIDDLE);
    expect(priorMean(votes(4, 6))).toBe(5);
    expect(priorMean(votes(10, 9))).toBe(PRIOR_MEAN_CAP);
    expect(dampedScore(votes(10), 5)).toBeCloseTo((25 + 10) / 6, 12);
    expect(dampedScore(votes(), 6.2)).toBe(6.2);
  });

  it('PROPERTY: one 10-vote never beats fifty 9-votes, on any board and with any minimum', () => {
    fc.assert(
      fc.property(arbitraryBoard, fc.integer({ min: 1, max: 60 }), (others, minVotes) => {
        const lone = { pk: 1, ...votes(10) };
        const broad = { pk: 2, ...many(50, 9) };
        const all = [lone, broad, ...others.map((o, i) => ({ pk: 3 + i, ...o }))];
        const ranked = rankEntries(all, minVotes, totalsOf(all));
        const a = ranked.find((e) => e.pk === 1)!;
        const b = ranked.find((e) => e.pk === 2)!;
        expect(a.score).toBeLessThan(b.score);
        // Ranked, it is behind; under the minimum it is not ranked at all.
        if (a.rank !== null) expect(a.rank).toBeGreaterThan(b.rank!);
        expect(ranked.indexOf(a)).toBeGreaterThan(ranked.indexOf(b));
      }),
    );
  });

  it('PROPERTY: a plain board mean as the prior would fail it (the cap is what holds it)', () => {
    // Everyone votes 10 elsewhere: an uncapped prior of 10 ranks the lone 10 first.
    const uncapped = 10;
    expect(dampedScore(votes(10), uncapped)).toBeGreaterThan(dampedScore(many(50, 9), uncapped));
    const capped = priorMean(many(500, 10));
    expect(dampedScore(votes(10), capped)).toBeLessThan(dampedScore(many(50, 9), capped));
  });

  it('PROPERTY: a vote moves the score toward itself, and the score stays on the scale', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.double({ min: 1, max: PRIOR_MEAN_CAP, noNaN: true }),
        (before, vote, prior) => {
          const old = dampedScore(votes(...before), prior);
          const next = dampedScore(votes(...before, vote), prior);
          // Beyond float rounding: a vote a hair from the score leaves it where it was.
          if (vote > old + 1e-9) expect(next).toBeGreaterThan(old);
          if (vote < old - 1e-9) expect(next).toBeLessThan(old);
          expect(next).toBeGreaterThanOrEqual(1);
          expect(next).toBeLessThanOrEqual(10);
        },
      ),
    );
  });

  it('PROPERTY: ranks are 1-based, never go down the list, tie exactly on equal shown scores, and the unranked come last', () => {
    fc.assert(
      fc.property(arbitraryBoard, fc.integer({ min: 1, max: 10 }), (board, minVotes) => {
        const entries = board.map((e, i) => ({ pk: i + 1, ...e }));
        const ranked = rankEntries(entries, minVotes, totalsOf(entries));
        expect(ranked).toHaveLength(entries.length);
        const withRank = ranked.filter((e) => e.rank !== null);
        expect(ranked.slice(0, withRank.length)).toEqual(withRank);
        expect(withRank.every((e) => e.votes >= minVotes)).toBe(true);
        withRank.forEach((e, i) => {
          const before = withRank[i - 1];
          if (!before) return expect(e.rank).toBe(1);
          const tie = before.score.toFixed(2) === e.score.toFixed(2);
          expect(e.rank).toBe(tie ? before.rank : i + 1);
        });
      }),
    );
  });

  it('shows score, average and count; the unranked say from how many votes they rank', () => {
    const [first, second, lone] = rankEntries(
      [
        { pk: 1, ...many(23, 9) },
        { pk: 2, ...many(4, 8) },
        { pk: 3, ...votes(10) },
      ],
      3,
      totalsOf([many(23, 9), many(4, 8), votes(10)]),
    );
    expect(entryStanding(first!, 3)).toBe('8.64 · avg 9.00 · 23 votes');
    expect(first!.rank).toBe(1);
    expect(entryStanding(second!, 3)).toBe('7.44 · avg 8.00 · 4 votes');
    expect(entryStanding(lone!, 3)).toBe('unranked · avg 10.00 · 1 vote (ranked from 3)');
    expect(entryStanding({ rank: null, score: 7, average: null, votes: 0 }, 2)).toBe(
      'unranked · no votes (ranked from 2)',
    );
    expect([voteCount(0), voteCount(1), voteCount(2)]).toEqual(['no votes', '1 vote', '2 votes']);
  });

  it('a distribution counts each value 1–10, zero-filled', () => {
    expect(
      voteDistribution([
        { value: 10, count: 3 },
        { value: 1, count: 1 },
      ]),
    ).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
  });
});
