import type { APIInteraction } from 'discord-api-types/v10';
import type { SentFile } from './multipart';

/**
 * The vocabulary the fake's parts share: how a test describes Discord's people and places (and who
 * acts in them), and what the wire records and answers. index.ts re-exports the public ones.
 */

export interface FakeMember {
  id: string;
  username: string;
  globalName?: string | null;
  nick?: string | null;
  roles?: string[];
  /** Another bot (a member like any other, whose user says `bot: true`). */
  bot?: boolean;
  /** The user's avatar hash (none: Discord's default picture). */
  avatar?: string | null;
  /** The avatar they set for the server (a member's `avatar`). */
  serverAvatar?: string | null;
}

/**
 * A role of a server. Undeclared fields are Discord's for a plain role: position 1, no
 * permissions, not managed. A role whose id is the server's own is its @everyone (position 0).
 */
export interface FakeRole {
  id: string;
  name: string;
  /** Its place in the server's hierarchy: higher is more powerful; @everyone is 0. */
  position?: number;
  /** Permission bit set as Discord sends it (Manage Roles is 1 << 28, `'268435456'`). */
  permissions?: string;
  /** A bot's or an integration's own role: no one can give it or take it away. */
  managed?: boolean;
}

export interface FakeGuild {
  id: string;
  name: string;
  channels: { id: string; name: string }[];
  roles: FakeRole[];
  members: FakeMember[];
  /** Who owns the server (GUILD_CREATE `owner_id`); the bot's application id if not said. */
  ownerId?: string;
  /** The server's icon hash (none: Discord draws its initials). */
  icon?: string | null;
  /**
   * The server's language as its admins set it on Discord (`preferred_locale`, in GUILD_CREATE,
   * GUILD_UPDATE and every interaction's `guild_locale`); en-US if not said.
   */
  preferredLocale?: string;
}

export interface Presser {
  user: FakeMember;
  /** Permission bit set as Discord sends it (Manage Server is 0x20). */
  permissions?: string;
  roles?: string[];
  /** The member's Discord language, sent with every interaction (default en-US). */
  locale?: string;
}

/** An option value as a member types or picks it; its wire type comes from the registered command. */
export type OptionValue =
  | string
  | number
  | boolean
  | FakeMember
  | { channelId: string }
  | { roleId: string }
  | { upload: FakeUpload };

/** A file a member attaches to an attachment option: its name, bytes and, if said, type. */
export interface FakeUpload {
  filename: string;
  data: Buffer;
  contentType?: string;
}

/**
 * A forged client: Discord builds the interaction (who, where, which option values); `forge`
 * replaces it with anything at all before it reaches the bot — a guild interaction without its
 * member, a custom id no message carries, another guild's channel as an option.
 */
export interface Forging {
  forge?: (interaction: APIInteraction) => unknown;
}

export interface CommandInput extends Presser, Forging {
  /** A guild channel, or omitted for the presser's DM with the bot (a personal workspace). */
  channelId?: string;
  /** `/api key create` is `['api', 'key', 'create']`. */
  command: string[];
  options?: Record<string, OptionValue>;
}

export interface RecordedRequest {
  method: string;
  /** Without the `/api/v10` prefix, e.g. `/channels/1/messages`. */
  path: string;
  query: URLSearchParams;
  /** The JSON body; of a multipart body, its `payload_json` (or its text fields without one). */
  body: unknown;
  /** The file parts of a multipart/form-data body, in order (undefined for any other body). */
  files?: SentFile[];
  status: number;
}

/** A REST answer: its status, its JSON body (none for a 204) and any extra headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Picks the requests a fault injected with `failNext` applies to. */
export type RequestMatch = (req: { method: string; path: string }) => boolean;
