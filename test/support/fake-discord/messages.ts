import {
  MessageFlags,
  MessageType,
  type APIEmbed,
  type APIMessage,
  type APIUser,
} from 'discord-api-types/v10';
import { NO_FLAGS, snowflake } from './payloads';

/**
 * Messages as Discord stores and returns them, from the bodies the bot sends: a request body
 * says what to show; Discord answers with a whole message object (every field its schema
 * requires: `flags`, embed `type`, field `inline`, a numeric `id` on every component), never an
 * echo of the request's own fields (`allowed_mentions`, `enforce_nonce`). Its files, and the
 * embeds that show them, are attachments.ts's (posts.ts puts the two together).
 */

type Json = Record<string, unknown>;
/** The shown fields of a create or edit body (the rest only steer how it is sent). */
export interface MessageRequest {
  content?: string | null;
  embeds?: Json[] | null;
  components?: Json[] | null;
  flags?: number | null;
  nonce?: string | number | null;
  tts?: boolean | null;
  /** Which files the message keeps and gets, and their metadata (attachments.ts). */
  attachments?: unknown[] | null;
}

/** A new message by `author` in the channel, as Discord returns it. */
export function newMessage(
  channelId: string,
  body: MessageRequest,
  author: APIUser,
  extraFlags = 0,
): APIMessage {
  return {
    id: snowflake(),
    type: MessageType.Default,
    channel_id: channelId,
    author,
    content: body.content ?? '',
    embeds: (body.embeds ?? []).map(embed),
    components: numbered(body.components ?? []),
    attachments: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: body.tts ?? false,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    flags: (body.flags ?? NO_FLAGS) | extraFlags,
    ...(body.nonce === undefined || body.nonce === null ? {} : { nonce: body.nonce }),
  } as APIMessage;
}

/**
 * The message after an edit: the fields the body names replace the old ones, a deferred reply
 * stops loading, and of the flags only Suppress Embeds can change (Discord ignores the others).
 */
export function editedMessage(current: APIMessage, body: MessageRequest): APIMessage {
  const kept = (current.flags ?? NO_FLAGS) & ~MessageFlags.Loading & ~MessageFlags.SuppressEmbeds;
  const suppress = (body.flags ?? current.flags ?? NO_FLAGS) & MessageFlags.SuppressEmbeds;
  return {
    ...current,
    ...(body.content === undefined ? {} : { content: body.content ?? '' }),
    ...(body.embeds === undefined ? {} : { embeds: (body.embeds ?? []).map(embed) }),
    ...(body.components === undefined ? {} : { components: numbered(body.components ?? []) }),
    flags: kept | suppress,
    edited_timestamp: new Date().toISOString(),
  } as APIMessage;
}

/** An embed as Discord returns it: a `rich` type, no nulls, every field with its `inline`. */
function embed(sent: Json): APIEmbed {
  const out = withoutNulls(sent) as Json;
  const fields = (out.fields as Json[] | undefined)?.map((f) => ({ inline: false, ...f }));
  return { type: 'rich', ...out, ...(fields ? { fields } : {}) } as APIEmbed;
}

/** String, user, role, mentionable and channel select menus (component types 3, 5–8). */
const SELECT_MENUS = new Set([3, 5, 6, 7, 8]);

/** Components with Discord's numeric ids: those the bot gave kept, the rest counted in order,
 * select menus with their defaults. */
function numbered(components: Json[]): APIMessage['components'] {
  let next = 1;
  const taken = new Set<number>();
  const walk = (list: Json[]) =>
    list.forEach((c) => {
      if (typeof c.id === 'number') taken.add(c.id);
      walk((c.components as Json[] | undefined) ?? []);
    });
  walk(components);
  const assign = (list: Json[]): Json[] =>
    list.map((sent) => {
      const c = withoutNulls(sent) as Json;
      if (typeof c.id !== 'number') {
        while (taken.has(next)) next++;
        c.id = next++;
      }
      if (Array.isArray(c.components)) c.components = assign(c.components as Json[]);
      // A select menu as Discord returns it: one value to pick unless the bot said otherwise.
      if (SELECT_MENUS.has(c.type as number)) return { min_values: 1, max_values: 1, ...c };
      return c;
    });
  return assign(components) as unknown as APIMessage['components'];
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}
