import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { eloDeltas, eloSettings } from '../../src/domain/elo';
import { leaguePoints, outcomeFor } from '../../src/domain/league';
import type { Winner } from '../../src/domain/vocabulary';
import { correctResult } from '../../src/pipeline/corrections';
import { backendName, mysqlServerUrl } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * The rule for corrections (README "Corrections") against a reference replay: after any sequence
 * of results, corrections and removals, every standing equals what replaying the final results
 * gives, each match rated from the snapshot its players held when it was submitted (spec 1.6), and
 * the last history value of every player is their standing. Random sequences from fast-check; a
 * failure prints the shrunk sequence.
 */
describe(`corrections against a reference replay (${backendName})`, () => {
  let t: TestPipeline;
  // MariaDB round trips cost more; the same properties with fewer runs.
  const RUNS = mysqlServerUrl ? 12 : 30;

  beforeAll(async () => {
    t = await startPipeline();
  });
  afterAll(() => t.close());

  const operator = { by: 'cli', actor: 'operator' as const };
  const NAMES = ['Ann', 'Bo', 'Cy', 'Di'];
  const idOf = (n: number) => `custom:${NAMES[n]}`;
  const WINNERS: Winner[] = ['team1', 'team2', 'draw'];

  /** Applies a queued write at once (window 0) and returns its handle. */
  const apply = async (queuing: ReturnType<TestPipeline['submitMatch']>) => {
    const queued = await queuing;
    await t.worker.runOnce();
    expect(await t.status(queued.submission.id)).toBe('approved');
    return queued.handle;
  };

  /** Every player's last history value, from the stored series. */
  const lastHistory = async (b: Board, ids: string[]) => {
    const last = new Map<string, number | null>();
    for (const id of ids) {
      const series = await t.ctx.repos.history.series(b.pk, id, null, 1000);
      if (series.length > 0) last.set(id, series.at(-1)!.value);
    }
    return last;
  };

  const matchOps = fc.array(
    fc.oneof(
      {
        arbitrary: fc.record({
          t: fc.constant('match' as const),
          a: fc.nat(3),
          b: fc.nat(3),
          w: fc.nat(2),
          s1: fc.nat(4),
          s2: fc.nat(4),
        }),
        weight: 3,
      },
      fc.record({
        t: fc.constant('change' as const),
        i: fc.nat(20),
        w: fc.nat(2),
        s1: fc.nat(4),
        s2: fc.nat(4),
      }),
      fc.record({ t: fc.constant('remove' as const), i: fc.nat(20) }),
    ),
    { minLength: 1, maxLength: 14 },
  );

  for (const type of ['ELO', 'League'] as const) {
    it(`${type}: standings after any corrections equal the replay of the final results`, async () => {
      await fc.assert(
        fc.asyncProperty(matchOps, async (ops) => {
          const board = await t.board({ type, windowHours: 0 });
          const { k, startRating } = eloSettings(board);
          const points = leaguePoints(board);
          interface Played {
            a: number;
            b: number;
            snapshot: [number, number];
            winner: Winner;
            s1: number;
            s2: number;
            removed: boolean;
            /** Corrected or removed at least once: the row then reads `set`. */
            corrected: boolean;
            handle: string;
          }
          const played: Played[] = [];
          const delta = (m: Played) =>
            eloDeltas({ team1: [m.snapshot[0]], team2: [m.snapshot[1]] }, m.winner, k);
          /** The reference: every match still counting, replayed from its snapshot. */
          const reference = () => {
            const table = new Map<string, { value: number; w: number; d: number; l: number }>();
            for (const m of played.filter((p) => !p.removed)) {
              for (const [side, n] of [
                [1, m.a],
                [2, m.b],
              ] as const) {
                const row = table.get(idOf(n)) ?? {
                  value: type === 'ELO' ? startRating : 0,
                  w: 0,
                  d: 0,
                  l: 0,
                };
                const outcome = outcomeFor(m.winner, side);
                row.value += type === 'ELO' ? (side === 1 ? delta(m) : -delta(m)) : points[outcome];
                row[outcome === 'win' ? 'w' : outcome === 'draw' ? 'd' : 'l']++;
                table.set(idOf(n), row);
              }
            }
            return table;
          };
          const scoreline = (s1: number, s2: number): Winner =>
            s1 > s2 ? 'team1' : s1 < s2 ? 'team2' : 'draw';

          for (const op of ops) {
            if (op.t === 'match') {
              if (op.a === op.b) continue;
              const now = reference();
              const rating = (n: number) => now.get(idOf(n))?.value ?? startRating;
              const body =
                type === 'ELO'
                  ? { winner: WINNERS[op.w] }
                  : { team1_score: op.s1, team2_score: op.s2 };
              const handle = await apply(
                t.submitMatch(board, {
                  team1: [customPlayer(NAMES[op.a]!)],
                  team2: [customPlayer(NAMES[op.b]!)],
                  ...body,
                }),
              );
              played.push({
                a: op.a,
                b: op.b,
                snapshot: [rating(op.a), rating(op.b)],
                winner: type === 'ELO' ? WINNERS[op.w]! : scoreline(op.s1, op.s2),
                s1: op.s1,
                s2: op.s2,
                removed: false,
                corrected: false,
                handle,
              });
              continue;
            }
            const target = played[op.i % Math.max(played.length, 1)];
            if (!target) continue;
            if (op.t === 'remove') {
              const removing = correctResult(t.ctx, { handle: target.handle }, 'remove', operator);
              if (target.removed) {
                await expect(removing).rejects.toMatchObject({ code: 'invalid_request' });
              } else {
                await removing;
                target.removed = target.corrected = true;
              }
              continue;
            }
            const winner = type === 'ELO' ? WINNERS[op.w]! : scoreline(op.s1, op.s2);
            const same =
              type === 'ELO'
                ? winner === target.winner
                : op.s1 === target.s1 && op.s2 === target.s2;
            const change = type === 'ELO' ? { winner } : { team1Score: op.s1, team2Score: op.s2 };
            const correcting = correctResult(t.ctx, { handle: target.handle }, change, operator);
            if (target.removed || same) {
              await expect(correcting).rejects.toMatchObject({ code: 'invalid_request' });
            } else {
              await correcting;
              Object.assign(target, { winner, s1: op.s1, s2: op.s2, corrected: true });
            }
          }

          const expected = reference();
          const entries = await t.entries(board);
          const actual = new Map(
            entries.map((e) => [
              e.playerId,
              {
                value: (type === 'ELO' ? e.elo : e.score)!,
                w: e.wins ?? 0,
                d: e.draws ?? 0,
                l: e.losses ?? 0,
              },
            ]),
          );
          expect(actual).toEqual(expected);
          // Snapshots are the submission's and never move.
          for (const [i, m] of played.entries()) {
            const stored = await t.ctx.repos.matches.byNumber(board.pk, i + 1);
            if (type === 'ELO') {
              expect(stored!.roster.map((s) => s.eloBefore)).toEqual(m.snapshot);
            }
            expect(stored).toMatchObject({
              status: m.corrected ? 'set' : 'approved',
              winner: m.removed ? null : m.winner,
            });
          }
          const ids = NAMES.map((_, n) => idOf(n));
          const last = await lastHistory(board, ids);
          for (const id of ids) {
            if (!last.has(id)) continue;
            expect([id, last.get(id)]).toEqual([id, expected.get(id)?.value ?? null]);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  const scoreOps = fc.array(
    fc.oneof(
      {
        arbitrary: fc.record({
          t: fc.constant('score' as const),
          p: fc.nat(2),
          v: fc.integer({ min: 1, max: 50 }),
        }),
        weight: 3,
      },
      fc.record({
        t: fc.constant('change' as const),
        i: fc.nat(20),
        v: fc.integer({ min: 1, max: 50 }),
      }),
      fc.record({ t: fc.constant('remove' as const), i: fc.nat(20) }),
    ),
    { minLength: 1, maxLength: 14 },
  );

  for (const type of ['Classic', 'Highscore', 'Time'] as const) {
    it(`${type}: standings after any corrections equal the recount of the scores left`, async () => {
      await fc.assert(
        fc.asyncProperty(scoreOps, async (ops) => {
          const board = await t.board({ type, windowHours: 0 });
          const fold = (values: number[]) =>
            type === 'Classic'
              ? values.reduce((a, b) => a + b, 0)
              : type === 'Highscore'
                ? Math.max(...values)
                : Math.min(...values);
          const scores: { p: number; v: number; removed: boolean; handle: string }[] = [];
          for (const op of ops) {
            if (op.t === 'score') {
              const handle = await apply(t.submitScore(board, customPlayer(NAMES[op.p]!), op.v));
              scores.push({ p: op.p, v: op.v, removed: false, handle });
              continue;
            }
            const target = scores[op.i % Math.max(scores.length, 1)];
            if (!target) continue;
            const change = op.t === 'remove' ? 'remove' : { score: op.v };
            const correcting = correctResult(t.ctx, { handle: target.handle }, change, operator);
            if (target.removed || (op.t === 'change' && op.v === target.v)) {
              await expect(correcting).rejects.toMatchObject({ code: 'invalid_request' });
              continue;
            }
            await correcting;
            if (op.t === 'remove') target.removed = true;
            else target.v = op.v;
          }
          const expected = new Map<string, [number, number]>();
          for (const n of [0, 1, 2]) {
            const left = scores.filter((s) => s.p === n && !s.removed).map((s) => s.v);
            if (left.length > 0) expected.set(idOf(n), [fold(left), left.length]);
          }
          const entries = await t.entries(board);
          expect(new Map(entries.map((e) => [e.playerId, [e.score!, e.submissions!]]))).toEqual(
            expected,
          );
          const ids = [0, 1, 2].map(idOf);
          const last = await lastHistory(board, ids);
          for (const id of ids) {
            if (!last.has(id)) continue;
            expect([id, last.get(id)]).toEqual([id, expected.get(id)?.[0] ?? null]);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});
