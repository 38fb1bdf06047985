/* eslint-disable tally/user-text -- A participant Discord cannot name fails the submission with
   this reason, stored as its failure_reason text (English, like the worker's other reasons) and
   quoted inside the reader's own language; storing a reason code instead is left for later. */
import {
  DiscordAPIError,
  Routes,
  type APIGuildMember,
  type APIRole,
  type APIUser,
  type REST,
} from 'discord.js';
import type { ParticipantRef } from '../domain/participants';
import { ChatUnavailable, UnresolvableParticipant } from '../pipeline/chat-port';
import { guildOf } from '../domain/ids';
import type { AvatarHashes } from '../pipeline/avatars';

/**
 * Display names as Discord shows them (nickname, then global name, then username), fetched over
 * REST so any process can resolve them whatever guilds its gateway shard holds (DESIGN.md 2).
 * A 4xx answer is about the participant (not a member, the bot was removed): the submission
 * fails. Anything else is an outage and is retried (ChatUnavailable). Each member read carries
 * their avatars too, handed to `seen` (issue 29 item 2).
 */
export async function resolveDiscordNames(
  rest: REST,
  ownerId: string,
  refs: ParticipantRef[],
  known: Map<string, string>,
  seen: (member: AvatarHashes) => void = () => {},
): Promise<Map<string, string>> {
  const guildId = guildOf(ownerId);
  const names = new Map<string, string>();
  let roles: APIRole[] | null = null;
  for (const ref of refs) {
    if (ref.kind === 'custom') {
      names.set(ref.id, ref.name);
    } else if (ref.kind === 'team') {
      const stored = known.get(ref.id);
      if (stored === undefined)
        throw new UnresolvableParticipant(ref.id, `team_${ref.teamPk} no longer exists`);
      names.set(ref.id, stored);
    } else if (ref.kind === 'chat') {
      names.set(ref.id, await memberName(rest, guildId, ref.id, ref.snowflake, seen));
    } else {
      if (guildId === null)
        throw new UnresolvableParticipant(ref.id, 'roles exist on server boards only');
      if (ref.snowflake === guildId) {
        throw new UnresolvableParticipant(ref.id, '@everyone is not a player; name a team role');
      }
      roles ??= (await ask(ref.id, 'the server roles', () =>
        rest.get(Routes.guildRoles(guildId)),
      )) as APIRole[];
      const role = roles.find((r) => r.id === ref.snowflake);
      if (!role) throw new UnresolvableParticipant(ref.id, 'no such role on this server');
      names.set(ref.id, role.name);
    }
  }
  return names;
}

async function memberName(
  rest: REST,
  guildId: string | null,
  participantId: string,
  userId: string,
  seen: (member: AvatarHashes) => void,
): Promise<string> {
  if (guildId === null) {
    const user = (await ask(participantId, 'the user', () =>
      rest.get(Routes.user(userId)),
    )) as APIUser;
    refuseBot(participantId, user);
    seen({ userId: user.id, avatar: user.avatar, guildAvatar: null });
    return user.global_name ?? user.username;
  }
  const member = (await ask(participantId, 'the member', () =>
    rest.get(Routes.guildMember(guildId, userId)),
  )) as APIGuildMember;
  refuseBot(participantId, member.user);
  seen({ userId: member.user.id, avatar: member.user.avatar, guildAvatar: member.avatar ?? null });
  return member.nick ?? member.user.global_name ?? member.user.username;
}

/** Bots (Tally included) are not players, whichever front end named them. */
function refuseBot(participantId: string, user: APIUser): void {
  if (user.bot) throw new UnresolvableParticipant(participantId, 'a bot; bots cannot be players');
}

async function ask<T>(participantId: string, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (
      err instanceof DiscordAPIError &&
      err.status >= 400 &&
      err.status < 500 &&
      err.status !== 429
    ) {
      throw new UnresolvableParticipant(participantId, describe(err));
    }
    throw new ChatUnavailable(`Discord did not answer for ${what}`, { cause: err });
  }
}

/** Discord's JSON error codes for "this id is not there" (Unknown Member, User, Guild, Role). */
function describe(err: DiscordAPIError): string {
  switch (err.code) {
    case 10007:
      return 'not a member of this server';
    case 10013:
      return 'no such Discord user';
    case 10004:
    case 50001:
      return 'the bot is not on this server (or cannot see it)';
    default:
      return `Discord refused the lookup (${err.status} ${String(err.code)})`;
  }
}
