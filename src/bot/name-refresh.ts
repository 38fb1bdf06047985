import { GuildMember, type Interaction } from 'discord.js';
import { chatOwnerId, chatPlayerId } from '../domain/ids';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { renamePlayer } from '../pipeline/players';

/** Remembered names, per workspace and user; cleared wholesale past this size. */
const REMEMBER_AT_MOST = 10_000;

/**
 * Issue 5.5: display names follow the platform. Every interaction carries its author's current
 * name (nickname, then global name, then username), so a member's entries are renamed the next
 * time they use Tally, without the privileged GuildMembers intent. Submissions refresh names too
 * (the worker resolves them over REST). A name already seen is not written again.
 */
export class NameRefresher {
  private readonly seen = new Map<string, string>();

  constructor(private readonly ctx: Context) {}

  /** Fire and forget: never delays the interaction, never fails it. */
  refresh(interaction: Interaction): void {
    const ownerId = chatOwnerId(interaction.guildId, interaction.user.id);
    const name = displayName(interaction);
    const key = `${ownerId}|${interaction.user.id}`;
    if (this.seen.get(key) === name) return;
    if (this.seen.size >= REMEMBER_AT_MOST) this.seen.clear();
    this.seen.set(key, name);
    renamePlayer(this.ctx, ownerId, chatPlayerId(interaction.user.id), name).then(
      (renamed) => {
        if (renamed > 0)
          log.info('player renamed', { ownerId, user: interaction.user.id, renamed });
      },
      (err: unknown) => {
        this.seen.delete(key); // try again at the next interaction
        log.warn('player rename failed', { ownerId, err });
      },
    );
  }
}

function displayName(interaction: Interaction): string {
  const member = interaction.member;
  const user = interaction.user;
  const nick =
    member instanceof GuildMember ? member.nickname : member ? (member.nick ?? null) : null;
  return nick ?? user.globalName ?? user.username;
}
