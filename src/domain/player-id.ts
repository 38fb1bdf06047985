import { badRequest } from './errors';

/**
 * A player id on a read path or query (spec 2.1, 4.1): a namespaced id, or a bare chat-platform
 * snowflake that means `chat:<snowflake>`. Anything else is a 400; a well-formed id that has no
 * row is the caller's 404 to give.
 */
const NAMESPACED = /^(?:chat:\d{17,20}|role:\d{1,20}|team:\d{1,15}|custom:.+)$/su;
const SNOWFLAKE = /^\d{17,20}$/;

export function parsePlayerId(raw: string, name: string): string {
  const length = [...raw].length;
  if (length >= 1 && length <= 160) {
    if (SNOWFLAKE.test(raw)) return `chat:${raw}`;
    if (NAMESPACED.test(raw) && (!raw.startsWith('custom:') || [...raw].length <= 107)) return raw;
  }
  throw badRequest(
    `${name} must be a namespaced player id (chat:<snowflake>, custom:<name>, role:<id>, team:<id>) or a bare snowflake`,
  );
}
