import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { UNKNOWN_CHANNEL } from './access';
import type { Cdn } from './cdn';
import type { Conformance } from './conformance';
import { InteractionEndpoints, type Callback } from './interaction-endpoints';
import type { MessageRequest } from './messages';
import { readBody, type SentFile } from './multipart';
import { Nonces } from './nonces';
import { OAUTH_PATH, type OAuth2 } from './oauth';
import type { Grant } from './oauth-grants';
import { bearerScope } from './oauth-reads';
import { registeredCommand } from './payloads';
import { Posts, type Write } from './posts';
import type { RateLimits } from './rate-limits';
import { Reads } from './reads';
import type { Recorder } from './recording';
import type { RoleChanges } from './role-changes';
import type { DiscordState, Registered } from './state';
import type { RecordedRequest, Reply } from './types';

const API_PREFIX = '/api/v10';
const json = (status: number, body?: unknown): Reply => ({ status, body });
const unknown = (code: number, what: string) => json(404, { code, message: `Unknown ${what}` });
const UNAUTHORIZED = json(401, { code: 0, message: '401: Unauthorized' });

type Route = [
  string,
  RegExp,
  (p: [string, string, string], body: unknown, query: URLSearchParams, files: SentFile[]) => Reply,
];

/**
 * Discord's REST API v10, as much of it as the bot uses, answered as Discord answers: the bot
 * token or an interaction token is required, a rate-limited route counts the request and refuses
 * it when over (rate-limits.ts), a body Discord would refuse is refused (conformance.ts), unknown
 * ids get Discord's `Unknown …` errors, channels a test shut refuse the bot (access.ts), roles
 * follow Discord's hierarchy (roles.ts, role-changes.ts), and an injected fault
 * (Recorder.failNext) wins over all of them; a held request (Recorder.holdNext) waits first. A body may be JSON or, where Discord takes files,
 * multipart/form-data (multipart.ts). Every request is recorded with its status and files.
 *
 * OAuth2 (oauth.ts) comes in here too, so its requests are held, faulted and recorded alike: the
 * authorize and token endpoints, which Discord's description leaves out, are answered by
 * oauth.ts alone; the reads a Bearer token may make take the usual way, with oauth.ts as their
 * gate instead of the bot token.
 */
export class Rest {
  private readonly interactions: InteractionEndpoints;
  private readonly reads: Reads;
  private readonly posts: Posts;
  private readonly nonces = new Nonces();

  constructor(
    private readonly state: DiscordState,
    private readonly recorder: Recorder,
    private readonly conformance: Conformance,
    gatewayUrl: () => string,
    private readonly roleChanges: RoleChanges,
    private readonly limits: RateLimits,
    cdn: Cdn,
    private readonly oauth: OAuth2,
  ) {
    this.posts = new Posts(state, cdn);
    this.interactions = new InteractionEndpoints(state, this.posts);
    this.reads = new Reads(state, gatewayUrl);
  }

