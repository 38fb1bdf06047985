import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  ComponentType,
  GatewayDispatchEvents,
  GatewayOpcodes,
  InteractionResponseType,
  InteractionType,
  Locale,
  MessageType,
  type APIApplicationCommandInteractionDataOption,
  type APIChannel,
  type APIChatInputApplicationCommandInteraction,
  type APIInteractionDataResolved,
  type RESTPutAPIApplicationCommandsJSONBody,
  type ApplicationFlags,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  type RoleFlags,
  type APIGuildMember,
  type APIInteraction,
  type APIInteractionGuildMember,
  type APIMessage,
  type APIModalSubmitInteraction,
  type APIRole,
  type APIUser,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
  type GatewaySendPayload,
  type RESTGetAPIGatewayBotResult,
} from 'discord-api-types/v10';
import { WebSocketServer, type WebSocket } from 'ws';

export interface FakeMember {
  id: string;
  username: string;
  globalName?: string | null;
  nick?: string | null;
  roles?: string[];
}

export interface FakeGuild {
  id: string;
  name: string;
  channels: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  members: FakeMember[];
}

export interface RecordedRequest {
  method: string;
  /** Without the `/api/v10` prefix, e.g. `/channels/1/messages`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  status: number;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Injected extends Reply {
  match: (req: { method: string; path: string }) => boolean;
  times: number;
}

export interface Presser {
  user: FakeMember;
  /** Permission bit set as Discord sends it (Manage Server is 0x20). */
  permissions?: string;
  roles?: string[];
}

type Callback = {
  type: InteractionResponseType;
  data?: Partial<APIMessage> & { custom_id?: string };
};

/** An option value as a member types or picks it; its wire type comes from the registered command. */
export type OptionValue =
  string | number | boolean | FakeMember | { channelId: string } | { roleId: string };

export interface CommandInput extends Presser {
  /** A guild channel, or omitted for the presser's DM with the bot (a personal workspace). */
  channelId?: string;
  /** `/api key create` is `['api', 'key', 'create']`. */
  command: string[];
  options?: Record<string, OptionValue>;
}

type RegisteredOption = {
  name: string;
  type: ApplicationCommandOptionType;
  required?: boolean;
  choices?: { value: string | number }[];
  options?: RegisteredOption[];
};
type Registered = { name: string; options?: RegisteredOption[] };

interface Tracked {
  /** The message `@original` names: the clicked message, or the reply once one is created. */
  messageId: string | null;
  channelId: string;
}

const API_PREFIX = '/api/v10';
const json = (status: number, body?: unknown): Reply => ({ status, body });
const unknown = (code: number, what: string) => json(404, { code, message: `Unknown ${what}` });

/**
 * Discord's side of the wire on loopback (DESIGN.md 1, 5): enough of REST v10 and the gateway
 * that the real discord.js Client connects unchanged (`rest: { api: fake.apiUrl }`; the gateway
 * URL comes from GET /gateway/bot). Every REST request the bot makes is recorded.
 */
