import { GatewayCloseCodes, GatewayOpcodes } from 'discord-api-types/v10';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { cast } from '../support/cast';
import { FakeDiscord, shardOf, snowflake } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * The fake's gateway speaks sharded IDENTIFY as Discord does (docs: Gateway, "Sharding" and
 * "Session Start Limit"), checked here with raw clients so nothing in discord.js papers over it:
 * a server's events go only to the shard holding it, DMs to shard 0, an impossible shard is
 * closed with 4010, too few shards with 4011, and a second identify of one bucket within 5 s
 * gets Invalid Session and a violation.
 */
const APP = snowflake();
const TOKEN = 'fake-shards-token';

/** A server id on `shard` of `count`. */
function onShard(shard: number, count: number): string {
  for (;;) {
    const id = BigInt(snowflake());
    const moment = id >> 22n;
    const aligned = moment - ((moment - BigInt(shard)) % BigInt(count));
    const candidate = String((aligned << 22n) | (id & 0x3fffffn));
    if (shardOf(candidate, count) === shard) return candidate;
  }
}

/** A server (the usual cast) on `shard` of 2. */
const server = (shard: number) => cast({ id: onShard(shard, 2), name: `Shard ${shard} server` });
const zero = server(0);
const one = server(1);

let fake: FakeDiscord | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await fake?.close().catch(() => undefined);
  fake = undefined;
});

interface Client {
  dispatches: { t: string; d: Record<string, unknown> }[];
  ops: number[];
  closed: Promise<number>;
  of(t: string): Record<string, unknown>[];
}

/** A raw gateway client that identifies as `shard` (or sends no shard) once HELLO arrives. */
function connect(shard?: [number, number]): Client {
  const socket = new WebSocket(`ws://127.0.0.1:${fake!.port}/gateway`);
  sockets.push(socket);
  const client: Client = {
    dispatches: [],
    ops: [],
    closed: new Promise((resolve) => socket.on('close', (code) => resolve(code))),
    of: (t) => client.dispatches.filter((p) => p.t === t).map((p) => p.d),
  };
  socket.on('message', (data) => {
    const payload = JSON.parse(String(data)) as {
      op: number;
      t: string;
      d: Record<string, unknown>;
    };
    client.ops.push(payload.op);
    if (payload.op === GatewayOpcodes.Hello) {
      const d = { token: TOKEN, intents: 1, properties: {}, ...(shard ? { shard } : {}) };
      socket.send(JSON.stringify({ op: GatewayOpcodes.Identify, d }));
    }
    if (payload.op === GatewayOpcodes.Dispatch) client.dispatches.push(payload);
  });
  return client;
}

const start = (shards: Parameters<typeof FakeDiscord.start>[0]['shards']) =>
  FakeDiscord.start({
    applicationId: APP,
    token: TOKEN,
    guilds: [zero.server, one.server],
    shards,
  }).then((started) => (fake = started));

describe('the fake Discord shards its gateway', () => {
  it('GIVEN shards 0 and 1 of 2 THEN each gets READY and GUILD_CREATE for its own servers only, and each server’s commands (a DM: shard 0) go to its shard alone', async () => {
    await start({ recommended: 2, maxConcurrency: 2 });
    const first = connect([0, 2]);
    const second = connect([1, 2]);
    await eventually(
      () =>
        first.of('GUILD_CREATE').length && second.of('GUILD_CREATE').length ? true : undefined,
      'both shards ready',
    );
    expect(first.of('READY')[0]).toMatchObject({ shard: [0, 2], guilds: [{ id: zero.server.id }] });
    expect(second.of('READY')[0]).toMatchObject({ shard: [1, 2], guilds: [{ id: one.server.id }] });
    expect(first.of('GUILD_CREATE').map((g) => g.id)).toEqual([zero.server.id]);
    expect(second.of('GUILD_CREATE').map((g) => g.id)).toEqual([one.server.id]);
    expect(fake!.identifies.map((i) => i.shard)).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const gateway = await fetch(`${fake!.apiUrl}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${TOKEN}` },
    });
    expect(await gateway.json()).toMatchObject({
      shards: 2,
      session_start_limit: { max_concurrency: 2 },
    });

    // Commands are only possible once registered: any command will do for routing.
    fake!.commands.set('global', [
      {
        id: snowflake(),
        application_id: APP,
        name: 'ping',
        description: 'p',
        type: 1,
        version: '1',
      },
    ] as never);
    const inOne = fake!.runCommand({
      user: one.alice,
      channelId: one.general.id,
      command: ['ping'],
    });
    // A DM goes to shard 0, whichever servers its sender is on.
    const inDm = fake!.runCommand({ user: one.alice, command: ['ping'] });
    const ids = (c: Client) => c.of('INTERACTION_CREATE').map((d) => d.id);
    await eventually(
      () => (ids(second).length && ids(first).length ? true : undefined),
      'the interactions',
    );
    expect(ids(second)).toEqual([inOne.id]);
    expect(ids(first)).toEqual([inDm.id]);
  });

  it('GIVEN a shard that does not exist THEN the session is closed with 4010; too few shards THEN 4011', async () => {
    await start({ recommended: 2, required: 2 });
    expect(await connect([2, 2]).closed).toBe(GatewayCloseCodes.InvalidShard);
    expect(await connect([0, 1]).closed).toBe(GatewayCloseCodes.ShardingRequired);
    expect(await connect().closed).toBe(GatewayCloseCodes.ShardingRequired);
    expect(fake!.identifies).toEqual([]);
    // Not Discord refusing the bot for something it did wrong on REST: nothing to report there.
    expect(fake!.violations).toEqual([]);
  });

  it('GIVEN two identifies of one bucket within 5 s THEN the second gets Invalid Session and is reported', async () => {
    await start({ recommended: 2, maxConcurrency: 1 });
    const first = connect([0, 2]);
    await eventually(() => (first.of('READY').length ? true : undefined), 'the first READY');
    const second = connect([1, 2]);
    await eventually(
      () => (second.ops.includes(GatewayOpcodes.InvalidSession) ? true : undefined),
      'Invalid Session',
    );
    expect(second.of('READY')).toEqual([]);
    expect(fake!.identifies.map((i) => i.shard)).toEqual([[0, 2]]);
    expect(fake!.violations).toEqual([
      expect.stringMatching(/^gateway: shard 1 identified \d+ ms after another of bucket 0/),
    ]);
    fake!.violations.length = 0; // taken: close() fails on violations left untaken
  });
});
