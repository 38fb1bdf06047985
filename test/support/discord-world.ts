import { InteractionResponseType, MessageFlags, type APIMessage } from 'discord-api-types/v10';
import { expect } from 'vitest';
import type { Board } from '../../entities/board';
import type { StartOptions } from '../../src/main';
import { review } from '../../src/pipeline/review';
import { member } from './cast';
import {
  FakeDiscord,
  snowflake,
  type CommandInput,
  type FakeGuild,
  type FakeMember,
  type Forging,
  type Presser,
  type RecordedRequest,
} from './fake-discord';
import { idempotencyHeader, startTestTally, type TestTally } from './tally';
import { eventually } from './wait';

/**
 * A Discord world for the bot suites: the servers a test describes (test/support/cast.ts), the
 * fake Discord they live in, a real Tally whose bot is connected to it, and what members do
 * there (run a command, press a button) with what they then see.
 */

export { snowflake };

/** The bot's application id and token (one per test file: every file has its own modules). */
export const APP = snowflake();
export const TOKEN = 'fake-bot-token';
/** The Manage Server permission bit, as Discord sends it. */
export const MANAGE_SERVER = '32';
/**
 * How long a world waits for the bot to do something (reply, post, edit, settle): generous,
 * since a loaded machine is slow and a test is not about its speed. Each wait ends the moment
 * the thing happens; only a bot that never does it makes a test wait this long.
 */
export const PATIENCE_MS = 15_000;
/** Short retries and polls, so the bot logs in and posts within milliseconds. */
export const BOT_TUNING = {
  loginRetryMs: 50,
  poster: { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 },
} satisfies StartOptions['discord'];

/** The environment that connects Tally's bot to a (fake) Discord at `apiUrl`. */
export const botEnv = (apiUrl: string) => ({
  DISCORD_TOKEN: TOKEN,
  DISCORD_APPLICATION_ID: APP,
  DISCORD_API_URL: apiUrl,
});

/** The fake Discord of this file's application, with these servers and people. */
export const startFakeDiscord = (
  options: Omit<Parameters<typeof FakeDiscord.start>[0], 'applicationId' | 'token'>,
) => FakeDiscord.start({ applicationId: APP, token: TOKEN, ...options });

/** The custom ids of a message's buttons, in order. */
export const buttonsOf = (m: APIMessage) =>
  (m.components ?? []).flatMap((row) =>
    'components' in row ? row.components.map((c) => ('custom_id' in c ? c.custom_id : '')) : [],
  );
/** The fields of a message's first embed, by name. */
export const fieldsOf = (m: APIMessage) =>
  Object.fromEntries((m.embeds[0]?.fields ?? []).map((f) => [f.name, f.value]));
/** The lines of a message's first embed description (a standings page). */
export const lines = (m: APIMessage) => (m.embeds[0]?.description ?? '').split('\n');
/** The custom id of a message's Next button (paged standings and lists), if it has one. */
export function nextButton(m: APIMessage): string | undefined {
  for (const row of m.components ?? []) {
    if (!('components' in row)) continue;
    for (const c of row.components as { label?: string; custom_id?: string }[]) {
      if (c.label === 'Next' && c.custom_id) return c.custom_id;
    }
  }
  return undefined;
}
/** The review buttons the bot puts under a submission's review message. */
export const reviewButtons = (handle: string) => [
  `review:approve:${handle}`,
  `review:decline:${handle}`,
  `review:adjust:${handle}`,
];

/** An interaction callback as the bot sent it. */
export interface Callback {
  type: InteractionResponseType;
  data?: { flags?: number; content?: string };
}