  /** The HTTP server's request handler; a request the fake itself fails on gets a 500. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    this.onRequest(req, res).catch((err: unknown) => {
      this.conformance.violations.push(`fake defect: ${req.method} ${req.url}: ${String(err)}`);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: `fake Discord failed: ${String(err)}` }));
    });
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const pathname = decodeURIComponent(url.pathname); // `@original` arrives as `%40original`
    if (method === 'GET' && pathname === '/favicon.ico') {
      // A browser on the consent page asks for the site's icon: not a call of Discord's API.
      res.writeHead(404).end();
      return;
    }
    const flow = OAUTH_PATH.exec(pathname)?.[1];
    if (flow) return this.serveFlow(req, res, method, flow, url.searchParams, raw);
    const path = pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : pathname;
    const read = await readBody(raw, req.headers['content-type']);
    const { body, files } = read;
    if (!(await this.recorder.held(method, path))) return; // the fake closed: the socket is gone
    const checked = this.conformance.request(method, path, url.searchParams, read, raw.length);
    const injected = this.recorder.injectedReply(method, path);
    const auth = injected ? {} : this.authorise(req, method, path);
    const unauthorised = auth.refusal;
    const limited = injected || unauthorised ? undefined : this.limits.take(method, path);
    const answer =
      injected ??
      unauthorised ??
      limited?.refusal ??
      checked.refusal ??
      (auth.grant
        ? this.oauth.reads.answer(path, url.searchParams, auth.grant)
        : this.route(method, path, body, url.searchParams, files ?? []));
    const reply = limited
      ? { ...answer, headers: { ...answer.headers, ...limited.headers } }
      : answer;
    if (!injected) {
      this.conformance.answer(checked.op, method, path, reply, answer === checked.refusal);
    }
    this.finish(
      res,
      { method, path, query: url.searchParams, body, ...(files ? { files } : {}) },
      reply,
    );
  }

  /**
   * An OAuth2 endpoint (`path` without /api or a version): held and faulted like any request,
   * answered by oauth.ts, recorded with its form as the body.
   */
  private async serveFlow(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
    raw: Buffer,
  ): Promise<void> {
    if (!(await this.recorder.held(method, path))) return;
    const reply =
      this.recorder.injectedReply(method, path) ??
      this.oauth.endpoint(method, path, query, raw, req.headers);
    const form =
      raw.length > 0 ? Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) : undefined;
    this.finish(res, { method, path, query, body: form }, reply);
  }

  /** Records the request with its status and sends the reply: JSON, or text where it says so. */
  private finish(
    res: ServerResponse,
    request: Omit<RecordedRequest, 'status'>,
    reply: Reply,
  ): void {
    this.recorder.requests.push({ ...request, status: reply.status });
    const text =
      typeof reply.body === 'string' && /^text\//.test(reply.headers?.['content-type'] ?? '');
    res.writeHead(reply.status, {
      ...(reply.body === undefined || text ? {} : { 'content-type': 'application/json' }),
      ...reply.headers,
    });
    res.end(reply.body === undefined ? undefined : text ? reply.body : JSON.stringify(reply.body));
    this.recorder.notify();
  }

  /**
   * Interaction callbacks and webhooks authenticate with the token in the path, the reads a
   * person's Bearer token may make with that token (oauth.ts), the rest as the bot.
   */
  private authorise(
    req: IncomingMessage,
    method: string,
    path: string,
  ): { grant?: Grant; refusal?: Reply } {
    if (path.startsWith('/interactions/') || path.startsWith('/webhooks/')) return {};
    const scope = bearerScope(method, path);
    if (scope) return this.oauth.authorise(req.headers.authorization, scope, `${method} ${path}`);
    if (req.headers.authorization === `Bot ${this.state.token}`) return {};
    return { refusal: UNAUTHORIZED };
  }

  private route(
    method: string,
    path: string,
    body: unknown,
    query: URLSearchParams,
    files: SentFile[],
  ): Reply {
    for (const [verb, pattern, handle] of this.routes) {
      const m = verb === method ? pattern.exec(path) : null;
      if (m) return handle(m.slice(1) as [string, string, string], body, query, files);
    }
    return json(404, { code: 0, message: `404: Not Found (${method} ${path})` });
  }

  private readonly routes: Route[] = [
    ['GET', /^\/gateway\/bot$/, () => this.reads.gatewayBot()],
    ['GET', /^\/users\/(\d+)$/, ([id]) => this.reads.user(id)],
    [
      'POST',
      /^\/users\/@me\/channels$/,
      (_, body) => json(200, this.state.dmChannel((body as { recipient_id: string }).recipient_id)),
    ],
    ['GET', /^\/guilds\/(\d+)$/, ([g]) => this.reads.guild(g)],
    ['GET', /^\/guilds\/(\d+)\/channels$/, ([g]) => this.reads.channels(g)],
    ['GET', /^\/guilds\/(\d+)\/members\/(\d+)$/, ([g, u]) => this.reads.member(g, u)],
    ['GET', /^\/guilds\/(\d+)\/roles$/, ([g]) => this.reads.roles(g)],
    [
      'PUT',
      /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/,
      ([g, u, r]) => this.roleChanges.assign(g, u, r, true),
    ],
    [
      'DELETE',
      /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/,
      ([g, u, r]) => this.roleChanges.assign(g, u, r, false),
    ],
    ['GET', /^\/channels\/(\d+)$/, ([ch]) => this.reads.channel(ch)],
    ['GET', /^\/channels\/(\d+)\/messages\/(\d+)$/, ([ch, id]) => this.reads.message(ch, id)],
    [
      'POST',
      /^\/channels\/(\d+)\/messages$/,
      ([ch], body, _, files) => this.postMessage(ch, { body: body as MessageRequest, files }),
    ],
    [
      'PATCH',
      /^\/channels\/(\d+)\/messages\/(\d+)$/,
      ([ch, id], body, _, files) =>
        this.editMessage(ch, id, { body: body as MessageRequest, files }),
    ],
    ['DELETE', /^\/channels\/(\d+)\/messages\/(\d+)$/, ([ch, id]) => this.deleteMessage(ch, id)],
    [
      'POST',
      /^\/interactions\/(\d+)\/([^/]+)\/callback$/,
      ([id, token], body, query, files) =>
        this.interactions.callback(id, token, body as Callback, query, files),
    ],
    [
      'PATCH',
      /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(@original|\d+)$/,
      ([app, token, id], body, _, files) =>
        this.interactions.edit(app, token, id, body as MessageRequest, files),
    ],
    [
      'POST',
      /^\/webhooks\/(\d+)\/([^/]+)$/,
      ([app, token], body, query, files) =>
        this.interactions.followUp(app, token, body as MessageRequest, query, files),
    ],
    [
      'PUT',
      /^\/applications\/(\d+)\/(?:guilds\/(\d+)\/)?commands$/,
      ([app, guildId], body) => this.registerCommands(app, guildId, body),
    ],
  ];

  private postMessage(channelId: string, write: Write): Reply {
    const refusal =
      this.state.access.refusal(channelId, 'post', this.state.recipientOf(channelId)) ??
      (this.state.knowsChannel(channelId) ? undefined : UNKNOWN_CHANNEL);
    if (refusal) return refusal;
    const { nonce, enforce_nonce: enforce } = write.body as MessageRequest & {
      enforce_nonce?: boolean;
    };
    const author = this.state.botUser.id;
    const checked = enforce === true && nonce !== undefined && nonce !== null ? nonce : undefined;
    const earlier =
      checked === undefined ? undefined : this.nonces.earlier(author, checked, this.state.messages);
    if (earlier) return json(200, earlier); // the same message again, nothing new created
    const created = this.posts.create(channelId, write);
    if (checked !== undefined && created.status === 200) {
      this.nonces.created(author, checked, (created.body as { id: string }).id);
    }
    return created;
  }

  private editMessage(channelId: string, messageId: string, write: Write): Reply {
    const refusal =
      this.state.access.refusal(channelId, 'edit') ??
      (this.state.knowsChannel(channelId) ? undefined : UNKNOWN_CHANNEL);
    if (refusal) return refusal;
    if (this.state.messages.get(messageId)?.channel_id !== channelId) {
      return unknown(10008, 'Message');
    }
    return this.posts.edit(messageId, write);
  }

  /**
   * Delete Message: the bot's own message needs only access to the channel (a channel it may no
   * longer post in still lets it delete its messages); another's needs Manage Messages, which
   * the fake's bot never has. 204, then the message is gone (a second delete is 10008).
   */
  private deleteMessage(channelId: string, messageId: string): Reply {
    const refusal =
      this.state.access.refusal(channelId, 'read') ??
      (this.state.knowsChannel(channelId) ? undefined : UNKNOWN_CHANNEL);
    if (refusal) return refusal;
    const message = this.state.messages.get(messageId);
    if (message?.channel_id !== channelId) return unknown(10008, 'Message');
    if (message.author.id !== this.state.botUser.id) {
      return json(403, { code: 50013, message: 'Missing Permissions' });
    }
    this.state.messages.delete(messageId);
    return { status: 204 };
  }

  /** Bulk overwrite (PUT), global or per guild: the registered set is replaced, as Discord does. */
  private registerCommands(app: string, guildId: string | undefined, body: unknown): Reply {
    if (app !== this.state.applicationId) return unknown(10002, 'Application');
    const list = body as RESTPutAPIApplicationCommandsJSONBody;
    if (!Array.isArray(list)) return json(400, { code: 50035, message: 'Invalid Form Body' });
    this.state.commands.set(guildId ?? 'global', list as Registered[]);
    return json(
      200,
      list.map((command) => registeredCommand(command, app, guildId)),
    );
  }
}
