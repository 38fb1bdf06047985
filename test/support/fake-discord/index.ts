import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIMessage, APIUser } from 'discord-api-types/v10';
import type { Denial } from './access';
import type { FakeFile } from './attachments';
import { Cdn } from './cdn';
import { Conformance } from './conformance';
import { Gateway, type Identified } from './gateway';
import { DISCORD_TIMING } from './interaction-rules';
import { Members, type ButtonPress, type MenuChoice, type ModalSubmit, type Sent } from './members';
import { OAuth2, type FakeOAuth } from './oauth';
import { RateLimits, ROLE_RATE_LIMIT, type RateLimit } from './rate-limits';
import { Recorder, type Hold } from './recording';
import { Rest } from './rest';
import { RoleChanges } from './role-changes';
import { DiscordState, type InteractionTimes, type Registered } from './state';
import type {
  CommandInput,
  FakeGuild,
  FakeMember,
  FakeRole,
  RecordedRequest,
  Reply,
  RequestMatch,
} from './types';

export { snowflake } from './payloads';
export { shardOf, type Identified, type ShardPair } from './gateway';
export { LIMITS } from './limits';
export { ROLE_RATE_LIMIT, type RateLimit } from './rate-limits';
export { NONCE_WINDOW_MS } from './nonces';
export type { Hold } from './recording';
export type { Denial } from './access';
export type { FakeFile } from './attachments';
export type { FakeOAuth } from './oauth';
export type { InteractionTimes } from './state';
export type { SentFile } from './multipart';
export type {
  CommandInput,
  FakeGuild,
  FakeMember,
  FakeRole,
  FakeUpload,
  Forging,
  OptionValue,
  Presser,
  RecordedRequest,
} from './types';

/**
 * Discord's side of the wire on loopback (DESIGN.md 1, 5): enough of REST v10 and the gateway
 * that the real discord.js Client connects unchanged (`rest: { api: fake.apiUrl }`; the gateway
 * URL comes from GET /gateway/bot). Every REST request the bot makes is recorded, held against
 * Discord's OpenAPI description and limits, and refused as Discord refuses it; anything amiss is
 * a violation, and `close()` fails while any is left untaken.
 *
 * This class is the face tests use; the parts behind it are state.ts (what Discord knows, with
 * roles.ts), rest.ts and interaction-endpoints.ts, gateway.ts, members.ts (what people do),
 * role-changes.ts, conformance.ts (with openapi.ts, limits.ts, interaction-rules.ts and
 * upload-rules.ts), rate-limits.ts, access.ts, recording.ts, payloads.ts, and for messages
 * posts.ts with messages.ts, attachments.ts and shown-files.ts (their files), multipart.ts
 * (bodies with files) and cdn.ts (where the files are served).
 *
 * It is also the authorization server of "Sign in with Discord" (`oauth`, `clientSecret`):
 * oauth.ts serves the OAuth2 code flow with PKCE at /api/oauth2/authorize and
 * /api/oauth2/token, the test choosing who approves (`oauth.signInAs`) or that the person
 * refuses (`oauth.deny`); oauth-grants.ts keeps the codes and tokens, and oauth-reads.ts answers
 * what the Bearer token may read (GET /users/@me, /users/@me/guilds and
 * /users/@me/guilds/{guild_id}/member) from the servers as they are now, held against the
 * description like every other route. The flow's own endpoints are not in the description, and
 * are held to RFC 6749 and RFC 7636 instead.
 */
