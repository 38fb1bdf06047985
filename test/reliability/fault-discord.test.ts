import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { expireOverdue, review } from '../../src/pipeline/review';
import { backendName } from '../support/backends';
import { FakeDiscord, snowflake, type FakeMember } from '../support/fake-discord';
import { startTestTally, type TestTally } from '../support/tally';
import { sleep } from './support/harness';

/**
 * The Discord side failing while submissions keep coming (test/bot/review.test.ts covers one
 * post through 429/5xx and Discord down at start): name lookups, review posts and review edits
 * fail in runs; every submission still ends with exactly one review message and its outcome
 * shown, none fails for Discord's fault, and one whose post never lands still ends at its window.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const guildId = snowflake();
const modChannel = snowflake();
const people: FakeMember[] = Array.from({ length: 6 }, (_, i) => ({
  id: snowflake(),
  username: `player${i}`,
}));
const guild = {
  id: guildId,
  name: 'Arena',
  channels: [{ id: modChannel, name: 'mod-queue' }],
  roles: [],
  members: people,
};
const BOT_TUNING = {
  loginRetryMs: 50,
  poster: { pollMs: 50, retryBaseMs: 50, retryMaxMs: 300 },
};
const SUBMISSIONS = 24;

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

describe(`the Discord side failing under write load (${backendName})`, () => {
  let fake: FakeDiscord;
  let tally: TestTally;
  let board: Board;
  let key: string;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ applicationId: APP, token: TOKEN, guilds: [guild] });
    tally = await startTestTally(
      { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP, DISCORD_API_URL: fake.apiUrl },
      { discord: BOT_TUNING },
    );
    await fake.waitForIdentify(10_000);
    const ownerId = await tally.owner(`guild:${guildId}`);
    key = await tally.key({ ownerId });
    board = await tally.board({ ownerId, type: 'ELO', moderatorChannelId: modChannel });
  }, 60_000);

  afterAll(async () => {
    await tally?.stop();
    await fake?.close();
  });

  const isLookup = (r: { method: string; path: string }) =>
    r.method === 'GET' && r.path.startsWith(`/guilds/${guildId}/members/`);
  const isPost = (r: { method: string; path: string }) =>
    r.method === 'POST' && r.path === `/channels/${modChannel}/messages`;
  const isEdit = (r: { method: string; path: string }) =>
    r.method === 'PATCH' && r.path.startsWith(`/channels/${modChannel}/messages/`);
  const row = async (handle: string) =>
    (await tally.ctx.repos.submissions.byId(Number(handle.slice(4))))!;

  async function submit(i: number): Promise<string> {
    const a = people[i % people.length]!;
    const b = people[(i + 1) % people.length]!;
    const res = await tally.request('POST', `/v1/boards/${board.id}/matches`, {
      key,
      headers: { 'idempotency-key': `discord-fault-${i}` },
      body: JSON.stringify({
        team1: [{ chat_id: a.id }],
        team2: [{ chat_id: b.id }],
        winner: i % 2 ? 'team1' : 'team2',
      }),
    });
    expect(res.status, res.text).toBe(202);
    return (res.body as { handle: string }).handle;
  }

  it(`GIVEN name lookups, review posts and edits failing in runs while ${SUBMISSIONS} submissions arrive THEN each gets exactly one review message, none fails, and decisions reach the messages`, async () => {
    const failures = { lookups: 12, posts: 30, edits: 8 };
    fake.failNext(
      isLookup,
      { status: 503, body: { message: 'unavailable', code: 0 } },
      failures.lookups,
    );
    fake.failNext(isPost, { status: 500, body: { message: 'boom', code: 0 } }, failures.posts);
    const handles = await Promise.all(Array.from({ length: SUBMISSIONS }, (_, i) => submit(i)));

    // Every submission is posted, once, however many tries it took.
    await eventually(
      async () => {
        const rows = await Promise.all(handles.map(row));
        return rows.every((r) => r.reviewMessageId) ? rows : undefined;
      },
      'every review message to be posted',
      60_000,
    );
    const rows = await Promise.all(handles.map(row));
    expect(rows.map((r) => r.status)).toEqual(handles.map(() => 'pending_review'));
    const posted = fake.requests.filter((r) => isPost(r) && r.status === 200);
    const nonces = posted.map((r) => (r.body as { nonce?: string }).nonce);
    expect([...nonces].sort()).toEqual([...handles].sort());
    const failedPosts = fake.requests.filter((r) => isPost(r) && r.status === 500).length;
    const failedLookups = fake.requests.filter((r) => isLookup(r) && r.status === 503).length;
    expect(failedPosts).toBe(failures.posts);
    expect(failedLookups).toBe(failures.lookups);

    // Decisions while edits fail: every message ends showing its outcome.
    fake.failNext(
      isEdit,
      { status: 502, body: { message: 'bad gateway', code: 0 } },
      failures.edits,
    );
    const decided = handles.slice(0, 8);
    for (const [i, handle] of decided.entries()) {
      await review(tally.ctx, handle, i % 2 ? 'approve' : 'decline', 'cli', 'operator');
    }
    await eventually(
      async () => {
        const closed = await Promise.all(decided.map(row));
        return closed.every((r) => r.reviewState === 'closed') ? true : undefined;
      },
      'every decided message to be edited',
      60_000,
    );
    const byHandle = new Map(rows.map((r) => [`sub_${r.id}`, r.reviewMessageId!]));
    for (const handle of decided) {
      const message = fake.messages.get(byHandle.get(handle)!)!;
      const outcome = (message.embeds[0]?.fields ?? []).find((f) => f.name === 'Outcome');
      expect(outcome?.value, handle).toMatch(/^(Approved|Declined)/);
    }
    const failedEdits = fake.requests.filter((r) => isEdit(r) && r.status === 502).length;
    expect(failedEdits).toBe(failures.edits);
    console.log(
      `[fault] Discord failing: ${SUBMISSIONS} submissions through ${failedLookups} failed name lookups and ` +
        `${failedPosts} failed posts: ${posted.length} review messages, one per handle, 0 failed submissions; ` +
        `${decided.length} decisions through ${failedEdits} failed edits: all messages show their outcome`,
    );
  }, 120_000);

  it('GIVEN a review post that never lands THEN the submission is not stuck: it ends (expired) at its validation window', async () => {
    const handle = await submit(1000);
    fake.failNext(isPost, { status: 500, body: { message: 'down', code: 0 } }, 100_000);
    await eventually(
      async () => ((await row(handle)).status === 'pending_review' ? true : undefined),
      'the submission to wait for review',
      20_000,
    );
    // Several failed tries, backing off; the post is still owed.
    await eventually(
      async () =>
        fake.requests.filter((r) => isPost(r) && (r.body as { nonce?: string }).nonce === handle)
          .length >= 3
          ? true
          : undefined,
      'retried posts',
      20_000,
    );
    expect((await row(handle)).reviewMessageId ?? null).toBeNull();
    expect((await row(handle)).reviewAttempts).toBeGreaterThan(0);
    // Its window runs out (moved into the past rather than waited for, as in review.test.ts).
    await tally.ctx.repos.submissions.update(Number(handle.slice(4)), {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await expireOverdue(tally.ctx)).map((o) => o.handle)).toContain(handle);
    const status = await tally.request('GET', `/v1/submissions/${handle}`, { key });
    expect(status.body).toMatchObject({ handle, status: 'rejected' });
    // Nothing is posted for a decided submission whose message never existed. A post already
    // under way when the window ended may still arrive: @discordjs/rest retries a 500 itself
    // (up to 3 times), so the count is taken once that try has run its course.
    await sleep(500);
    const triesAtExpiry = fake.requests.filter(
      (r) => isPost(r) && (r.body as { nonce?: string }).nonce === handle,
    ).length;
    await sleep(800); // many poster passes
    const triesAfter = fake.requests.filter(
      (r) => isPost(r) && (r.body as { nonce?: string }).nonce === handle,
    ).length;
    expect(triesAfter).toBe(triesAtExpiry);
    console.log(
      `[fault] Discord never accepting a post: ${triesAtExpiry} tries with backoff, then the window ended it (rejected); no more tries`,
    );
  }, 60_000);
});
