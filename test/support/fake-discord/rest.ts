import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  InteractionResponseType,
  MessageType,
  type APIMessage,
  type RESTGetAPIGatewayBotResult,
  type RESTPutAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { member, message, role, snowflake, user } from './payloads';
import type { Recorder } from './recording';
import type { DiscordState, Registered } from './state';
import type { Reply } from './types';

type Callback = {
  type: InteractionResponseType;
  data?: Partial<APIMessage> & { custom_id?: string };
};

const API_PREFIX = '/api/v10';
const json = (status: number, body?: unknown): Reply => ({ status, body });
const unknown = (code: number, what: string) => json(404, { code, message: `Unknown ${what}` });

/**
 * Discord's REST API v10, as much of it as the bot uses, answered as Discord answers: the bot
 * token or an interaction token is required, unknown ids get Discord's `Unknown …` errors, and an
 * injected fault (Recorder.failNext) wins over both. Every request is recorded with its status.
 */
export class Rest {
  constructor(
    private readonly state: DiscordState,
    private readonly recorder: Recorder,
    private readonly gatewayUrl: () => string,
  ) {}

  /** The HTTP server's request handler; a request the fake itself fails on gets a 500. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    this.onRequest(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: `fake Discord failed: ${String(err)}` }));
    });
  }

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
      this.recorder.injectedReply(method, path) ??
      this.authorise(req, path) ??
      this.route(method, path, body);
    this.recorder.requests.push({
      method,
      path,
      query: url.searchParams,
      body,
      status: reply.status,
    });
    res.writeHead(reply.status, {
      ...(reply.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...reply.headers,
    });
    res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    this.recorder.notify();
  }

  /** Interaction callbacks and webhooks authenticate with the token in the path, the rest as the bot. */
  private authorise(req: IncomingMessage, path: string): Reply | undefined {
    if (path.startsWith('/interactions/') || path.startsWith('/webhooks/')) return undefined;
    if (req.headers.authorization === `Bot ${this.state.token}`) return undefined;
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
      (_, body) => json(200, this.state.dmChannel((body as { recipient_id: string }).recipient_id)),
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
        const messageId = this.state.interactions.get(token)?.messageId;
        return messageId
          ? this.editMessage(messageId, body as Partial<APIMessage>)
          : unknown(10008, 'Message');
      },
    ],
    [
      'POST',
      /^\/webhooks\/(\d+)\/([^/]+)$/,
      ([, token], body) => {
        const channelId = this.state.interactions.get(token)?.channelId ?? snowflake();
        const posted = message(channelId, body as Partial<APIMessage>, this.state.botUser);
        this.state.messages.set(posted.id, posted);
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
      url: this.gatewayUrl(),
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
    };
  }

  private getUser(id: string): Reply {
    const found = this.state.everyone().find((m) => m.id === id);
    return found ? json(200, user(found)) : unknown(10013, 'User');
  }

  private getRoles(guildId: string): Reply {
    const guild = this.state.guilds.find((g) => g.id === guildId);
    return guild ? json(200, guild.roles.map(role)) : unknown(10004, 'Guild');
  }

  private getMember(guildId: string, userId: string): Reply {
    const guild = this.state.guilds.find((g) => g.id === guildId);
    if (!guild) return unknown(10004, 'Guild');
    const found = guild.members.find((m) => m.id === userId);
    return found ? json(200, member(found)) : unknown(10007, 'Member');
  }

  private postMessage(channelId: string, body: Partial<APIMessage>): Reply {
    if (!this.state.knowsChannel(channelId)) return unknown(10003, 'Channel');
    const posted = message(channelId, body, this.state.botUser);
    this.state.messages.set(posted.id, posted);
    return json(200, posted);
  }

  private editMessage(messageId: string, body: Partial<APIMessage>): Reply {
    const current = this.state.messages.get(messageId);
    if (!current) return unknown(10008, 'Message');
    const edited: APIMessage = {
      ...current,
      ...body,
      type: MessageType.Default,
      edited_timestamp: new Date().toISOString(),
    };
    this.state.messages.set(messageId, edited);
    return json(200, edited);
  }

  /** Bulk overwrite (PUT), global or per guild: the registered set is replaced, as Discord does. */
  private registerCommands(app: string, guildId: string | undefined, body: unknown): Reply {
    if (app !== this.state.applicationId) return unknown(10002, 'Application');
    const list = body as RESTPutAPIApplicationCommandsJSONBody;
    if (!Array.isArray(list)) return json(400, { code: 50035, message: 'Invalid Form Body' });
    this.state.commands.set(guildId ?? 'global', list as Registered[]);
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
    const interaction = this.state.interactions.get(token);
    if (!interaction) return unknown(10062, 'interaction');
    if (body.type === InteractionResponseType.UpdateMessage && interaction.messageId) {
      this.editMessage(interaction.messageId, body.data ?? {});
    } else if (
      body.type === InteractionResponseType.ChannelMessageWithSource ||
      body.type === InteractionResponseType.DeferredChannelMessageWithSource
    ) {
      const posted = message(interaction.channelId, body.data ?? {}, this.state.botUser);
      this.state.messages.set(posted.id, posted);
      interaction.messageId = posted.id;
    } else if (body.type === InteractionResponseType.Modal) {
      this.state.modals.push({ token, customId: body.data?.custom_id ?? '', data: body.data });
    }
    return json(204);
  }
}
