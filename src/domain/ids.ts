/** DESIGN.md 3: owners are guild or user workspaces. */
export const OWNER_ID = /^(guild|user):\d{17,20}$/;
export type OwnerKind = 'guild' | 'user';

/**
 * The workspace a chat interaction acts on (DESIGN.md 3): the server it came from, or the
 * member's own personal workspace outside a server (a DM or a user install).
 */
export function chatOwnerId(guildId: string | null, userId: string): string {
  return guildId ? `guild:${guildId}` : `user:${userId}`;
}

/** A Discord member as a player (spec 2.1 player ids): `chat:<snowflake>`. */
export const chatPlayerId = (userId: string) => `chat:${userId}`;

export function ownerKind(ownerId: string): OwnerKind {
  return ownerId.startsWith('user:') ? 'user' : 'guild';
}

/** The Discord server of a server workspace (`guild:<id>`), or null for a personal one. */
export const guildOf = (ownerId: string): string | null =>
  ownerId.startsWith('guild:') ? ownerId.slice('guild:'.length) : null;

/** spec 2.1: board ids are 1–100 characters (counted as Unicode code points). */
export function isBoardId(value: string): boolean {
  // 1–100 UTF-16 units are 1–100 characters: only a longer string needs counting.
  if (value.length >= 1 && value.length <= 100) return true;
  const length = [...value].length;
  return length >= 1 && length <= 100;
}

/** spec 2.1: a handle is a string matching ^sub_\d+$; anything else is malformed (422). */
export const HANDLE_SYNTAX = /^sub_\d+$/;
export const formatHandle = (n: number) => `sub_${n}`;

/**
 * The submission a handle names: the id of `sub_<id>` exactly as formatHandle writes it. A
 * well-formed handle that no submission could have (sub_0, sub_007, past 2^53) names none: null,
 * the same as an unknown one, so it never aliases another submission.
 */
export function submissionIdOf(handle: string): number | null {
  if (!HANDLE_SYNTAX.test(handle)) return null;
  const id = Number(handle.slice('sub_'.length));
  return Number.isSafeInteger(id) && id > 0 && formatHandle(id) === handle ? id : null;
}
export const formatTeamId = (n: number) => `team_${n}`;
export const formatBoardId = (n: number) => `board_${n}`;

/** The subject of a per-board scheduled job (`board:12`, src/pipeline/scheduler.ts), and back. */
export const boardSubject = (boardPk: number) => `board:${boardPk}`;
export const boardOfSubject = (subject: string) => Number(subject.slice('board:'.length));
