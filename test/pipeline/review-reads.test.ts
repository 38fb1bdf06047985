import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../src/pipeline/review';
import { ownedSubmission, reviewViewOf } from '../../src/pipeline/review-view';
import { backendName } from '../support/backends';
import { chatPlayer, startPipeline, type TestPipeline } from '../support/pipeline';

/**
 * A moderator's Approve (issue 25: it read the submission 4 times and the board 3 times across
 * the bot, the pipeline and the store): the press reads both once to check who may decide, the
 * decision reads only the pending row again, under the board's lock, and the redrawn message is
 * drawn from what the decision returned.
 */
describe(`the reads of a moderator's decision (${backendName})`, () => {
  let t: TestPipeline;
  beforeAll(async () => {
    t = await startPipeline();
  });
  afterAll(() => t.close());

  /** Counts the calls of `submissions.byId` and `boards.byPk` while `run` runs. */
  async function counted<T>(run: () => Promise<T>) {
    const { submissions, boards } = t.ctx.repos;
    const [byId, byPk] = [submissions.byId.bind(submissions), boards.byPk.bind(boards)];
    const reads = { submission: 0, board: 0 };
    submissions.byId = (...args) => ((reads.submission += 1), byId(...args));
    boards.byPk = (...args) => ((reads.board += 1), byPk(...args));
    try {
      return { result: await run(), reads };
    } finally {
      submissions.byId = byId;
      boards.byPk = byPk;
    }
  }

  it('GIVEN a pending match THEN approve and redraw read the submission twice and the board once, and the view shows the outcome', async () => {
    const board = await t.board({ type: 'ELO', windowHours: 24 });
    const pending = await t.submitMatch(board, {
      team1: [chatPlayer()],
      team2: [chatPlayer()],
      winner: 'team1',
    });
    await t.worker.runOnce();
    const { result: view, reads } = await counted(async () => {
      const known = await ownedSubmission(t.ctx, board.ownerId, pending.submission.id);
      const outcome = await review(
        t.ctx,
        pending.handle,
        'approve',
        'chat:1',
        { ownerId: board.ownerId },
        { known: known! },
      );
      return reviewViewOf(t.ctx, outcome.submission, outcome.board);
    });
    expect(reads).toEqual({ submission: 2, board: 1 });
    expect(view?.submission.status).toBe('approved');
    expect(view?.record.kind === 'match' && view.record.roster.map((s) => s.eloDelta)).toEqual([
      16, -16,
    ]);
  });

  it('GIVEN a known row of another submission THEN the decision reads its own, never trusting it', async () => {
    const board = await t.board({ type: 'ELO', windowHours: 24 });
    const [first, second] = [
      await t.submitMatch(board, { team1: [chatPlayer()], team2: [chatPlayer()], winner: 'team1' }),
      await t.submitMatch(board, { team1: [chatPlayer()], team2: [chatPlayer()], winner: 'team2' }),
    ];
    await t.worker.runOnce();
    const known = await ownedSubmission(t.ctx, board.ownerId, first.submission.id);
    const outcome = await review(t.ctx, second.handle, 'decline', 'chat:1', 'operator', {
      known: known!,
    });
    expect(outcome.submission.id).toBe(second.submission.id);
    expect(await t.status(first.submission.id)).toBe('pending_review');
    expect(await t.status(second.submission.id)).toBe('rejected');
  });
});