export class FakeDiscord {
  readonly requests: RecordedRequest[] = [];
  /** Messages as they read now (posts with every later edit applied), by id. */
  readonly messages = new Map<string, APIMessage>();
  readonly botUser: APIUser;
  identified = 0;
  private readonly sockets = new Set<WebSocket>();
  private readonly injected: Injected[] = [];
  private readonly interactions = new Map<string, Tracked>();
  /** Commands as registered: `global` or a guild id → the last bulk overwrite. */
  readonly commands = new Map<string, Registered[]>();
  /** Modals the bot opened, in order. */
  readonly modals: { token: string; customId: string; data: unknown }[] = [];
  private readonly dmChannels = new Map<string, string>();
  private readonly waiters = new Set<() => void>();
  private sequence = 0;

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    readonly applicationId: string,
    readonly token: string,
    readonly guilds: FakeGuild[],
    readonly users: FakeMember[],
  ) {
    this.botUser = { ...user({ id: applicationId, username: 'tally' }), bot: true };
  }

  static async start(options: {
    applicationId: string;
    token: string;
    guilds: FakeGuild[];
    /** People outside every guild (DM recipients of user-owned boards). */
    users?: FakeMember[];
    port?: number;
  }): Promise<FakeDiscord> {
    const server = createServer();
    const wss = new WebSocketServer({ server, path: '/gateway' });
    const fake = new FakeDiscord(
      server,
      wss,
      options.applicationId,
      options.token,
      options.guilds,
      options.users ?? [],
    );
    server.on('request', (req, res) => {
      fake.onRequest(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, message: `fake Discord failed: ${String(err)}` }));
      });
    });
    wss.on('connection', (socket) => fake.onSocket(socket));
    server.listen(options.port ?? 0, '127.0.0.1');
    await once(server, 'listening');
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** The next `times` requests matching `match` get this reply instead of the normal one. */
  failNext(match: Injected['match'], reply: Reply, times = 1): void {
    this.injected.push({ ...reply, match, times });
  }

  /** Resolves with the first recorded request (past or future) that satisfies `predicate`. */
  async waitForRequest(
    predicate: (req: RecordedRequest) => boolean,
    timeoutMs = 5000,
  ): Promise<RecordedRequest> {
    return this.waitFor(() => this.requests.find(predicate), timeoutMs, 'request');
  }

  /** Polls `probe` on every recorded request and gateway event until it returns a value. */
  async waitFor<T>(probe: () => T | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
    const found = probe();
    if (found !== undefined) return found;
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return;
        finish();
        resolve(value);
      };
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`fake Discord: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  /** Resolves once a client has identified (discord.js sees READY right after). */
  waitForIdentify(timeoutMs = 5000): Promise<number> {
    return this.waitFor(
      () => (this.identified > 0 ? this.identified : undefined),
      timeoutMs,
      'IDENTIFY',
    );
  }

  /** A member (or, without a guild, a DM user) presses a button on a message the bot posted. */
  clickButton(input: { messageId: string; customId: string } & Presser): {
    id: string;
    token: string;
  } {
    const posted = this.messages.get(input.messageId);
    if (!posted) throw new Error(`fake Discord: no message ${input.messageId}`);
    const guild = this.guildOfChannel(posted.channel_id);
    const interaction: APIInteraction = {
      ...interactionBase(this.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.MessageComponent,
      data: { custom_id: input.customId, component_type: ComponentType.Button },
      channel_id: posted.channel_id,
      channel: {
        id: posted.channel_id,
        type: guild ? ChannelType.GuildText : ChannelType.DM,
      },
      message: posted,
    };
    return this.dispatchInteraction(interaction, posted.id);
  }

  /** A modal submit with text inputs `{ custom_id: value }`, from a member or DM user. */
  submitModal(
    input: {
      channelId: string;
      customId: string;
      values: Record<string, string>;
      /** The message whose button opened the modal; the bot may then update that message. */
      messageId?: string;
    } & Presser,
  ): { id: string; token: string } {
    const guild = this.guildOfChannel(input.channelId);
    const source = input.messageId ? this.messages.get(input.messageId) : undefined;
    const interaction: APIModalSubmitInteraction = {
      ...interactionBase(this.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.ModalSubmit,
      data: {
        custom_id: input.customId,
        components: Object.entries(input.values).map(([custom_id, value]) => ({
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.TextInput, custom_id, value }],
        })),
      },
      channel_id: input.channelId,
      channel: { id: input.channelId, type: guild ? ChannelType.GuildText : ChannelType.DM },
      ...(source ? { message: source } : {}),
    };
    return this.dispatchInteraction(interaction, source?.id ?? null);
  }

  /** The DM channel between the bot and this user (created on first use, as Discord does). */
  dmChannelOf(userId: string): string {
    return this.dmChannel(userId).id;
  }

  /**
   * A member runs a slash command. The command and its options must have been registered: each
   * value gets the wire type the registration declared, and users, channels and roles are
   * resolved as Discord resolves them.
   */
  runCommand(input: CommandInput): { id: string; token: string } {
    const [name, ...path] = input.command;
    const channelId = input.channelId ?? this.dmChannelOf(input.user.id);
    const guild = this.guildOfChannel(channelId);
    const registered = [
      ...(this.commands.get('global') ?? []),
      ...(guild ? (this.commands.get(guild.id) ?? []) : []),
    ].find((c) => c.name === name);
    if (!registered) throw new Error(`fake Discord: /${name ?? ''} is not registered`);
    const resolved: APIInteractionDataResolved = {};
    let declared = registered.options ?? [];
    const wrap: ((
      inner: APIApplicationCommandInteractionDataOption[],
    ) => APIApplicationCommandInteractionDataOption[])[] = [];
    for (const part of path) {
      const sub = declared.find((o) => o.name === part);
      if (!sub) throw new Error(`fake Discord: /${input.command.join(' ')} is not registered`);
      declared = sub.options ?? [];
      wrap.push((inner) => [
        {
          name: part,
          type: sub.type,
          options: inner,
        } as APIApplicationCommandInteractionDataOption,
      ]);
    }
    let options = Object.entries(input.options ?? {}).map(([key, value]) => {
      const option = declared.find((o) => o.name === key);
      if (!option)
        throw new Error(`fake Discord: /${input.command.join(' ')} has no option ${key}`);
      return this.optionValue(guild, option, value, resolved);
    });
    // Discord's client enforces required options and choices before anything is sent.
    for (const option of declared) {
      if (option.required && !(option.name in (input.options ?? {}))) {
        throw new Error(`fake Discord: /${input.command.join(' ')} needs ${option.name}`);
      }
      const value = input.options?.[option.name];
      if (option.choices && !option.choices.some((c) => c.value === value) && value !== undefined) {
        throw new Error(`fake Discord: ${option.name} has no choice ${JSON.stringify(value)}`);
      }
    }
    for (const w of wrap.reverse()) options = w(options);
    const interaction: APIChatInputApplicationCommandInteraction = {
      ...interactionBase(this.applicationId),
      ...this.actor(guild, input),
      type: InteractionType.ApplicationCommand,
      data: {
        id: `cmd-${name ?? ''}`,
        name: name ?? '',
        type: ApplicationCommandType.ChatInput,
        options,
        resolved,
        ...(guild ? { guild_id: guild.id } : {}),
      },
      channel_id: channelId,
      channel: { id: channelId, type: guild ? ChannelType.GuildText : ChannelType.DM },
    } as APIChatInputApplicationCommandInteraction;
    return this.dispatchInteraction(interaction, null);
  }

  /** The message a reply created or an edit changed, by interaction token. */
  replyOf(token: string): APIMessage | undefined {
    const id = this.interactions.get(token)?.messageId;
    return id ? this.messages.get(id) : undefined;
  }

  private optionValue(
    guild: FakeGuild | undefined,
    option: RegisteredOption,
    value: OptionValue,
    resolved: APIInteractionDataResolved,
  ): APIApplicationCommandInteractionDataOption {
    const base = { name: option.name, type: option.type };
    if (typeof value !== 'object')
      return { ...base, value } as APIApplicationCommandInteractionDataOption;
    if ('channelId' in value) {
      const channel = guild?.channels.find((c) => c.id === value.channelId);
      resolved.channels = {
        ...resolved.channels,
        [value.channelId]: {
          id: value.channelId,
          name: channel?.name ?? null,
          type: ChannelType.GuildText,
          permissions: '0',
        },
      } as APIInteractionDataResolved['channels'];
      return { ...base, value: value.channelId } as APIApplicationCommandInteractionDataOption;
    }
    if ('roleId' in value) {
      const found = guild?.roles.find((r) => r.id === value.roleId);
      resolved.roles = {
        ...resolved.roles,
        [value.roleId]: role(found ?? { id: value.roleId, name: 'role' }),
      };
      return { ...base, value: value.roleId } as APIApplicationCommandInteractionDataOption;
    }
    resolved.users = { ...resolved.users, [value.id]: user(value) };
    if (guild?.members.some((m) => m.id === value.id)) {
      const member = this.member(value);
      resolved.members = {
        ...resolved.members,
        [value.id]: {
          nick: member.nick ?? null,
          roles: member.roles,
          joined_at: member.joined_at,
          flags: member.flags,
          permissions: '0',
        },
      };
    }
    return { ...base, value: value.id } as APIApplicationCommandInteractionDataOption;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private actor(guild: FakeGuild | undefined, presser: Presser) {
    if (!guild) return { user: user(presser.user) };
    const member: APIInteractionGuildMember = {
      ...this.member(presser.user),
      roles: presser.roles ?? presser.user.roles ?? [],
      permissions: presser.permissions ?? '0',
    };
    return { guild_id: guild.id, member, guild_locale: Locale.EnglishUS };
  }

  private dispatchInteraction(interaction: APIInteraction, messageId: string | null) {
    this.interactions.set(interaction.token, {
      messageId,
      channelId: interaction.channel?.id ?? '',
    });
    for (const socket of this.sockets) {
      this.send(socket, GatewayDispatchEvents.InteractionCreate, interaction);
    }
    return { id: interaction.id, token: interaction.token };
  }

  private guildOfChannel(channelId: string): FakeGuild | undefined {
    return this.guilds.find((g) => g.channels.some((c) => c.id === channelId));
  }

  private member(m: FakeMember): APIGuildMember {
    return {
      user: user(m),
      nick: m.nick ?? null,
      roles: m.roles ?? [],
      joined_at: '2026-01-01T00:00:00.000Z',
      deaf: false,
      mute: false,
      flags: NO_FLAGS as GuildMemberFlags,
    };
  }

  // ---- gateway -------------------------------------------------------------------------------

  private onSocket(socket: WebSocket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('message', (raw) =>
      this.onGateway(socket, JSON.parse(String(raw)) as GatewaySendPayload),
    );
    socket.send(JSON.stringify({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: 45_000 } }));
  }

  private onGateway(socket: WebSocket, payload: GatewaySendPayload): void {
    if (payload.op === GatewayOpcodes.Heartbeat) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
    } else if (payload.op === GatewayOpcodes.Identify) {
      this.sequence = 0;
      const ready: GatewayReadyDispatchData = {
        v: 10,
        user: this.botUser,
        guilds: this.guilds.map((g) => ({ id: g.id, unavailable: true })),
        session_id: `session-${snowflake()}`,
        resume_gateway_url: `ws://127.0.0.1:${this.port}/gateway`,
        shard: [0, 1],
        application: {
          id: this.applicationId,
          flags: NO_FLAGS as ApplicationFlags,
          flags_new: '0',
        },
      };
      this.send(socket, GatewayDispatchEvents.Ready, ready);
      for (const guild of this.guilds) {
        const data: GatewayGuildCreateDispatchData = guildCreate(
          guild,
          this.applicationId,
          guild.members.map((m) => this.member(m)),
        );
        this.send(socket, GatewayDispatchEvents.GuildCreate, data);
      }
      this.identified++;
      this.notify();
    } else if (payload.op === GatewayOpcodes.Resume) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
    }
  }

  private send(socket: WebSocket, t: GatewayDispatchEvents, d: unknown): void {
    socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, t, d, s: ++this.sequence }));
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  // ---- REST ----------------------------------------------------------------------------------

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const pathname = decodeURIComponent(url.pathname); // `@original` arrives as `%40original`
    const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : pathname;
    let body: unknown = undefined;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const reply =
      this.injectedReply(method, path) ??
      this.authorise(req, path) ??
      this.route(method, path, body);
    this.requests.push({ method, path, query: url.searchParams, body, status: reply.status });
    res.writeHead(reply.status, {
      ...(reply.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...reply.headers,
    });
    res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    this.notify();
  }

  private injectedReply(method: string, path: string): Reply | undefined {
    const hit = this.injected.find((i) => i.times > 0 && i.match({ method, path }));
    if (!hit) return undefined;
    hit.times--;
    return hit;
  }

  /** Interaction callbacks and webhooks authenticate with the token in the path, the rest as the bot. */
  private authorise(req: IncomingMessage, path: string): Reply | undefined {
    if (path.startsWith('/interactions/') || path.startsWith('/webhooks/')) return undefined;
    if (req.headers.authorization === `Bot ${this.token}`) return undefined;
    return json(401, { code: 0, message: '401: Unauthorized' });
  }

  private route(method: string, path: string, body: unknown): Reply {
    for (const [verb, pattern, handle] of this.routes) {
      const m = verb === method ? pattern.exec(path) : null;
      if (m) return handle(m.slice(1) as [string, string, string], body);
    }
    return json(404, { code: 0, message: `404: Not Found (${method} ${path})` });
  }

  private readonly routes: [
    string,
    RegExp,
    (p: [string, string, string], body: unknown) => Reply,
  ][] = [
    ['GET', /^\/gateway\/bot$/, () => json(200, this.gatewayBot())],
    ['GET', /^\/users\/(\d+)$/, ([id]) => this.getUser(id)],
    [
      'POST',
      /^\/users\/@me\/channels$/,
      (_, body) => json(200, this.dmChannel((body as { recipient_id: string }).recipient_id)),
    ],
    ['GET', /^\/guilds\/(\d+)\/members\/(\d+)$/, ([g, u]) => this.getMember(g, u)],
    ['GET', /^\/guilds\/(\d+)\/roles$/, ([g]) => this.getRoles(g)],
    [
      'POST',
      /^\/channels\/(\d+)\/messages$/,
      ([ch], body) => this.postMessage(ch, body as Partial<APIMessage>),
    ],
    [
      'PATCH',
      /^\/channels\/(\d+)\/messages\/(\d+)$/,
      ([, id], body) => this.editMessage(id, body as Partial<APIMessage>),
    ],
    [
      'POST',
      /^\/interactions\/(\d+)\/([^/]+)\/callback$/,
      ([, token], body) => this.callback(token, body as Callback),
    ],
    [
      'PATCH',
      /^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/,
      ([, token], body) => {
        const messageId = this.interactions.get(token)?.messageId;
        return messageId
          ? this.editMessage(messageId, body as Partial<APIMessage>)
          : unknown(10008, 'Message');
      },
    ],
    [
      'POST',
      /^\/webhooks\/(\d+)\/([^/]+)$/,
      ([, token], body) => {
        const channelId = this.interactions.get(token)?.channelId ?? snowflake();
        const posted = message(channelId, body as Partial<APIMessage>, this.botUser);
        this.messages.set(posted.id, posted);
        return json(200, posted);
      },
    ],
    [
      'PUT',
      /^\/applications\/(\d+)\/(?:guilds\/(\d+)\/)?commands$/,
      ([app, guildId], body) => this.registerCommands(app, guildId, body),
    ],
  ];

  private gatewayBot(): RESTGetAPIGatewayBotResult {
    return {
      url: `ws://127.0.0.1:${this.port}/gateway`,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
    };
  }

  private everyone(): FakeMember[] {
    return [...this.guilds.flatMap((g) => g.members), ...this.users];
  }

  private getUser(id: string): Reply {
    const found = this.everyone().find((m) => m.id === id);
    return found ? json(200, user(found)) : unknown(10013, 'User');
  }

  private getRoles(guildId: string): Reply {
    const guild = this.guilds.find((g) => g.id === guildId);
    return guild ? json(200, guild.roles.map(role)) : unknown(10004, 'Guild');
  }

  private getMember(guildId: string, userId: string): Reply {
    const guild = this.guilds.find((g) => g.id === guildId);
    if (!guild) return unknown(10004, 'Guild');
    const found = guild.members.find((m) => m.id === userId);
    return found ? json(200, this.member(found)) : unknown(10007, 'Member');
  }

  private dmChannel(recipientId: string): APIChannel {
    const recipient = this.everyone().find((m) => m.id === recipientId);
    let id = this.dmChannels.get(recipientId);
    if (!id) {
      id = snowflake();
      this.dmChannels.set(recipientId, id);
    }
    return {
      id,
      type: ChannelType.DM,
      name: null,
      last_message_id: null,
      recipients: recipient ? [user(recipient)] : [],
    };
  }

  private postMessage(channelId: string, body: Partial<APIMessage>): Reply {
    const known =
      this.guildOfChannel(channelId) !== undefined ||
      [...this.dmChannels.values()].includes(channelId);
    if (!known) return unknown(10003, 'Channel');
    const posted = message(channelId, body, this.botUser);
    this.messages.set(posted.id, posted);
    return json(200, posted);
  }

  private editMessage(messageId: string, body: Partial<APIMessage>): Reply {
    const current = this.messages.get(messageId);
    if (!current) return unknown(10008, 'Message');
    const edited: APIMessage = {
      ...current,
      ...body,
      type: MessageType.Default,
      edited_timestamp: new Date().toISOString(),
    };
    this.messages.set(messageId, edited);
    return json(200, edited);
  }

  /** Bulk overwrite (PUT), global or per guild: the registered set is replaced, as Discord does. */
  private registerCommands(app: string, guildId: string | undefined, body: unknown): Reply {
    if (app !== this.applicationId) return unknown(10002, 'Application');
    const list = body as RESTPutAPIApplicationCommandsJSONBody;
    if (!Array.isArray(list)) return json(400, { code: 50035, message: 'Invalid Form Body' });
    this.commands.set(guildId ?? 'global', list as Registered[]);
    return json(
      200,
      list.map((command) => ({
        ...command,
        id: snowflake(),
        application_id: app,
        version: snowflake(),
        ...(guildId ? { guild_id: guildId } : {}),
      })),
    );
  }

  /**
   * Interaction responses: a reply (or deferred reply) becomes a message in the channel, kept
   * with its flags so ephemeral replies can be told apart; an update edits the clicked message;
   * a modal is recorded.
   */
  private callback(token: string, body: Callback): Reply {
    const interaction = this.interactions.get(token);
    if (!interaction) return unknown(10062, 'interaction');
    if (body.type === InteractionResponseType.UpdateMessage && interaction.messageId) {
      this.editMessage(interaction.messageId, body.data ?? {});
    } else if (
      body.type === InteractionResponseType.ChannelMessageWithSource ||
      body.type === InteractionResponseType.DeferredChannelMessageWithSource
    ) {
      const posted = message(interaction.channelId, body.data ?? {}, this.botUser);
      this.messages.set(posted.id, posted);
      interaction.messageId = posted.id;
    } else if (body.type === InteractionResponseType.Modal) {
      this.modals.push({ token, customId: body.data?.custom_id ?? '', data: body.data });
    }
    return json(204);
  }
}

