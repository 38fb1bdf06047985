import { InteractionResponseType } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { cast, handleIn, submissionId } from '../support/cast';
import { startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import { eventually } from '../support/wait';

/**
 * Issue: one submit use case for API and chat. The chat reply waits for the worker exactly as
 * the API does: not at all with SYNC_WAIT_MS=0 (it used to wait at least a second), and never
 * past SYNC_WAIT_MS when the database stops answering the look at the row (it used to await the
 * row with no bound, past Discord's 15-minute token). Neither test reads a stopwatch against a
 * ceiling: what the reply says, and that it comes at all, tell whether it waited.
 */
describe(`/score submit waits like the API (${backendName})`, () => {
  let world: DiscordWorld | undefined;
  afterEach(async () => {
    await world?.stop();
    world = undefined;
  });

  /** A world of its own: the usual cast on a server, a Classic board that applies at once. */
  async function startWorld(syncWaitMs: number, worker: boolean) {
    const { server: arena, general, alice } = cast();
    world = await startDiscordWorld({
      guilds: [arena],
      env: { SYNC_WAIT_MS: String(syncWaitMs) },
      worker,
      discord: { loginRetryMs: 50 },
    });
    const ownerId = await world.tally.owner(`guild:${arena.id}`);
    const board = await world.tally.board({ ownerId, type: 'Classic', windowHours: 0 });
    return { world, alice, channelId: general.id, board };
  }

  async function submitScore(w: Awaited<ReturnType<typeof startWorld>>) {
    const started = performance.now();
    const { callback, message } = await w.world.run({
      channelId: w.channelId,
      user: w.alice,
      permissions: '0',
      command: ['score', 'submit'],
      options: { board: w.board.id, score: '7' },
    });
    const ms = performance.now() - started;
    expect(callback.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    return { ms, content: message.content };
  }

  it('GIVEN SYNC_WAIT_MS=0 THEN the reply does not wait for the worker', async () => {
    // A worker that applies the score at once: a reply that waited for it would say so.
    const w = await startWorld(0, true);
    const { content } = await submitScore(w);
    expect(content).toMatch(
      /^Submitted to \*\*.+\*\* as sub_\d+; it is queued and applies in a moment\.$/,
    );
    const id = submissionId(handleIn(content));
    await eventually(async () => {
      const row = await w.world.tally.ctx.repos.submissions.byId(id);
      return row?.status === 'approved' ? true : undefined;
    }, 'the worker to apply the score');
  });

  it('GIVEN the row read never returns THEN the reply comes once SYNC_WAIT_MS is spent', async () => {
    // No worker: nothing settles, so a reply that waits for one waits its whole budget.
    const w = await startWorld(400, false);
    const { repos, signals } = w.world.tally.ctx;
    const repo = repos.submissions;
    const withRecord = repo.withRecord.bind(repo);
    const waitOutcome = signals.waitOutcome.bind(signals);
    const hanging: (() => void)[] = [];
    // "The worker settled it" (there is none): woken at once, the reply looks at the row.
    signals.waitOutcome = async () => ({ outcome: null });
    repo.withRecord = () => new Promise((resolve) => hanging.push(() => resolve(null)));
    try {
      // It comes at all, though the look at the row it raced never returns: the wait is bounded.
      const { ms, content } = await submitScore(w);
      expect(content).toMatch(/it is queued and applies in a moment\.$/);
      expect(ms).toBeGreaterThanOrEqual(395); // and only once the budget is spent
      expect(hanging.length).toBeGreaterThan(0); // the read really was left hanging
    } finally {
      repo.withRecord = withRecord;
      signals.waitOutcome = waitOutcome;
      for (const release of hanging) release();
    }
  });
});
