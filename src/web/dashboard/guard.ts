import type { Request, Response } from 'express';
import type { Board } from '../../../entities/board';
import { moderates } from '../../domain/access';
import { TallyError } from '../../domain/errors';
import type { WebSession } from '../../pipeline/web-sessions';
import type { MemberAccessReader, ServerAccess } from './member-access';
import { sessionIn } from './session';

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
  const guildId = String(req.params.guildId);
  if (!SNOWFLAKE.test(guildId))
    throw new TallyError('not_found', 'There is no server at this address');
  // A server missing from the cached list is read again: they may have joined a moment ago.
  const server =
    (await access.inServer(session, guildId)) ?? (await access.inServer(session, guildId, true));
  if (!server) {
    throw new TallyError(
      'permission_denied',
      'You are not a member of this server, so its dashboard is not yours to see. Sign in with the Discord account that is.',
    );
  }
  return { session, server, ownerId: `guild:${guildId}` };
}

/** Manage Server, re-read once from Discord before refusing. */
export async function needManage(
  member: InServer,
  access: MemberAccessReader,
  what: string,
): Promise<void> {
  if (member.server.manageServer) return;
  const fresh = await access.inServer(member.session, member.server.guildId, true);
  if (fresh?.manageServer) {
    member.server = fresh;
    return;
  }
  throw new TallyError(
    'permission_denied',
    `${what} needs the Manage Server permission in ${member.server.guildName}, which your Discord account does not have there. Ask a server admin.`,
  );
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
  throw new TallyError(
    'permission_denied',
    `Reviewing ${board.displayName || board.id} needs ${board.moderatorRoleId ? "the board's moderator role or " : ''}the Manage Server permission, which your Discord account does not have in ${member.server.guildName}.`,
  );
}