export class FakeDiscord {
  readonly requests: RecordedRequest[];
  /** Messages as they read now (posts with every later edit applied), by id. */
  readonly messages: Map<string, APIMessage>;
  readonly botUser: APIUser;
  /** Commands as registered: `global` or a guild id → the last bulk overwrite. */
  readonly commands: Map<string, Registered[]>;
  /** Modals the bot opened, in order. */
  readonly modals: { token: string; customId: string; data: unknown }[];
  readonly applicationId: string;
  readonly token: string;
  readonly guilds: FakeGuild[];
  readonly users: FakeMember[];
  /** What Discord would have refused, and where the fake itself went wrong, in order. */
  readonly violations: string[];
  /** How many requests, responses and gateway payloads were checked against Discord's schemas. */
  readonly checked: Conformance['checked'];
  /** "Sign in with Discord": redirects, who approves, token lifetimes, revocation (oauth.ts). */
  readonly oauth: FakeOAuth;
  /** The application's OAuth2 client secret (its client id is `applicationId`); fresh per fake. */
  readonly clientSecret: string;

  private constructor(
    private readonly server: Server,
    private readonly state: DiscordState,
    private readonly recorder: Recorder,
    private readonly gateway: Gateway,
    private readonly members: Members,
    private readonly roleChanges: RoleChanges,
    private readonly limits: RateLimits,
    conformance: Conformance,
    oauth: OAuth2,
  ) {
    this.oauth = oauth;
    this.clientSecret = oauth.clientSecret;
    this.violations = conformance.violations;
    this.checked = conformance.checked;
    this.requests = recorder.requests;
    this.messages = state.messages;
    this.botUser = state.botUser;
    this.commands = state.commands;
    this.modals = state.modals;
    this.applicationId = state.applicationId;
    this.token = state.token;
    this.guilds = state.guilds;
    this.users = state.users;
  }

