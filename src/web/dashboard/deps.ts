import type { Context } from '../../pipeline/context';
import type { ServerDirectory } from '../../pipeline/chat-port';
import type { Links } from '../links';
import type { DiscordAccount } from './discord-account';
import type { MemberAccessReader } from './member-access';
import type { CookieNames } from './session';

/** What every dashboard handler is given. */
export interface DashboardDeps {
  ctx: Context;
  discord: DiscordAccount;
  access: MemberAccessReader;
  cookies: CookieNames;
  links: Links;
  /** The server's channels and roles for pickers; null without a bot (pickers take ids). */
  directory: ServerDirectory | null;
}
