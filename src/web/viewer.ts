import type { Response } from 'express';

/**
 * Who is reading a public page: a member signed in to the dashboard, whose session middleware
 * (in front of the pages) sets `res.locals.viewer`, or nobody. A signed-in member of a server
 * sees its private boards (src/pipeline/public-reads.ts mayView); everyone else is a visitor.
 */
export interface Viewer {
  /** Their Discord user id. */
  userId: string;
  /** The Discord servers they are a member of, as the session knows them. */
  guildIds: ReadonlySet<string>;
}

/** The signed-in viewer of this request, or null for a visitor (or anything malformed). */
export function viewerOf(res: Response): Viewer | null {
  const viewer: unknown = res.locals.viewer;
  if (typeof viewer !== 'object' || viewer === null) return null;
  const { userId, guildIds } = viewer as Partial<Viewer>;
  return typeof userId === 'string' && guildIds instanceof Set ? { userId, guildIds } : null;
}

/** The servers whose private boards this request may see (none for a visitor). */
export const viewerGuilds = (res: Response): ReadonlySet<string> | null =>
  viewerOf(res)?.guildIds ?? null;