// ---- payloads ----------------------------------------------------------------------------------

/** Bit-flag enums have no zero member; Discord sends 0 for "none set". */
const NO_FLAGS = 0;
const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A fresh, time-ordered snowflake. */
export function snowflake(): string {
  increment = (increment + 1n) % 4096n;
  return String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | increment);
}

function user(m: Pick<FakeMember, 'id' | 'username' | 'globalName'>): APIUser {
  return {
    id: m.id,
    username: m.username,
    discriminator: '0',
    global_name: m.globalName ?? null,
    avatar: null,
  };
}

function role(r: { id: string; name: string }): APIRole {
  return {
    id: r.id,
    name: r.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: 1,
    permissions: '0',
    managed: false,
    mentionable: true,
    flags: NO_FLAGS as RoleFlags,
  };
}

function message(channelId: string, body: Partial<APIMessage>, author: APIUser): APIMessage {
  return {
    content: '',
    embeds: [],
    components: [],
    ...body,
    id: snowflake(),
    channel_id: channelId,
    author,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    pinned: false,
    type: MessageType.Default,
  };
}

function interactionBase(applicationId: string) {
  return {
    id: snowflake(),
    application_id: applicationId,
    token: `token-${snowflake()}`,
    version: 1 as const,
    app_permissions: '0',
    locale: Locale.EnglishUS,
    entitlements: [],
    authorizing_integration_owners: {},
    attachment_size_limit: 10_000_000,
  };
}

function guildCreate(
  guild: FakeGuild,
  ownerId: string,
  members: APIGuildMember[],
): GatewayGuildCreateDispatchData {
  return {
    id: guild.id,
    name: guild.name,
    unavailable: false,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: guild.roles.map(role),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: NO_FLAGS as GuildSystemChannelFlags,
    rules_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    preferred_locale: Locale.EnglishUS,
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    joined_at: '2026-01-01T00:00:00.000Z',
    large: false,
    member_count: members.length,
    voice_states: [],
    members,
    channels: guild.channels.map((c) => ({
      id: c.id,
      name: c.name,
      type: ChannelType.GuildText,
      guild_id: guild.id,
      position: 0,
      permission_overwrites: [],
      parent_id: null,
      nsfw: false,
      last_message_id: null,
    })),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
