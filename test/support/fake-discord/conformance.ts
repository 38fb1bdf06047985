import { GatewayDispatchEvents } from 'discord-api-types/v10';
import { commandProblems } from './command-rules';
import { describeField, fieldProblem, invalidFormBody } from './form-errors';
import { EMPTY_MESSAGE, isEmptyMessage, limitProblems, type MessageBody } from './limits';
import type { ReadBody } from './multipart';
import { describe, requestsDescription, responsesDescription, type Operation } from './openapi';
import { requestProblems, responseProblems } from './operation-checks';
import type { Reply } from './types';
import { CALLBACK, fileFault, formFault, type UploadFault } from './upload-rules';

/**
 * The fake's conscience: every request the bot sends is held against Discord's API description
 * and limits, every answer the fake gives against the description, and every gateway object the
 * fake sends against the schema of its kind. What Discord would refuse is refused as Discord
 * refuses it (400 Invalid Form Body, 400 Cannot send an empty message); everything wrong is
 * recorded as a violation, which fails the test when the fake is closed. A wrong answer or
 * payload from the fake is a fake defect, and says so.
 */
export class Conformance {
  readonly violations: string[] = [];
  /** How many requests, responses and gateway payloads were held against the description. */
  readonly checked = { requests: 0, responses: 0, dispatches: 0 };

  /**
   * Checks a request (its body as read, `size` its length in bytes); Discord's refusal of it, if
   * any, with the operation it names. A multipart body's payload is checked as a JSON body would
   * be, and its files by upload-rules.ts.
   */
  request(
    method: string,
    path: string,
    query: URLSearchParams,
    read: ReadBody,
    size = 0,
  ): { op?: Operation; refusal?: Reply } {
    const op = requestsDescription().operation(method, path);
    if (!op) {
      this.violations.push(`${method} ${path}: no such operation in Discord's API description`);
      return {};
    }
    this.checked.requests++;
    const early = read.files ? formFault(op, read, size) : undefined;
    if (early) return this.fault(op, early);
    const body = read.body;
    const shown = messageOf(op.label, body);
    const limits = [
      ...(shown ? limitProblems(shown.message, shown.at) : []),
      ...(COMMAND_OVERWRITES.has(op.label) ? commandProblems(body) : []),
    ];
    // Where a limit and the schema both speak of one field, the limit (Discord's own words) does.
    const limited = new Set(limits.map((p) => p.at.join('/')));
    const schema = requestProblems(op, query, body).filter(
      (p) => !(limited.has(p.at.join('/')) && /^max(Length|Items)$/.test(p.keyword)),
    );
    const lines = [...schema.map(describe), ...limits.map(describeField)];
    this.violations.push(...lines.map((line) => `${op.label} request: ${line}`));
    if (lines.length > 0) {
      return { op, refusal: invalidFormBody([...limits, ...schema.map(fieldProblem)]) };
    }
    const late = read.files ? fileFault(op.label, body, read) : undefined;
    if (late) return this.fault(op, late);
    // A file is something to show, as content is (docs: Create Message, "files[n]").
    if (shown?.creates && isEmptyMessage(shown.message) && !read.files?.length) {
      this.violations.push(`${op.label} request: Cannot send an empty message`);
      return { op, refusal: EMPTY_MESSAGE };
    }
    return { op };
  }

  private fault(op: Operation, fault: UploadFault): { op: Operation; refusal?: Reply } {
    this.violations.push(`${op.label} request: ${fault.line}`);
    return fault.refusal ? { op, refusal: fault.refusal } : { op };
  }

  /**
   * Checks the fake's own answer to a request: one that tells the bot it broke an interaction
   * rule (or sent an empty edit) is recorded as the bot's fault, and the answer itself must be
   * what Discord's description says this operation answers.
   */
  answer(
    op: Operation | undefined,
    method: string,
    path: string,
    reply: Reply,
    alreadyRecorded: boolean,
  ): void {
    if (!op) return;
    const { code, message } = (reply.body ?? {}) as { code?: number; message?: string };
    if (!alreadyRecorded && code !== undefined && BOT_FAULTS.has(code)) {
      this.violations.push(`${op.label}: ${reply.status} ${code} ${message ?? ''}`);
    }
    if (code === 0 && reply.status === 404 && message?.startsWith('404: Not Found')) {
      this.violations.push(`fake defect: ${op.label} is in Discord's API but not in the fake`);
    }
    this.checked.responses++;
    for (const p of responseProblems(method, path, reply.status, reply.body, reply.headers)) {
      this.violations.push(`fake defect: ${op.label} ${reply.status} response: ${describe(p)}`);
    }
  }

