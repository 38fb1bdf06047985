import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eloDeltas, eloSettings } from '../../src/domain/elo';
import type { Winner } from '../../src/domain/vocabulary';
import { correctResult } from '../../src/pipeline/corrections';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * A correction racing the worker on the same board (issue 15): while the worker applies a stream
 * of matches between the same players, corrections flip and remove earlier ones. Both lock the
 * board in their transaction (on MariaDB a row lock, each on its own pooled connection), so
 * neither may lose the other's update: afterwards every rating is exactly the start plus each
 * counting match's change from its stored snapshot, and every history series ends on it.
 */
describe(`a correction racing the worker (${backendName})`, () => {
  let t: TestPipeline;

  beforeAll(async () => {
    t = await startPipeline();
  });
  afterAll(() => t.close());

  it('loses no update: ratings equal the replay of the stored snapshots and final results', async () => {
    const board = await t.board({ type: 'ELO', windowHours: 0 });
    const names = ['Ann', 'Bo', 'Cy', 'Di'];
    const FIRST = 12;
    const RACING = 40;
    const WINNERS: Winner[] = ['team1', 'team2', 'draw'];
    const pair = (i: number) => [names[i % 4]!, names[(i + 1 + (i % 3)) % 4]!] as const;
    const queue = async (i: number) => {
      const [a, b] = pair(i);
      await t.submitMatch(board, {
        team1: [customPlayer(a)],
        team2: [customPlayer(b)],
        winner: WINNERS[i % 3],
      });
    };
    // Until nothing is queued: a pass that finds the board locked by a correction (SKIP LOCKED
    // on MariaDB) makes no progress and is simply tried again.
    const drain = async () => {
      const until = Date.now() + 20_000;
      while ((await t.ctx.repos.submissions.boardsWithQueued(100)).includes(board.pk)) {
        if (Date.now() > until) throw new Error('the worker did not drain the board in 20 s');
        if (!(await t.worker.runOnce())) await new Promise((r) => setTimeout(r, 5));
      }
    };
    for (let i = 0; i < FIRST; i++) await queue(i);
    await drain();

    const earlier = (await t.ctx.repos.matches.page(board.pk, {}, FIRST)).map((m) => ({
      handle: `sub_${m.submissionId}`,
      /** Another result than the one recorded. */
      other: WINNERS[(WINNERS.indexOf(m.winner!) + 1) % 3]!,
    }));
    // The worker applies RACING more matches while every earlier one is corrected or removed.
    let corrections = 0;
    const working = (async () => {
      for (let i = FIRST; i < FIRST + RACING; i++) {
        await queue(i);
        if (i % 4 === 0) await t.worker.runOnce();
      }
      await drain();
    })();
    const correcting = (async () => {
      for (const [i, { handle, other }] of earlier.entries()) {
        const change = i % 4 === 3 ? 'remove' : { winner: other };
        await correctResult(t.ctx, { handle }, change, { by: 'cli', actor: 'operator' });
        corrections++;
      }
    })();
    await Promise.all([working, correcting]);
    expect(corrections).toBe(FIRST);

    const matches = await t.ctx.repos.matches.page(board.pk, {}, 1000);
    expect(matches).toHaveLength(FIRST + RACING);
    const { k, startRating } = eloSettings(board);
    const expected = new Map<string, { elo: number; played: number }>();
    for (const match of matches) {
      if (match.winner === null) continue; // removed
      const [one, two] = [1, 2].map((side) => match.roster.find((s) => s.side === side)!);
      const delta = eloDeltas(
        { team1: [one!.eloBefore!], team2: [two!.eloBefore!] },
        match.winner,
        k,
      );
      for (const slot of [one!, two!]) {
        const row = expected.get(slot.playerId) ?? { elo: startRating, played: 0 };
        row.elo += slot.side === 1 ? delta : 0 - delta;
        row.played++;
        expected.set(slot.playerId, row);
        // The stored change is the one the replay gives.
        expect(slot.eloDelta).toBe(slot.side === 1 ? delta : 0 - delta);
      }
    }
    const entries = await t.entries(board);
    expect(
      new Map(
        entries.map((e) => [e.playerId, { elo: e.elo!, played: e.wins! + e.draws! + e.losses! }]),
      ),
    ).toEqual(expected);
    for (const entry of entries) {
      const series = await t.ctx.repos.history.series(board.pk, entry.playerId, null, 1000);
      expect(series.at(-1)!.value).toBe(entry.elo);
      // Every change is in the series: from the first value, the deltas add up to the rating.
      const [first, ...rest] = series;
      expect(first!.value! + rest.reduce((sum, h) => sum + h.delta!, 0)).toBe(entry.elo);
    }
  });
});
