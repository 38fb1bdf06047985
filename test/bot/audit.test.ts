import { InteractionResponseType, type APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { AuditPoster } from '../../src/bot/audit-poster';
import { POSTER_DEFAULTS } from '../../src/bot/review-poster';
import { mintKey } from '../../src/pipeline/keys';
import { backendName } from '../support/backends';
import { cast, chat, submissionId } from '../support/cast';
import {
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember, RecordedRequest } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * The audit channel end to end: the real discord.js client against the fake Discord. A manager
 * sets it with /audit; every approve, decline, key mint or revoke and season change is then one
 * line there, posted once, never pinging anyone. Each test uses a server of its own (its own
 * channel), so no test reads another's lines.
 */

/** A server with an audit channel (`log`) and a lobby beside its moderator channel. */
const server = () => {
  const s = cast({ channels: ['log', 'lobby'] });
  return { ...s, ...s.channels };
};
type Server = ReturnType<typeof server>;
const approving = server();
const keys = server();
const seasons = server();
const silent = server();
const locked = server();
const twin = server();
/** A server whose language on Discord is German. */
const german = server();
german.server.preferredLocale = 'de';

interface AuditPost {
  content: string;
  allowed_mentions: { parse: string[] };
  nonce: string;
  enforce_nonce: boolean;
}

describe(`the audit channel in Discord (${backendName})`, () => {
  let world: DiscordWorld;

  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [approving, keys, seasons, silent, locked, twin, german].map((s) => s.server),
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** The server's owner row, made on first use (a command may have made it already). */
  async function ownerOf(s: Server): Promise<string> {
    const id = `guild:${s.server.id}`;
    return (await world.tally.ctx.repos.owners.get(id)) ? id : world.tally.owner(id);
  }
  /** The bot's posts to a channel as Discord received them (refused ones too). */
  const postsTo = (channelId: string): RecordedRequest[] =>
    world.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/channels/${channelId}/messages`,
    );
  /** The lines in the channel once there are `n`; fails if there are ever more. */
  async function linesIn(channelId: string, n: number): Promise<AuditPost[]> {
    const bodies = await world.fake.waitFor(
      () => {
        const posted = postsTo(channelId).filter((r) => r.status === 200);
        return posted.length >= n ? posted.map((r) => r.body as AuditPost) : undefined;
      },
      PATIENCE_MS,
      `${n} lines in #${channelId}`,
    );
    expect(bodies).toHaveLength(n);
    for (const body of bodies) {
      expect(body.allowed_mentions).toEqual({ parse: [] });
      expect(body.enforce_nonce).toBe(true);
      expect(body.content).not.toContain('\n');
    }
    const shown = [...world.fake.messages.values()].filter((m) => m.channel_id === channelId);
    expect(shown.map((m: APIMessage) => m.content)).toEqual(bodies.map((b) => b.content));
    return bodies;
  }
  const setAudit = async (s: Server, channelId: string, who = s.admin) =>
    world.run({
      user: who,
      permissions: MANAGE_SERVER,
      channelId: s.lobby.id,
      command: ['audit', 'channel'],
      options: { channel: { channelId } },
    });
  /** A pending match on a reviewed board of the server: alice beat bob. */
  async function pending(s: Server, board?: Board) {
    const ownerId = await ownerOf(s);
    const b =
      board ??
      (await world.tally.board({
        ownerId,
        type: 'ELO',
        name: 'Ladder',
        moderatorChannelId: s.modQueue.id,
        moderatorRoleId: s.referees.id,
      }));
    const key = await keyOf(s);
    const handle = await world.submitMatch(b, key, [chat(s.alice)], [chat(s.bob)]);
    return { board: b, handle, message: await world.reviewMessage(handle) };
  }
  /**
   * A moderator (or a manager, with MANAGE_SERVER) presses a review button; a button that opens
   * a form (Decline asks for an optional reason) is answered with `reason`. Resolves with whether
   * a form was filled in.
   */
  const press = async (
    message: APIMessage,
    customId: string,
    user: FakeMember,
    permissions = '0',
  ) => {
    const who = { user, permissions };
    const { token, callback } = await world.press(message, customId, who);
    if (callback.type !== InteractionResponseType.Modal) {
      await world.editedOriginal(token);
      return false;
    }
    const modal = world.fake.modals.find((m) => m.token === token)!;
    const submitted = world.fake.submitModal({
      channelId: message.channel_id,
      messageId: message.id,
      customId: modal.customId,
      values: { reason: 'no proof' },
      ...who,
    });
    await world.editedOriginal(submitted.token);
    return true;
  };
  /** The server's key for API writes, minted once (before a test sets its audit channel). */
  const keys_ = new Map<string, Promise<string>>();
  const keyOf = (s: Server) => {
    if (!keys_.has(s.server.id)) {
      keys_.set(
        s.server.id,
        ownerOf(s).then((ownerId) => world.tally.key({ ownerId })),
      );
    }
    return keys_.get(s.server.id)!;
  };

  it('GIVEN /audit channel by a manager THEN it confirms ephemerally, and approve and decline presses are one line each', async () => {
    const { alice, mod, admin } = approving;
    const refused = await world.run({
      user: alice,
      channelId: approving.lobby.id,
      command: ['audit', 'channel'],
      options: { channel: { channelId: approving.log.id } },
    });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('needs the Manage Server permission');
    const inDm = await world.run({ user: admin, command: ['audit', 'show'] });
    expect(inDm.ephemeral).toBe(true);
    expect(inDm.message.content).toContain('the audit channel is a server’s setting');

    await keyOf(approving);
    const set = await setAudit(approving, approving.log.id);
    expect(set.ephemeral).toBe(true);
    expect(set.message.content).toContain(`Audit lines now go to <#${approving.log.id}>`);
    const [first] = await linesIn(approving.log.id, 1);
    expect(first!.content).toBe(
      `📋 <@${admin.id}> set this server's audit channel to <#${approving.log.id}>`,
    );

    const approved = await pending(approving);
    await press(approved.message, `review:approve:${approved.handle}`, mod);
    const declined = await pending(approving, approved.board);
    const reasoned = await press(
      declined.message,
      `review:decline:${declined.handle}`,
      admin,
      MANAGE_SERVER,
    );
    const posted = await linesIn(approving.log.id, 3);
    expect(posted.slice(1).map((p) => p.content)).toEqual([
      `✅ <@${mod.id}> approved ${approved.handle} on **Ladder** (match #1: Ali beat Bobby)`,
      `❌ <@${admin.id}> declined ${declined.handle} on **Ladder** (match #2: Ali beat Bobby)${reasoned ? ': no proof' : ''}`,
    ]);
    expect(new Set(posted.map((p) => p.nonce)).size).toBe(3);
    const show = await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: approving.lobby.id,
      command: ['audit', 'show'],
    });
    expect(show.message.content).toContain(`go to <#${approving.log.id}> (set by <@${admin.id}>)`);
  });

  it('GIVEN a German server THEN an approval’s and a correction’s lines are German, their results’ words too', async () => {
    const { mod, admin } = german;
    await keyOf(german);
    await setAudit(german, german.log.id);
    const approved = await pending(german);
    await press(approved.message, `review:approve:${approved.handle}`, mod);
    const corrected = await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: german.lobby.id,
      command: ['correct', 'match'],
      options: { board: approved.board.id, match: 1, winner: 'team2', reason: 'Tippfehler' },
    });
    expect(corrected.ephemeral).toBe(false);
    const posted = await linesIn(german.log.id, 3);
    expect(posted[1]!.content).toBe(
      `✅ <@${mod.id}> hat ${approved.handle} in **Ladder** angenommen (Match Nr. 1: Ali besiegte Bobby)`,
    );
    expect(posted[2]!.content).toBe(
      `🛠️ <@${admin.id}> hat **Ladder** korrigiert: Match Nr. 1 korrigiert auf „Team 2 hat gewonnen“ (vorher: „Team 1 hat gewonnen“): Tippfehler`,
    );
  });

  it('GIVEN an audit channel THEN /api key create and revoke are one line each, without the secret', async () => {
    const { admin } = keys;
    await setAudit(keys, keys.log.id);
    await linesIn(keys.log.id, 1);
    const created = await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: keys.lobby.id,
      command: ['api', 'key', 'create'],
      options: { access: 'read-write', label: 'CI @everyone' },
    });
    const secret = /```(sk_live_\w+)```/.exec(created.message.content)![1]!;
    const keyId = /Minted \*\*(key_\d+)\*\*/.exec(created.message.content)![1]!;
    await world.run({
      user: admin,
      permissions: MANAGE_SERVER,
      channelId: keys.lobby.id,
      command: ['api', 'key', 'revoke'],
      options: { key: keyId },
    });
    const posted = await linesIn(keys.log.id, 3);
    expect(posted.slice(1).map((p) => p.content)).toEqual([
      `🔑 <@${admin.id}> minted live key ${keyId} (read-write) “CI @everyone”`,
      `🔒 <@${admin.id}> revoked live key ${keyId} (read-write) “CI @everyone”`,
    ]);
    expect(posted.map((p) => p.content).join('')).not.toContain(secret);
  });

  it('GIVEN an audit channel THEN /season start and /season end are one line each', async () => {
    const { admin } = seasons;
    await setAudit(seasons, seasons.log.id);
    await linesIn(seasons.log.id, 1);
    const ownerId = await ownerOf(seasons);
    const board = await world.tally.board({ ownerId, type: 'ELO', name: 'Ranked' });
    for (const sub of ['start', 'end']) {
      await world.run({
        user: admin,
        permissions: MANAGE_SERVER,
        channelId: seasons.lobby.id,
        command: ['season', sub],
        options: { board: board.id },
      });
    }
    const posted = await linesIn(seasons.log.id, 3);
    const name = '**Ranked**';
    expect(posted.slice(1).map((p) => p.content)).toEqual([
      `▶️ <@${admin.id}> started Season 1 on ${name} (no end set; at its end ratings reset to 1000)`,
      `🏁 <@${admin.id}> ended Season 1 on ${name}: final standings archived, ratings reset to 1000`,
    ]);
  });

  it('GIVEN no audit channel THEN an approval is recorded but never posted, not even once one is set', async () => {
    const { mod } = silent;
    await keyOf(silent);
    const since = (await world.tally.ctx.repos.audit.lines(await ownerOf(silent))).length;
    const { handle, message } = await pending(silent);
    await press(message, `review:approve:${handle}`, mod);
    const ownerId = await ownerOf(silent);
    const recorded = (await world.tally.ctx.repos.audit.lines(ownerId)).slice(since);
    expect(recorded.map((l) => [l.state, l.channelId])).toEqual([['unrouted', null]]);
    expect(recorded[0]!.line).toContain(`approved ${handle}`);
    // A channel set afterwards gets what happens from then on, not the lines before it.
    await setAudit(silent, silent.log.id);
    const [only] = await linesIn(silent.log.id, 1);
    expect(only!.content).toContain('set this server');
    const nonce = recorded[0]!.nonce;
    expect(world.fake.requests.some((r) => (r.body as { nonce?: string })?.nonce === nonce)).toBe(
      false,
    );
  });

  it('GIVEN Tally may not post in the audit channel THEN the line is tried once and given up, quietly', async () => {
    const { mod } = locked;
    await keyOf(locked);
    await setAudit(locked, locked.log.id);
    await linesIn(locked.log.id, 1);
    world.fake.denyChannel(locked.log.id, 'missing_permissions');
    const { handle, message } = await pending(locked);
    await press(message, `review:approve:${handle}`, mod);
    const ownerId = await ownerOf(locked);
    const line = await eventually(async () => {
      const last = (await world.tally.ctx.repos.audit.lines(ownerId)).at(-1);
      return last?.state === 'failed' ? last : undefined;
    }, 'the line given up');
    expect(line).toMatchObject({ attempts: 1, retryAt: null, channelId: locked.log.id });
    const refused = postsTo(locked.log.id).filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, (r.body as AuditPost).nonce])).toEqual([
      [403, line.nonce],
    ]);
    // The approval itself stands; the press was answered as usual.
    expect(await world.tally.ctx.repos.submissions.byId(submissionId(handle))).toMatchObject({
      status: 'approved',
    });
  });

  it('GIVEN two processes posting THEN each line is posted once', async () => {
    const { admin } = twin;
    const ownerId = await ownerOf(twin);
    const other = new AuditPoster(world.tally.ctx, world.tally.bot!.rest, {
      ...POSTER_DEFAULTS,
      pollMs: 5,
    });
    other.start();
    try {
      await setAudit(twin, twin.log.id);
      for (let i = 0; i < 6; i++) {
        await mintKey(world.tally.ctx, { ownerId, type: 'test', by: `chat:${admin.id}` });
      }
      const posted = await linesIn(twin.log.id, 7);
      await eventually(
        async () =>
          (await world.tally.ctx.repos.audit.lines(ownerId)).every((l) => l.state === 'posted')
            ? true
            : undefined,
        'every line posted',
      );
      expect(new Set(posted.map((p) => p.nonce)).size).toBe(7);
      expect(postsTo(twin.log.id)).toHaveLength(7);
    } finally {
      await other.stop();
    }
  });
});
