import { InteractionResponseType } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { FakeDiscord, snowflake, type FakeMember } from '../support/fake-discord';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * Issue: one submit use case for API and chat. The chat reply waits for the worker exactly as
 * the API does: not at all with SYNC_WAIT_MS=0 (it used to wait at least a second), and never
 * past SYNC_WAIT_MS when the database stops answering the look at the row (it used to await the
 * row with no bound, past Discord's 15-minute token).
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';

describe(`/score submit waits like the API (${backendName})`, () => {
  let fake: FakeDiscord | undefined;
  let tally: TestTally | undefined;
  afterEach(async () => {
    await tally?.stop();
    await fake?.close();
  });

  /** A world of its own: one member on one server, a Classic board that applies at once. */
  async function world(syncWaitMs: number) {
    const alice: FakeMember = { id: snowflake(), username: 'alice' };
    const guild = {
      id: snowflake(),
      name: 'Arena',
      channels: [{ id: snowflake(), name: 'general' }],
    };
    fake = await FakeDiscord.start({
      applicationId: APP,
      token: TOKEN,
      guilds: [{ ...guild, roles: [], members: [alice] }],
    });
    // No worker: nothing settles, so a reply that waits for one waits its whole budget.
    tally = await startTestTally(
      {
        DISCORD_TOKEN: TOKEN,
        DISCORD_APPLICATION_ID: APP,
        DISCORD_API_URL: fake.apiUrl,
        SYNC_WAIT_MS: String(syncWaitMs),
      },
      { worker: false, discord: { loginRetryMs: 50 } },
    );
    await fake.waitFor(() => fake!.commands.get('global'), 10_000, 'command registration');
    const ownerId = await tally.owner(`guild:${guild.id}`);
    const board = await tally.board({ ownerId, type: 'Classic', windowHours: 0 });
    return { fake, tally, alice, channelId: guild.channels[0]!.id, board };
  }

  async function submitScore(w: Awaited<ReturnType<typeof world>>) {
    const started = performance.now();
    const { token } = w.fake.runCommand({
      channelId: w.channelId,
      user: w.alice,
      permissions: '0',
      command: ['score', 'submit'],
      options: { board: w.board.id, score: '7' },
    });
    const callback = await w.fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`));
    expect((callback.body as { type: number }).type).toBe(
      InteractionResponseType.DeferredChannelMessageWithSource,
    );
    await w.fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path === `/webhooks/${APP}/${token}/messages/@original`,
      10_000,
    );
    return { ms: performance.now() - started, content: w.fake.replyOf(token)?.content ?? '' };
  }

  it('GIVEN SYNC_WAIT_MS=0 THEN the reply does not wait for the worker', async () => {
    const w = await world(0);
    const { ms, content } = await submitScore(w);
    expect(content).toMatch(
      /^Submitted to \*\*.+\*\* as sub_\d+; it is queued and applies in a moment\.$/,
    );
    expect(ms).toBeLessThan(900);
  });

  it('GIVEN the row read never returns THEN the reply comes once SYNC_WAIT_MS is spent', async () => {
    const w = await world(400);
    const repo = w.tally.ctx.repos.submissions;
    const byId = repo.byId.bind(repo);
    const hanging: (() => void)[] = [];
    repo.byId = () => new Promise((resolve) => hanging.push(() => resolve(null)));
    try {
      const { ms, content } = await submitScore(w);
      expect(content).toMatch(/it is queued and applies in a moment\.$/);
      expect(ms).toBeGreaterThanOrEqual(395);
      expect(ms).toBeLessThan(3_000);
      expect(hanging.length).toBeGreaterThan(0); // the read really was left hanging
    } finally {
      repo.byId = byId;
      for (const release of hanging) release();
    }
  });
});
