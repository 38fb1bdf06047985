import { afterEach, describe, expect, it } from 'vitest';
import { TallyError } from '../../src/domain/errors';
import { streaks } from '../../src/domain/record';
import { boardRecent, headToHead, playerProfile } from '../../src/pipeline/profile';
import { backendName } from '../support/backends';
import { customPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * Profiles and head-to-heads (issue 14 item 2): one read model for chat, the web and pictures.
 */
const [ann, bo, cy] = ['Ann', 'Bo', 'Cy'].map(customPlayer) as [object, object, object];

describe(`player profiles (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  async function ladder() {
    p = await startPipeline();
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    const play = async (won: object, lost: object) => {
      await p!.submitMatch(board, { team1: [won], team2: [lost], winner: 'team1' });
      await p!.worker.runOnce();
    };
    await play(ann, bo); // #1 Ann 1016, Bo 984
    await play(ann, cy); // #2 Ann 1031, Cy 985
    await play(bo, ann); // #3 Bo 1003 (+19 against 1031), Ann 1012
    await play(ann, bo); // #4 Ann 1028, Bo 987
    await play(ann, bo); // #5
    return board;
  }

  it('GIVEN a ladder THEN a profile reads rank, rating, peak, record, win rate, streaks, last matches and the series', async () => {
    const board = await ladder();
    const profile = await playerProfile(p!.ctx, board, 'custom:Ann');
    expect(profile.player).toEqual({ id: 'custom:Ann', name: 'Ann' });
    expect([profile.rank, profile.of]).toEqual([1, 3]);
    expect(profile.record).toEqual({ wins: 4, draws: 0, losses: 1 });
    expect(profile.winRate).toBe(0.8);
    expect(profile.streaks).toEqual({ current: { result: 'W', length: 2 }, longestWin: 2 });
    expect(profile.recent.map((m) => [m.number, m.result, m.opponents.map((o) => o.name)])).toEqual(
      [
        [5, 'W', ['Bo']],
        [4, 'W', ['Bo']],
        [3, 'L', ['Bo']],
        [2, 'W', ['Cy']],
        [1, 'W', ['Bo']],
      ],
    );
    const values = profile.history.map((h) => h.value);
    expect(values).toHaveLength(5);
    expect(profile.value).toBe(values.at(-1));
    expect(profile.peak).toBe(Math.max(...(values as number[])));
    expect(profile.recent[2]?.delta).toBe(values[2]! - values[1]!);
  });

  it('GIVEN two players THEN the head-to-head counts only their meetings, from the first one’s side', async () => {
    const board = await ladder();
    const h2h = await headToHead(p!.ctx, board, 'custom:Ann', 'custom:Bo');
    expect([h2h.wins, h2h.draws, h2h.losses]).toEqual([3, 0, 1]);
    expect(h2h.matches.map((m) => m.number)).toEqual([5, 4, 3, 1]);
    expect(h2h.net).toBe(h2h.matches.reduce((sum, m) => sum + m.delta!, 0));
    const other = await headToHead(p!.ctx, board, 'custom:Bo', 'custom:Ann');
    expect([other.wins, other.losses, other.net]).toEqual([1, 3, -h2h.net!]);
    expect(await headToHead(p!.ctx, board, 'custom:Bo', 'custom:Cy')).toMatchObject({
      wins: 0,
      draws: 0,
      losses: 0,
      matches: [],
    });
  });

  it('GIVEN nobody by that id THEN not found; a League board reads points, draws and scorelines', async () => {
    const board = await ladder();
    await expect(playerProfile(p!.ctx, board, 'custom:Nobody')).rejects.toThrow(TallyError);
    const league = await p!.board({ type: 'League', windowHours: 0 });
    await p!.submitMatch(league, { team1: [ann], team2: [bo], team1_score: 2, team2_score: 2 });
    await p!.submitMatch(league, { team1: [bo], team2: [ann], team1_score: 1, team2_score: 3 });
    await p!.worker.runOnce();
    const profile = await playerProfile(p!.ctx, league, 'custom:Ann');
    expect(profile.value).toBe(4); // a draw (1) and a win (3)
    expect(profile.recent.map((m) => [m.result, m.score, m.delta])).toEqual([
      ['W', '3–1', null],
      ['D', '2–2', null],
    ]);
    const recent = await boardRecent(p!.ctx, league, 10);
    expect(
      recent.map((m) => [m.number, m.winner, m.team1Score, m.team2Score, m.team1[0]?.name]),
    ).toEqual([
      [2, 'team2', 1, 3, 'Bo'],
      [1, 'draw', 2, 2, 'Ann'],
    ]);
  });

  it.each([
    [[], { current: null, longestWin: 0 }],
    [['W', 'W', 'L', 'W'], { current: { result: 'W', length: 1 }, longestWin: 2 }],
    [['D', 'D', 'D'], { current: { result: 'D', length: 3 }, longestWin: 0 }],
    [['W', 'W', 'W', 'D', 'L', 'L'], { current: { result: 'L', length: 2 }, longestWin: 3 }],
  ] as const)('GIVEN results %j THEN streaks are %j', (results, expected) => {
    expect(streaks([...results])).toEqual(expected);
  });
});
