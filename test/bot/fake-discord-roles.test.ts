import { DiscordAPIError, REST, RESTEvents } from '@discordjs/rest';
import {
  GatewayIntentBits,
  PermissionFlagsBits,
  Routes,
  type APIGuildMember,
  type APIRole,
} from 'discord-api-types/v10';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { cast, guild, member, role } from '../support/cast';
import { FakeDiscord, ROLE_RATE_LIMIT, snowflake } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * The fake Discord gives and takes member roles as Discord does (rank roles): the routes answer
 * 204 and are idempotent, refuse as Discord refuses (hierarchy, Manage Roles, managed roles,
 * unknown ids), change what REST and the gateway report afterwards, and are rate limited with
 * the headers a real @discordjs/rest REST client reads and obeys.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const MANAGE_ROLES = String(PermissionFlagsBits.ManageRoles);
const ADMINISTRATOR = String(PermissionFlagsBits.Administrator);

/** The bot's own role, as an invite that asks for Manage Roles makes it. */
const TALLY_ROLE = { position: 5, permissions: MANAGE_ROLES, managed: true };
const {
  server: arena,
  alice,
  bob,
  people: { owner },
  roles: { Tally: tallyRole, OtherBot: otherBotRole, Gold: gold, Silver: silver, Mods: mods },
} = cast({
  roles: {
    Tally: TALLY_ROLE,
    OtherBot: { position: 1, managed: true },
    Gold: { position: 3 },
    Silver: { position: 2 },
    Mods: { position: 8 },
  },
  members: { owner: {}, bob: { roles: ['Silver'] } },
  owner: 'owner',
});
/** Alice as the test wrote her: no test's role change may show on the object itself. */
const aliceAsWritten = structuredClone(alice);
/** A second server, with the owner and alice on it too. */
const lobbyTally = role('Tally', { ...TALLY_ROLE, position: 2 });
const rookie = role('Rookie', { position: 1 });
const lobby = guild({
  name: 'Lobby',
  roles: [lobbyTally, rookie],
  members: [owner, alice],
  ownerId: owner.id,
});

let fake: FakeDiscord;
let rest: REST;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  rest?.clearHashSweeper();
  rest?.clearHandlerSweeper();
  await fake?.close(); // fails the test on any violation left untaken
});

/** The fake with Arena and Lobby, the bot holding its own role on each, and a REST client. */
async function start(options: Partial<Parameters<typeof FakeDiscord.start>[0]> = {}) {
  fake = await FakeDiscord.start({
    applicationId: APP,
    token: TOKEN,
    guilds: [arena, lobby],
    ...options,
  });
  fake.setBotRoles(arena.id, [tallyRole.id]);
  fake.setBotRoles(lobby.id, [lobbyTally.id]);
  rest = new REST({ version: '10', api: fake.apiUrl }).setToken(TOKEN);
  return fake;
}

type Outcome = { status: number; body?: unknown };
/** A request through the REST client: 204, or Discord's refusal as the client reports it. */
async function attempt(request: Promise<unknown>): Promise<Outcome> {
  try {
    await request;
    return { status: 204 };
  } catch (err) {
    if (err instanceof DiscordAPIError) return { status: err.status, body: err.rawError };
    throw err;
  }
}
const give = (guildId: string, userId: string, roleId: string) =>
  attempt(rest.put(Routes.guildMemberRole(guildId, userId, roleId)));
const take = (guildId: string, userId: string, roleId: string) =>
  attempt(rest.delete(Routes.guildMemberRole(guildId, userId, roleId)));
const memberOf = async (guildId: string, userId: string) =>
  (await rest.get(Routes.guildMember(guildId, userId))) as APIGuildMember;

