import type { Context } from './context';

/**
 * A chat member's entries take the name they go by now (issue 5.5), on every board of the
 * workspace; how many entries were renamed.
 */
export const renamePlayer = (
  ctx: Context,
  ownerId: string,
  playerId: string,
  name: string,
): Promise<number> => ctx.repos.entries.renamePlayer(ownerId, playerId, name);