  static async start(options: {
    applicationId: string;
    token: string;
    guilds: FakeGuild[];
    /** People outside every guild (DM recipients of user-owned boards). */
    users?: FakeMember[];
    port?: number;
    /** How long the bot has to acknowledge an interaction (Discord: 3 s). */
    ackWindowMs?: number;
    /** How long an interaction token works after the interaction (Discord: 15 minutes). */
    tokenLifetimeMs?: number;
    /**
     * The rate limit of giving and taking member roles, per guild and method (default
     * ROLE_RATE_LIMIT: 10 requests per fixed window of 10 s; see rate-limits.ts for why).
     */
    roleRateLimit?: RateLimit;
    /**
     * Sharding (docs: Gateway, "Sharding"): the shard count GET /gateway/bot recommends and the
     * fewest an IDENTIFY may give (more guilds than one shard may hold: 4011), and how many
     * shards may identify at once (`max_concurrency`; discord.js waits 5 s between identifies of
     * one bucket). Default: 1, 1, 1.
     */
    shards?: {
      recommended?: number;
      required?: number;
      maxConcurrency?: number;
      /** Discord: 5 000 ms; only the fake's own tests of several raw clients shorten it. */
      identifyIntervalMs?: number;
    };
  }): Promise<FakeDiscord> {
    const server = createServer();
    const state = new DiscordState(
      options.applicationId,
      options.token,
      options.guilds,
      options.users ?? [],
      {
        ackWindowMs: options.ackWindowMs ?? DISCORD_TIMING.ackWindowMs,
        tokenLifetimeMs: options.tokenLifetimeMs ?? DISCORD_TIMING.tokenLifetimeMs,
      },
      {
        shards: options.shards?.recommended ?? 1,
        maxConcurrency: options.shards?.maxConcurrency ?? 1,
      },
    );
    const recorder = new Recorder();
    const conformance = new Conformance();
    const gateway = new Gateway(
      server,
      state,
      recorder,
      conformance,
      options.shards?.required,
      options.shards?.identifyIntervalMs,
    );
    const roleChanges = new RoleChanges(state, gateway);
    const limits = new RateLimits(options.roleRateLimit ?? ROLE_RATE_LIMIT);
    const cdn = new Cdn(() => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const oauth = new OAuth2(state, conformance.violations);
    const rest = new Rest(
      state,
      recorder,
      conformance,
      () => gateway.url,
      roleChanges,
      limits,
      cdn,
      oauth,
    );
    server.on('request', (req, res) => {
      state.noteArrival(req.method, req.url);
      if (!cdn.serve(req, res)) rest.serve(req, res);
    });
    gateway.listen();
    server.listen(options.port ?? 0, '127.0.0.1');
    await once(server, 'listening');
    const members = new Members(state, gateway, conformance, cdn);
    return new FakeDiscord(
      server,
      state,
      recorder,
      gateway,
      members,
      roleChanges,
      limits,
      conformance,
      oauth,
    );
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** How many times a client has identified on the gateway. */
  get identified(): number {
    return this.gateway.identified;
  }

  /** Every IDENTIFY, in order: the shard it claimed ([id, count]) and when. */
  get identifies(): readonly Identified[] {
    return this.gateway.identifies;
  }

  /**
   * How many 429s the fake has served (a client that reads the rate-limit headers, as
   * @discordjs/rest does, waits instead and never meets one).
   */
  get rateLimited(): number {
    return this.limits.served;
  }

  /** The next `times` requests matching `match` get this reply instead of the normal one. */
  failNext(match: RequestMatch, reply: Reply, times = 1): void {
    this.recorder.failNext(match, reply, times);
  }

  /**
   * The next request matching `match` is held as it comes in, and answered only on `release`
   * (`arrived` resolves when it has come in): Discord or the network being slow.
   */
  holdNext(match: RequestMatch): Hold {
    return this.recorder.holdNext(match);
  }

  /** Resolves with the first recorded request (past or future) that satisfies `predicate`. */
  waitForRequest(
    predicate: (req: RecordedRequest) => boolean,
    timeoutMs = 5000,
  ): Promise<RecordedRequest> {
    return this.recorder.waitForRequest(predicate, timeoutMs);
  }

  /** Polls `probe` on every recorded request and gateway event until it returns a value. */
  waitFor<T>(probe: () => T | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
    return this.recorder.waitFor(probe, timeoutMs, what);
  }

  /** Resolves once a client has identified (discord.js sees READY right after). */
  waitForIdentify(timeoutMs = 5000): Promise<number> {
    return this.waitFor(
      () => (this.identified > 0 ? this.identified : undefined),
      timeoutMs,
      'IDENTIFY',
    );
  }

  /**
   * A member (or, without a guild, a DM user) presses a button on a message the bot posted: any
   * custom id, on the message or not, as a forged client may.
   */
  clickButton(input: ButtonPress): Sent {
    return this.sent(this.members.clickButton(input));
  }

  /** A pick from a select menu on a message the bot posted (role and channel picks resolved). */
  chooseFromMenu(input: MenuChoice): Sent {
    return this.sent(this.members.chooseFromMenu(input));
  }

  /** A modal submit with text inputs `{ custom_id: value }`, from a member or DM user. */
  submitModal(input: ModalSubmit): Sent {
    return this.sent(this.members.submitModal(input));
  }

  /**
   * A member runs a slash command. The command and its options must have been registered: each
   * value gets the wire type the registration declared, and users, channels and roles are
   * resolved as Discord resolves them.
   */
  runCommand(input: CommandInput): Sent {
    return this.sent(this.members.runCommand(input));
  }

  /**
   * When an interaction was sent and when the bot's first callback for it arrived (and how the
   * fake answered it), by token, on performance.now()'s clock: bench/chat-load.ts times the bot
   * with these.
   */
  timesOf(token: string): InteractionTimes | undefined {
    return this.state.timings.get(token);
  }

  private sent(sent: Sent): Sent {
    this.state.noteSent(sent.token);
    return sent;
  }

  /** The DM channel between the bot and this user (created on first use, as Discord does). */
  dmChannelOf(userId: string): string {
    return this.state.dmChannel(userId).id;
  }

  /** The message a reply created or an edit changed, by interaction token. */
  replyOf(token: string): APIMessage | undefined {
    return this.state.replyOf(token);
  }

  /**
   * The files a message carries now, in order, with their bytes (`data`) and content type; those
   * its embeds show too, which Discord leaves out of the message's `attachments`. Each is served
   * at its `url` (and `proxyUrl`) on the fake's origin, as Discord's CDN serves it.
   */
  filesOf(messageId: string): FakeFile[] {
    return this.state.files.get(messageId) ?? [];
  }

  /**
   * The channel shuts the bot out until `allowChannel`: its posts and edits there get 403
   * Missing Access (50001: it cannot see the channel) or Missing Permissions (50013).
   */
  denyChannel(channelId: string, why: Denial): void {
    this.state.access.deny(channelId, why);
  }
  allowChannel(channelId: string): void {
    this.state.access.allow(channelId);
  }
  /** The channel is deleted: whatever the bot does there gets 404 Unknown Channel (10003). */
  deleteChannel(channelId: string): void {
    this.state.access.delete(channelId);
  }
  /** The user takes no DMs from the bot: posts in their DM get 403 (50007) until `openDms`. */
  closeDms(userId: string): void {
    this.state.access.closeDms(userId);
  }
  openDms(userId: string): void {
    this.state.access.openDms(userId);
  }

  /**
   * Someone creates a role on the server (GUILD_ROLE_CREATE to connected clients); its id. Its
   * permissions are a bit set as Discord sends it: `String(PermissionFlagsBits.ManageRoles)`.
   */
  createRole(
    guildId: string,
    role: Omit<FakeRole, 'id' | 'position'> & { position: number; id?: string },
  ): string {
    return this.roleChanges.createRole(guildId, role);
  }

  /**
   * The role is deleted: no member holds it any more, and giving or taking it gets 404 Unknown
   * Role (10011).
   */
  deleteRole(guildId: string, roleId: string): void {
    this.roleChanges.deleteRole(guildId, roleId);
  }

  /**
   * The bot's own roles on the server, which make its permissions and its place in the hierarchy
   * (none until set: only @everyone). As on Discord, the server's owner passes every check but
   * the managed-role one, and a guild whose `ownerId` is not said is owned by the bot: give it
   * another owner to meet Missing Permissions.
   */
  setBotRoles(guildId: string, roleIds: string[]): void {
    this.roleChanges.setBotRoles(guildId, roleIds);
  }

  /**
   * The server's icon, name or language (`preferredLocale`, a Discord locale) changes
   * (GUILD_UPDATE to connected clients; later interactions carry the new `guild_locale`).
   */
  updateGuild(
    guildId: string,
    changes: { icon?: string | null; name?: string; preferredLocale?: string },
  ): void {
    this.roleChanges.updateGuild(guildId, changes);
  }

  /** The role ids the member (or the bot) holds now, after whatever the bot gave or took. */
  memberRoles(guildId: string, userId: string): string[] {
    return this.roleChanges.memberRoles(guildId, userId);
  }

  /**
   * The member leaves the server (GUILD_MEMBER_REMOVE): looking them up or changing their roles
   * gets 404 Unknown Member (10007).
   */
  removeMember(guildId: string, userId: string): void {
    this.roleChanges.removeMember(guildId, userId);
  }

  /** Someone with Manage Messages deletes a message (the bot finds out when it next touches it). */
  deleteMessage(messageId: string): void {
    this.state.messages.delete(messageId);
  }

  /** The violations recorded so far, which the fake then forgets (a test that provoked them). */
  takeViolations(): string[] {
    return this.violations.splice(0);
  }

  /** Stops the fake; fails, after stopping, if a violation was recorded and not taken. */
  async close(): Promise<void> {
    this.recorder.dropHeld();
    this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    if (this.violations.length > 0) {
      throw new Error(
        `fake Discord: ${this.violations.length} violation(s) of Discord's API:\n  ${this.violations.join('\n  ')}`,
      );
    }
  }
}
