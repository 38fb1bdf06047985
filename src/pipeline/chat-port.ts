import type { ParticipantRef } from '../domain/participants';

/** Why a participant could not be resolved; the submission becomes `failed` with this reason. */
export class UnresolvableParticipant extends Error {
  constructor(
    readonly participantId: string,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The chat platform as the pipeline sees it (DESIGN.md 1): a Discord adapter in production, an
 * offline adapter without a bot token (below). The port lives with the pipeline that uses it;
 * src/bot implements it for Discord.
 */
export interface ChatPort {
  /** Display names for the participants, keyed by wire id; throws UnresolvableParticipant. */
  resolveNames(
    ownerId: string,
    refs: ParticipantRef[],
    known: Map<string, string>,
  ): Promise<Map<string, string>>;
}

/**
 * Without a bot: names come from what Tally already stores (entries, teams), custom players
 * name themselves, and unseen members and roles get a readable placeholder.
 */
export class OfflineChat implements ChatPort {
  async resolveNames(
    _ownerId: string,
    refs: ParticipantRef[],
    known: Map<string, string>,
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const ref of refs) {
      const stored = known.get(ref.id);
      if (ref.kind === 'custom') names.set(ref.id, ref.name);
      else if (stored !== undefined) names.set(ref.id, stored);
      else if (ref.kind === 'team')
        throw new UnresolvableParticipant(ref.id, `team_${ref.teamPk} no longer exists`);
      else
        names.set(
          ref.id,
          ref.kind === 'chat' ? `member ${ref.snowflake}` : `role ${ref.snowflake}`,
        );
    }
    return names;
  }
}
/**
 * The chat platform could not be asked right now (network, 5xx, rate limit, bot not logged in).
 * Unlike UnresolvableParticipant it says nothing about the submission: the worker leaves the row
 * queued and tries again after a poll, so an outage delays submissions but never fails them.
 */
export class ChatUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatUnavailable';
  }
}

/** A channel or role of a server, as a picker lists it. */
export interface ServerPlace {
  id: string;
  name: string;
}

/**
 * A server's channels and roles as Discord tells the bot (the dashboard's pickers). src/bot
 * implements it with the bot's token; without a bot there is none and pickers take an id.
 */
export interface ServerDirectory {
  /** Text and announcement channels, in the server's order. */
  channels(guildId: string): Promise<ServerPlace[]>;
  /** Roles a member can be given (not @everyone, not a bot's own), highest first. */
  roles(guildId: string): Promise<ServerPlace[]>;
  /** Members' names as the server shows them, by user id; one Tally cannot read is left out. */
  memberNames(guildId: string, userIds: readonly string[]): Promise<Map<string, string>>;
}