export interface DiscordWorld {
  fake: FakeDiscord;
  tally: TestTally;
  /** Someone joins a server after the bot connected (the bot looks members up over REST). */
  join(guild: FakeGuild, person: FakeMember): FakeMember;
  /** Someone on no server the bot shares, whom it can still DM (a personal workspace). */
  dmUser(username: string, extra?: Omit<Partial<FakeMember>, 'id'>): FakeMember;
  /** Runs a slash command; resolves with the reply as the member sees it once it is final. */
  run(input: CommandInput): Promise<{
    token: string;
    callback: Callback;
    message: APIMessage;
    ephemeral: boolean;
  }>;
  /**
   * A member presses a button (any custom id, on the message or not; `forge` sends something
   * else again); resolves with the bot's callback.
   */
  press(
    message: APIMessage,
    customId: string,
    presser: Presser & Forging,
  ): Promise<{ token: string; callback: Callback }>;
  /** Every line of a paged message, pressing Next (each press must update it) to the last page. */
  allLines(message: APIMessage, presser: Presser): Promise<string[]>;
  /** The bot's review message of a submission, once posted. */
  reviewMessage(handle: string, timeoutMs?: number): Promise<APIMessage>;
  /** The bot's edit of the message an interaction answered (`@original`). */
  editedOriginal(token: string, timeoutMs?: number): Promise<RecordedRequest>;
  /** The bot's follow-up message to an interaction. */
  followUp(token: string): Promise<RecordedRequest>;
  /** A submission's status as the API reports it to `key`. */
  status(handle: string, key: string): Promise<string>;
  /** Resolves once the submission's status is `wanted` (it is processed in the background). */
  statusBecomes(handle: string, key: string, wanted: string): Promise<void>;
  /** A match through the API that team1 won: expects the 202 and resolves with the handle. */
  submitMatch(board: Board, key: string, team1: object[], team2: object[]): Promise<string>;
  /** A match `winner` won against `loser` (members), through the API, approved once pending. */
  approvedMatch(board: Board, key: string, winner: FakeMember, loser: FakeMember): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the fake Discord with these servers and people, then a Tally on a database of its own
 * whose bot connects to it, and resolves once the bot has registered its commands.
 */
export async function startDiscordWorld(options: {
  guilds: FakeGuild[];
  users?: FakeMember[];
  /** Tally's environment beside the bot's; a function when it needs the fake (its OAuth2 secret). */
  env?: Record<string, string> | ((fake: FakeDiscord) => Record<string, string>);
  worker?: boolean;
  discord?: StartOptions['discord'];
  dashboard?: StartOptions['dashboard'];
  /** Role routes' rate limit in the fake (its default is Discord-like: 10 per 10 s). */
  roleRateLimit?: Parameters<typeof FakeDiscord.start>[0]['roleRateLimit'];
}): Promise<DiscordWorld> {
  const fake = await startFakeDiscord({
    guilds: options.guilds,
    users: options.users ?? [],
    ...(options.roleRateLimit ? { roleRateLimit: options.roleRateLimit } : {}),
  });
  let tally: TestTally;
  try {
    tally = await startTestTally(
      {
        ...botEnv(fake.apiUrl),
        ...(typeof options.env === 'function' ? options.env(fake) : options.env),
      },
      {
        discord: options.discord ?? BOT_TUNING,
        ...(options.dashboard ? { dashboard: options.dashboard } : {}),
        ...(options.worker === undefined ? {} : { worker: options.worker }),
      },
    );
  } catch (err) {
    await fake.close();
    throw err;
  }
  const editedOriginal = (token: string, timeoutMs = PATIENCE_MS) =>
    fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path === `/webhooks/${APP}/${token}/messages/@original`,
      timeoutMs,
    );
  const callbackOf = async (token: string) =>
    (await fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`), PATIENCE_MS))
      .body as Callback;

  const world: DiscordWorld = {
    fake,
    tally,
    join(g, person) {
      g.members.push(person);
      return person;
    },
    dmUser(username, extra = {}) {
      const person = member(username, extra);
      fake.users.push(person);
      return person;
    },
    async run(input) {
      const { token } = fake.runCommand(input);
      const callback = await callbackOf(token);
      if (callback.type === InteractionResponseType.DeferredChannelMessageWithSource) {
        await editedOriginal(token);
      }
      const message = fake.replyOf(token)!;
      const ephemeral = ((callback.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
      return { token, callback, message, ephemeral };
    },
    async press(message, customId, presser) {
      const { token } = fake.clickButton({ messageId: message.id, customId, ...presser });
      return { token, callback: await callbackOf(token) };
    },
    async allLines(message, presser) {
      const current = () => fake.messages.get(message.id)!;
      const seen = [...lines(message)];
      for (let next = nextButton(message); next; next = nextButton(current())) {
        const { callback } = await world.press(current(), next, presser);
        expect(callback.type).toBe(InteractionResponseType.UpdateMessage);
        seen.push(...lines(current()));
      }
      return seen;
    },
    reviewMessage(handle, timeoutMs = PATIENCE_MS) {
      return fake.waitFor(
        () =>
          [...fake.messages.values()].find((m) =>
            buttonsOf(m).includes(`review:approve:${handle}`),
          ),
        timeoutMs,
        `the review message of ${handle}`,
      );
    },
    editedOriginal,
    followUp(token) {
      return fake.waitForRequest(
        (r) => r.method === 'POST' && r.path === `/webhooks/${APP}/${token}`,
        PATIENCE_MS,
      );
    },
    async status(handle, key) {
      const res = await tally.request('GET', `/v1/submissions/${handle}`, { key });
      return (res.body as { status: string }).status;
    },
    async statusBecomes(handle, key, wanted) {
      await eventually(
        async () => ((await world.status(handle, key)) === wanted ? true : undefined),
        `${handle} to be ${wanted}`,
        { timeoutMs: PATIENCE_MS },
      );
    },
    async submitMatch(board, key, team1, team2) {
      const res = await tally.request('POST', `/v1/boards/${board.id}/matches`, {
        key,
        headers: idempotencyHeader(),
        body: JSON.stringify({ team1, team2, winner: 'team1' }),
      });
      expect(res.status, res.text).toBe(202);
      return (res.body as { handle: string }).handle;
    },
    async approvedMatch(board, key, winner, loser) {
      const handle = await world.submitMatch(
        board,
        key,
        [{ chat_id: winner.id }],
        [{ chat_id: loser.id }],
      );
      await world.statusBecomes(handle, key, 'pending_review');
      expect((await review(tally.ctx, handle, 'approve', 'cli', 'operator')).status).toBe(
        'approved',
      );
      return handle;
    },
    /** Stops Tally, then the fake, which fails if the bot sent anything Discord would refuse. */
    async stop() {
      await tally.stop();
      await fake.close();
    },
  };
  try {
    // A start on a loaded machine: the bot logs in and registers its commands in seconds.
    await fake.waitFor(() => fake.commands.get('global'), 2 * PATIENCE_MS, 'command registration');
  } catch (err) {
    await world.stop();
    throw err;
  }
  return world;
}
