import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { moderates } from '../../domain/access';
import type { WebSession } from '../../pipeline/web-sessions';
import { ensureOwner, findOwner } from '../../pipeline/owners';
import type { DashboardDeps } from './deps';
import type { MemberAccessReader, ServerAccess } from './member-access';
import { sessionIn } from './session';
import { refusal, wordsOf, type DashboardKey, type Words } from './words';

/**
 * Every dashboard action asks Discord (through the member's cached reads) who the member is in
 * the server named by the URL, then the same question chat asks (domain/access.ts). Nothing is
 * allowed here that the same member could not do in Discord.
 */
export class SignInNeeded extends Error {}

export interface InServer {
  session: WebSession;
  server: ServerAccess;
  ownerId: string;
  /** The page's words: the member's refusals and pages speak its language. */
  w: Words;
}

export function signedIn(res: Response): WebSession {
  const session = sessionIn(res);
  if (!session) throw new SignInNeeded();
  return session;
}

const SNOWFLAKE = /^\d{17,20}$/;

/** The member's standing in the URL's server; a stranger to it is refused with why. */
export async function inServer(
  req: Request,
  res: Response,
  access: MemberAccessReader,
): Promise<InServer> {
  const session = signedIn(res);
  const w = wordsOf(req);
  const guildId = String(req.params.guildId);
  if (!SNOWFLAKE.test(guildId)) throw refusal(w, 'not_found', 'guard.noServer');
  // A change is decided on a fresh read (a permission taken away a moment ago no longer counts);
  // a page from the cache, and a server missing from it is read again (just joined).
  const changes = req.method !== 'GET' && req.method !== 'HEAD';
  const server =
    (await access.inServer(session, guildId, changes ? 'now' : 'cached')) ??
    (changes ? null : await access.inServer(session, guildId, 'recheck'));
  if (!server) throw refusal(w, 'permission_denied', 'guard.notMember');
  return { session, server, ownerId: `guild:${guildId}`, w };
}

/** Manage Server, re-read once from Discord before refusing. */
export async function needManage(
  member: InServer,
  access: MemberAccessReader,
  what: DashboardKey,
): Promise<void> {
  if (member.server.manageServer) return;
  const fresh = await access.inServer(member.session, member.server.guildId, true);
  if (fresh?.manageServer) {
    member.server = fresh;
    return;
  }
  throw refusal(member.w, 'permission_denied', 'guard.needManage', (w) => ({
    what: w.t(what),
    server: member.server.guildName,
  }));
}

/** Manage Server or the board's moderator role, re-read once from Discord before refusing. */
export async function needModerate(
  member: InServer,
  access: MemberAccessReader,
  board: Pick<Board, 'moderatorRoleId' | 'displayName' | 'id'>,
): Promise<void> {
  if (moderates(member.server, board)) return;
  const fresh = await access.inServer(member.session, member.server.guildId, true);
  if (fresh && moderates(fresh, board)) {
    member.server = fresh;
    return;
  }
  const key = board.moderatorRoleId ? 'guard.needModerateRole' : 'guard.needModerate';
  throw refusal(member.w, 'permission_denied', key, () => ({
    board: board.displayName || board.id,
    server: member.server.guildName,
  }));
}

/** A pick the dashboard cannot check without the bot's view of the server. */
export const needsBot = (w: Words) => refusal(w, 'invalid_request', 'guard.needsBot');

/**
 * The server's workspace for a change that may be its first (a board, a key, the audit
 * channel): one Tally already knows, or one whose server the bot is in. A server Tally was never
 * invited to gets nothing made for it, so nobody can put boards under a server of their own
 * making on this deployment's pages.
 */
export async function serverOwner(deps: DashboardDeps, member: InServer): Promise<string> {
  if (await findOwner(deps.ctx, member.ownerId)) return member.ownerId;
  const present =
    deps.directory !== null &&
    (await deps.directory.channels(member.server.guildId).then(
      () => true,
      () => false,
    ));
  if (!present) {
    throw refusal(member.w, 'permission_denied', 'guard.notInvited', () => ({
      server: member.server.guildName,
    }));
  }
  return ensureOwner(deps.ctx, member.ownerId, member.server.guildName);
}