/** A request without a rate-limit-aware client: the raw answer, headers and all. */
async function raw(method: string, path: string, body?: unknown) {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
const rolePath = (guildId: string, userId: string, roleId: string) =>
  `/guilds/${guildId}/members/${userId}/roles/${roleId}`;

/** A gateway client of our own with these intents; keeps every dispatch it is sent. */
async function gatewayClient(intents: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${fake.port}/gateway`);
  sockets.push(socket);
  const dispatches: { t: string; d: Record<string, unknown> }[] = [];
  socket.on('message', (data) => {
    const payload = JSON.parse(String(data)) as {
      op: number;
      t: string;
      d: Record<string, unknown>;
    };
    if (payload.op === 10) socket.send(JSON.stringify({ op: 2, d: { token: TOKEN, intents } }));
    if (payload.op === 0) dispatches.push(payload);
  });
  const of = (t: string) => dispatches.filter((p) => p.t === t).map((p) => p.d);
  await eventually(() => (of('GUILD_CREATE').length === 2 ? true : undefined), 'GUILD_CREATE');
  return { of };
}

describe('the fake Discord gives and takes member roles', () => {
  it('GIVEN the bot with Manage Roles above the role THEN PUT gives it and DELETE takes it (204 each, twice alike), and REST reports each step', async () => {
    await start();
    expect(await give(arena.id, alice.id, gold.id)).toEqual({ status: 204 });
    expect(fake.memberRoles(arena.id, alice.id)).toEqual([gold.id]);
    expect(await give(arena.id, alice.id, gold.id)).toEqual({ status: 204 });
    expect(await give(arena.id, alice.id, silver.id)).toEqual({ status: 204 });
    expect((await memberOf(arena.id, alice.id)).roles).toEqual([gold.id, silver.id]);

    expect(await take(arena.id, alice.id, gold.id)).toEqual({ status: 204 });
    expect(await take(arena.id, alice.id, gold.id)).toEqual({ status: 204 });
    expect(fake.memberRoles(arena.id, alice.id)).toEqual([silver.id]);
    expect((await memberOf(arena.id, alice.id)).roles).toEqual([silver.id]);
    // Roles on one server are not roles on another.
    expect(fake.memberRoles(lobby.id, alice.id)).toEqual([]);

    const onPath = fake.requests.filter((r) => r.path === rolePath(arena.id, alice.id, gold.id));
    expect(onPath.map((r) => `${r.method} ${r.status}`)).toEqual([
      'PUT 204',
      'PUT 204',
      'DELETE 204',
      'DELETE 204',
    ]);
    // The test's own objects are never changed: the next test starts from them as written.
    expect(alice).toEqual(aliceAsWritten);
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN the bot and its roles THEN GET member and GET roles show the bot as a member and each role with its position and permissions', async () => {
    await start();
    const me = await memberOf(arena.id, APP);
    expect(me).toMatchObject({ user: { id: APP, bot: true }, roles: [tallyRole.id] });
    expect(fake.memberRoles(arena.id, APP)).toEqual([tallyRole.id]);
    const roles = (await rest.get(Routes.guildRoles(arena.id))) as APIRole[];
    expect(roles[0]).toMatchObject({ id: arena.id, name: '@everyone', position: 0 });
    expect(roles.find((r) => r.id === tallyRole.id)).toMatchObject({
      position: 5,
      permissions: MANAGE_ROLES,
      managed: true,
    });
    expect(roles.find((r) => r.id === gold.id)).toMatchObject({
      position: 3,
      permissions: '0',
      managed: false,
    });
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN gateway clients THEN GUILD_CREATE carries the bot’s member, a change is a GUILD_MEMBER_UPDATE for GUILD_MEMBERS clients only (the bot’s own for all), and roles created and deleted are announced', async () => {
    // Two sessions of one shard, one right after the other: Discord would want 5 s between them.
    await start({ shards: { identifyIntervalMs: 0 } });
    const members = await gatewayClient(GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers);
    const guildsOnly = await gatewayClient(GatewayIntentBits.Guilds);
    const created = members.of('GUILD_CREATE').find((g) => g.id === arena.id)!;
    expect(created.members).toContainEqual(
      expect.objectContaining({
        user: expect.objectContaining({ id: APP }),
        roles: [tallyRole.id],
      }),
    );
    expect(created.roles).toContainEqual(expect.objectContaining({ id: arena.id, position: 0 }));

    await give(arena.id, alice.id, gold.id);
    await give(arena.id, alice.id, gold.id); // no change, no event
    fake.removeMember(arena.id, bob.id);
    const peer = fake.createRole(arena.id, { name: 'Peer', position: 4 });
    fake.setBotRoles(arena.id, [tallyRole.id, peer]);
    fake.deleteRole(arena.id, peer);
    // Each client has received the last event, GUILD_ROLE_DELETE, so every earlier one it was
    // sent is here by now.
    for (const client of [members, guildsOnly]) {
      const own = await eventually(() => {
        const u = client
          .of('GUILD_MEMBER_UPDATE')
          .filter((d) => d.roles && (d.user as { id: string }).id === APP);
        return u.length > 0 ? u : undefined;
      }, 'the bot’s own member update');
      expect(own).toEqual([expect.objectContaining({ roles: [tallyRole.id, peer] })]);
      await eventually(() => client.of('GUILD_ROLE_DELETE')[0], 'GUILD_ROLE_DELETE');
      expect(client.of('GUILD_ROLE_CREATE')).toEqual([
        { guild_id: arena.id, role: expect.objectContaining({ id: peer, position: 4 }) },
      ]);
      expect(client.of('GUILD_ROLE_DELETE')).toEqual([{ guild_id: arena.id, role_id: peer }]);
    }
    const aliceUpdates = (client: { of: (t: string) => Record<string, unknown>[] }) =>
      client.of('GUILD_MEMBER_UPDATE').filter((d) => (d.user as { id: string }).id === alice.id);
    expect(aliceUpdates(members)).toEqual([
      expect.objectContaining({
        guild_id: arena.id,
        user: expect.objectContaining({ id: alice.id }),
        roles: [gold.id],
      }),
    ]);
    // Without GUILD_MEMBERS: no update of another member, no member leaving.
    expect(aliceUpdates(guildsOnly)).toEqual([]);
    expect(guildsOnly.of('GUILD_MEMBER_REMOVE')).toEqual([]);
    expect(members.of('GUILD_MEMBER_REMOVE')).toEqual([
      { guild_id: arena.id, user: expect.objectContaining({ id: bob.id }) },
    ]);
    expect(fake.checked.dispatches).toBeGreaterThan(0);
    expect(fake.violations).toEqual([]);
  });
});

describe('the fake Discord refuses role changes as Discord refuses them', () => {
  const missingPermissions = { status: 403, body: { code: 50013, message: 'Missing Permissions' } };
  it.each<{
    why: string;
    setup?: (f: FakeDiscord) => void;
    role: (f: FakeDiscord) => string;
    user?: string;
    guild?: string;
    refusal: Outcome;
  }>([
    {
      why: 'the bot lacks Manage Roles',
      setup: (f) =>
        f.setBotRoles(arena.id, [f.createRole(arena.id, { name: 'Plain', position: 6 })]),
      role: () => gold.id,
      refusal: missingPermissions,
    },
    {
      why: 'the role is at the bot’s highest position',
      role: (f) => f.createRole(arena.id, { name: 'Peer', position: 5 }),
      refusal: missingPermissions,
    },
    {
      why: 'the role is above the bot’s highest',
      role: () => mods.id,
      refusal: missingPermissions,
    },
    {
      why: 'the bot is an Administrator but the role is above its highest',
      setup: (f) =>
        f.setBotRoles(arena.id, [
          f.createRole(arena.id, { name: 'Admin', position: 4, permissions: ADMINISTRATOR }),
        ]),
      role: () => mods.id,
      refusal: missingPermissions,
    },
    {
      why: 'the role is managed (another bot’s)',
      role: () => otherBotRole.id,
      refusal: missingPermissions,
    },
    {
      why: 'the role is unknown',
      role: () => snowflake(),
      refusal: { status: 404, body: { code: 10011, message: 'Unknown Role' } },
    },
    {
      why: 'the user is no member',
      role: () => gold.id,
      user: snowflake(),
      refusal: { status: 404, body: { code: 10007, message: 'Unknown Member' } },
    },
    {
      why: 'the guild is unknown',
      role: () => gold.id,
      guild: snowflake(),
      refusal: { status: 404, body: { code: 10004, message: 'Unknown Guild' } },
    },
  ])(
    'GIVEN $why THEN PUT and DELETE get $refusal.status $refusal.body.code and nothing changes',
    async (c) => {
      await start();
      c.setup?.(fake);
      const roleId = c.role(fake);
      const guildId = c.guild ?? arena.id;
      const userId = c.user ?? alice.id;
      const before = fake.checked.requests;
      expect(await give(guildId, userId, roleId)).toEqual(c.refusal);
      expect(await take(guildId, userId, roleId)).toEqual(c.refusal);
      expect(fake.memberRoles(arena.id, alice.id)).toEqual([]);
      // Both requests were held against Discord's description; a refusal is not the bot's fault.
      expect(fake.checked.requests).toBe(before + 2);
      expect(fake.violations).toEqual([]);
    },
  );

  it('GIVEN a server the bot owns THEN it gives any role, even above all of its own, but still no managed one', async () => {
    const top = role('Top', { position: 9 });
    const integration = role('Integration', { position: 1, managed: true });
    const owned = guild({ name: 'Owned', roles: [top, integration], members: [alice] });
    await start({ guilds: [arena, lobby, owned] });
    expect(fake.memberRoles(owned.id, APP)).toEqual([]);
    expect(await give(owned.id, alice.id, top.id)).toEqual({ status: 204 });
    expect(await give(owned.id, alice.id, integration.id)).toEqual(missingPermissions);
    expect(fake.memberRoles(owned.id, alice.id)).toEqual([top.id]);
  });

  it('GIVEN a role deleted THEN no one holds it, GET roles no longer lists it, and giving or taking it is 404 Unknown Role (10011)', async () => {
    await start();
    expect(fake.memberRoles(arena.id, bob.id)).toEqual([silver.id]);
    fake.deleteRole(arena.id, silver.id);
    expect(fake.memberRoles(arena.id, bob.id)).toEqual([]);
    expect((await memberOf(arena.id, bob.id)).roles).toEqual([]);
    const roles = (await rest.get(Routes.guildRoles(arena.id))) as APIRole[];
    expect(roles.map((r) => r.id)).not.toContain(silver.id);
    const unknownRole = { status: 404, body: { code: 10011, message: 'Unknown Role' } };
    expect(await give(arena.id, alice.id, silver.id)).toEqual(unknownRole);
    expect(await take(arena.id, bob.id, silver.id)).toEqual(unknownRole);
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN a member who left THEN giving or taking a role and looking them up are 404 Unknown Member (10007)', async () => {
    await start();
    expect(await give(arena.id, alice.id, gold.id)).toEqual({ status: 204 });
    fake.removeMember(arena.id, alice.id);
    const unknownMember = { status: 404, body: { code: 10007, message: 'Unknown Member' } };
    expect(await give(arena.id, alice.id, silver.id)).toEqual(unknownMember);
    expect(await take(arena.id, alice.id, gold.id)).toEqual(unknownMember);
    expect(await attempt(memberOf(arena.id, alice.id))).toEqual(unknownMember);
    expect(() => fake.memberRoles(arena.id, alice.id)).toThrow(/not a member/);
    // Still on the other server.
    expect(await give(lobby.id, alice.id, rookie.id)).toEqual({ status: 204 });
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN a body on the role PUT THEN it is refused as Discord’s description takes none, and the violation says so', async () => {
    await start();
    const answer = await raw('PUT', rolePath(arena.id, alice.id, gold.id), { reason: 'rank' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 50035 });
    expect(fake.takeViolations()).toEqual([
      'PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id} request: / takes no body',
    ]);
    expect(fake.memberRoles(arena.id, alice.id)).toEqual([]);
  });
});

describe('the fake Discord rate-limits role changes as Discord does', () => {
  it('GIVEN the default limit THEN every answer, a refusal too, carries the bucket’s headers, per method and per guild', async () => {
    await start();
    expect(ROLE_RATE_LIMIT).toEqual({ limit: 10, windowMs: 10_000 });
    const sent = Date.now();
    const first = await raw('PUT', rolePath(arena.id, alice.id, gold.id));
    const answered = Date.now();
    expect(first.status).toBe(204);
    const h = first.headers;
    expect(h.get('x-ratelimit-limit')).toBe('10');
    expect(h.get('x-ratelimit-remaining')).toBe('9');
    expect(h.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    const resetAfter = Number(h.get('x-ratelimit-reset-after'));
    expect(resetAfter).toBeGreaterThan(9);
    expect(resetAfter).toBeLessThanOrEqual(10);
    // The window opened with this request: it resets 10 s after the request came in.
    const reset = Number(h.get('x-ratelimit-reset')) * 1000;
    expect(reset).toBeGreaterThanOrEqual(sent + 10_000);
    expect(reset).toBeLessThanOrEqual(answered + 10_000);
    expect(h.has('retry-after')).toBe(false);

    const refused = await raw('PUT', rolePath(arena.id, alice.id, mods.id));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('8');
    expect(refused.headers.get('x-ratelimit-bucket')).toBe(h.get('x-ratelimit-bucket'));

    const removal = await raw('DELETE', rolePath(arena.id, alice.id, gold.id));
    expect(removal.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(removal.headers.get('x-ratelimit-bucket')).not.toBe(h.get('x-ratelimit-bucket'));
    const elsewhere = await raw('PUT', rolePath(lobby.id, alice.id, rookie.id));
    expect(elsewhere.headers.get('x-ratelimit-remaining')).toBe('9');
    expect(elsewhere.headers.get('x-ratelimit-bucket')).toBe(h.get('x-ratelimit-bucket'));
    // Other routes have no bucket here.
    expect((await raw('GET', `/guilds/${arena.id}/roles`)).headers.has('x-ratelimit-bucket')).toBe(
      false,
    );
    expect(fake.rateLimited).toBe(0);
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN a client that ignores the headers THEN requests over the limit get 429 with Retry-After and Discord’s body, are counted, and the next window takes requests again', async () => {
    await start({ roleRateLimit: { limit: 3, windowMs: 400 } });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof raw>> | undefined;
    for (let i = 0; i < 5; i++) {
      const answer = await raw('PUT', rolePath(arena.id, alice.id, gold.id));
      statuses.push(answer.status);
      if (answer.status === 429) limited ??= answer;
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(fake.rateLimited).toBe(2);
    const body = limited!.body as { message: string; retry_after: number; global: boolean };
    expect(body).toEqual({
      message: 'You are being rate limited.',
      retry_after: expect.any(Number),
      global: false,
    });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(0.4);
    expect(limited!.headers.get('retry-after')).toBe('1');
    expect(limited!.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited!.headers.get('x-ratelimit-remaining')).toBe('0');
    // Another guild is another bucket; after retry_after this one takes requests again.
    expect((await raw('PUT', rolePath(lobby.id, alice.id, rookie.id))).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, body.retry_after * 1000 + 20));
    expect((await raw('PUT', rolePath(arena.id, alice.id, gold.id))).status).toBe(204);
    expect(fake.rateLimited).toBe(2);
    // A 429 is checked against Discord's description (and is not a violation itself).
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN a burst of 25 role PUTs through @discordjs/rest THEN it waits out each window: all succeed, no 429 is ever served, and each ten after the first wait for a window of their own', async () => {
    const windowMs = 1000;
    const crowd = Array.from({ length: 25 }, (_, i) => member(`p${i}`));
    const hallTally = role('Tally', TALLY_ROLE);
    const champion = role('Champion', { position: 1 });
    const hall = guild({
      name: 'Hall',
      roles: [hallTally, champion],
      members: [owner, ...crowd],
      ownerId: owner.id,
    });
    await start({ guilds: [arena, lobby, hall], roleRateLimit: { limit: 10, windowMs } });
    fake.setBotRoles(hall.id, [hallTally.id]);
    const waits: number[] = [];
    rest.on(RESTEvents.RateLimited, (info) => waits.push(info.timeToReset));
    const started = Date.now();
    const done: number[] = [];
    const outcomes = await Promise.all(
      crowd.map((p) => give(hall.id, p.id, champion.id).finally(() => done.push(Date.now()))),
    );
    expect(outcomes.every((o) => o.status === 204)).toBe(true);
    expect(crowd.every((p) => fake.memberRoles(hall.id, p.id).includes(champion.id))).toBe(true);
    expect(fake.rateLimited).toBe(0);
    const served = fake.requests.filter(
      (r) => r.method === 'PUT' && r.path.startsWith(`/guilds/${hall.id}/`),
    );
    expect(served.map((r) => r.status)).toEqual(Array.from({ length: 25 }, () => 204));
    // 25 requests at 10 a window: the client waited for the window to pass twice, so the 11th
    // answer came a window after the start at the earliest, and the 21st two. (How much later is
    // the machine's business: no upper bound.)
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(done[10]! - started).toBeGreaterThanOrEqual(windowMs);
    expect(done[20]! - started).toBeGreaterThanOrEqual(2 * windowMs);
    expect(fake.violations).toEqual([]);
  });
});
