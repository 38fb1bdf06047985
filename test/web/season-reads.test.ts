import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { Context } from '../../src/pipeline/context';
import { boardSeasons, seasonStandingsPage } from '../../src/pipeline/season-reads';
import { endSeason, seasonOf, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { startTestTally, type TestTally } from '../support/tally';
import { clockFrom, custom, postScores } from './seed';

/**
 * The season reads the pages use (and /season list, /leaderboard season:N, the end announcement
 * and `tally season list` share): the seasons with their champions, in pages, and an ended
 * season's final standings, in pages.
 */
describe(`season reads (${backendName})`, () => {
  let tally: TestTally;
  let arcade: Board;

  beforeAll(async () => {
    tally = await startTestTally({}, { worker: false });
    const ownerId = await tally.owner();
    arcade = await tally.board({ ownerId, type: 'Highscore', name: 'Arcade', windowHours: 0 });
    const at = (day: number): Context => ({
      ...tally.ctx,
      now: () => new Date(`2027-01-0${day}T00:00:00Z`),
    });
    const [ann, bo, cy] = ['Ann', 'Bo', 'Cy'].map(custom);
    // Season 1: Ann and Bo tie at the top; season 2: Cy alone; season 3: nobody; 4 runs.
    await startSeason(at(1), ownerId, arcade.id, {});
    await postScores(tally.ctx, arcade, clockFrom('2027-01-01T01:00:00Z', 60_000), [
      [ann!, 50],
      [bo!, 50],
      [cy!, 10],
    ]);
    await endSeason(at(2), ownerId, arcade.id);
    await startSeason(at(3), ownerId, arcade.id, {});
    await postScores(tally.ctx, arcade, clockFrom('2027-01-03T01:00:00Z'), [[cy!, 70]]);
    await endSeason(at(4), ownerId, arcade.id);
    await startSeason(at(5), ownerId, arcade.id, {});
    await endSeason(at(6), ownerId, arcade.id);
    await startSeason(at(7), ownerId, arcade.id, {});
  });
  afterAll(async () => {
    await tally?.stop();
  });

  it('GIVEN ended seasons and a running one THEN the first page has the running season and the newest ended ones with their champions, and the next page the rest', async () => {
    const first = await boardSeasons(tally.ctx, arcade, { limit: 2 });
    expect(first.running?.number).toBe(4);
    const summary = (page: typeof first) =>
      page.ended.map((s) => [s.season.number, s.champions.map((c) => c.playerName)]);
    expect(summary(first)).toEqual([
      [3, []],
      [2, ['Cy']],
    ]);
    expect(first.nextBefore).toBe(2);
    const next = await boardSeasons(tally.ctx, arcade, { before: 2, limit: 2 });
    expect(next.running).toBeNull();
    expect(summary(next)).toEqual([[1, ['Ann', 'Bo']]]);
    expect(next.nextBefore).toBeNull();
  });

  it('GIVEN an ended season THEN its final standings come in pages by offset, and a running season has none', async () => {
    const season = await seasonOf(tally.ctx, arcade, 1);
    const top = await seasonStandingsPage(tally.ctx, season, { from: 0, limit: 2 });
    expect(top.rows.map((r) => [r.rank, r.playerName, r.value])).toEqual([
      [1, 'Ann', 50],
      [1, 'Bo', 50],
    ]);
    expect(top.more).toBe(true);
    const rest = await seasonStandingsPage(tally.ctx, season, { from: 2, limit: 2 });
    expect(rest.rows.map((r) => [r.rank, r.playerName])).toEqual([[3, 'Cy']]);
    expect(rest.more).toBe(false);
    const running = (await boardSeasons(tally.ctx, arcade, { limit: 1 })).running!;
    await expect(seasonStandingsPage(tally.ctx, running, { from: 0, limit: 2 })).rejects.toThrow(
      'Season 4 is still running',
    );
  });
});