  /** Checks the Discord objects inside a gateway dispatch the fake sends. */
  dispatch(event: GatewayDispatchEvents, data: unknown): void {
    this.checked.dispatches++;
    const api = responsesDescription();
    for (const [where, schemaName, value] of objectsIn(event, data)) {
      for (const p of api.problems(api.component(schemaName), value, where)) {
        this.violations.push(`fake defect: ${event} ${describe(p)} (${schemaName})`);
      }
    }
  }
}

/**
 * Codes with which Discord tells a bot it broke an interaction rule: a second acknowledgement, an
 * acknowledgement too late, the webhook before the acknowledgement or after its token expired, an
 * edit that leaves a message empty. (A denied, deleted or closed channel is not the bot's fault.)
 */
const BOT_FAULTS = new Set([50035, 50006, 40060, 10062, 10015, 50027]);

/** The bulk overwrites of a set of commands, whose names and localizations command-rules.ts checks. */
const COMMAND_OVERWRITES = new Set([
  'PUT /applications/{application_id}/commands',
  'PUT /applications/{application_id}/guilds/{guild_id}/commands',
]);

const MESSAGE_BODIES: Record<string, 'create' | 'edit'> = {
  'POST /channels/{channel_id}/messages': 'create',
  'PATCH /channels/{channel_id}/messages/{message_id}': 'edit',
  'POST /webhooks/{webhook_id}/{webhook_token}': 'create',
  'PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original': 'edit',
  'PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}': 'edit',
};

/** The message a request shows (a create or edit body, a reply's or update's `data`), if any. */
function messageOf(
  label: string,
  body: unknown,
): { message: MessageBody; at: string[]; creates: boolean } | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  if (label === CALLBACK) {
    const { type, data } = body as { type?: number; data?: MessageBody | null };
    // 4: a reply (a new message); 7: an update of the message the component is on.
    if (type !== 4 && type !== 7) return undefined;
    return { message: data ?? {}, at: ['data'], creates: type === 4 };
  }
  const kind = MESSAGE_BODIES[label];
  return kind && { message: body as MessageBody, at: [], creates: kind === 'create' };
}

type Found = [string[], string, unknown];

/**
 * The objects in a dispatch that Discord's REST schemas describe (users, members, roles,
 * channels, messages): the description has no schemas for gateway events themselves. A member
 * update is a member with its `guild_id`, which the member schema leaves open.
 */
function objectsIn(event: GatewayDispatchEvents, data: unknown): Found[] {
  const d = (data ?? {}) as Record<string, unknown>;
  const found: Found[] = [];
  const add = (where: string[], schema: string, value: unknown) => {
    if (value !== undefined) found.push([where, schema, value]);
  };
  if (event === GatewayDispatchEvents.Ready) add(['user'], 'UserResponse', d.user);
  if (event === GatewayDispatchEvents.GuildCreate) {
    ((d.roles as unknown[]) ?? []).forEach((r, i) =>
      add(['roles', `${i}`], 'GuildRoleResponse', r),
    );
    ((d.members as unknown[]) ?? []).forEach((m, i) =>
      add(['members', `${i}`], 'GuildMemberResponse', m),
    );
    ((d.channels as unknown[]) ?? []).forEach((c, i) =>
      add(['channels', `${i}`], 'GuildChannelResponse', c),
    );
  }
  if (event === GatewayDispatchEvents.GuildMemberUpdate) add([], 'GuildMemberResponse', d);
  if (event === GatewayDispatchEvents.GuildMemberRemove) add(['user'], 'UserResponse', d.user);
  if (event === GatewayDispatchEvents.GuildRoleCreate) add(['role'], 'GuildRoleResponse', d.role);
  if (event === GatewayDispatchEvents.InteractionCreate) {
    add(['user'], 'UserResponse', d.user);
    add(['member'], 'GuildMemberResponse', d.member);
    add(['message'], 'MessageResponse', d.message);
    const resolved = ((d.data as Record<string, unknown> | undefined)?.resolved ?? {}) as Record<
      string,
      Record<string, unknown> | undefined
    >;
    for (const [id, u] of Object.entries(resolved.users ?? {}))
      add(['data', 'resolved', 'users', id], 'UserResponse', u);
    for (const [id, r] of Object.entries(resolved.roles ?? {}))
      add(['data', 'resolved', 'roles', id], 'GuildRoleResponse', r);
    for (const [id, a] of Object.entries(resolved.attachments ?? {}))
      add(['data', 'resolved', 'attachments', id], 'AttachmentResponse', a);
  }
  return found;
}
