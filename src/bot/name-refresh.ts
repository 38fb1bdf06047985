import { GuildMember, type Interaction } from 'discord.js';
import { chatOwnerId, chatPlayerId } from '../domain/ids';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { recordAvatars, recordServerIcon } from '../pipeline/avatars';
import { renamePlayer } from '../pipeline/players';
import { recordDiscordLocale } from '../pipeline/server-language';

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
  /** Avatar hashes and servers' icons already written, the same way. */
  private readonly pictures = new Map<string, string>();

  constructor(private readonly ctx: Context) {}

  /** Fire and forget: never delays the interaction, never fails it. */
  refresh(interaction: Interaction): void {
    this.refreshPictures(interaction);
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

  /**
   * Issue 29 item 2: the member's avatar (their own, and the one they set for the server) and
   * the server's icon, as the interaction carries them; no privileged intent.
   */
  private refreshPictures(interaction: Interaction): void {
    const user = interaction.user;
    const ownerId = chatOwnerId(interaction.guildId, user.id);
    const member = interaction.member;
    const guildAvatar = member instanceof GuildMember ? member.avatar : (member?.avatar ?? null);
    const seen = { userId: user.id, avatar: user.avatar, guildAvatar: guildAvatar ?? null };
    this.once(`${ownerId}|${user.id}`, `${seen.avatar}|${seen.guildAvatar}`, () =>
      recordAvatars(this.ctx, ownerId, [seen]),
    );
    const guild = interaction.guild;
    if (guild) {
      this.once(`icon|${guild.id}`, String(guild.icon), () =>
        recordServerIcon(this.ctx, guild.id, guild.icon),
      );
    }
    // Issue 32: the server's language on Discord, as every server interaction carries it.
    const { guildId, guildLocale } = interaction;
    if (guildId !== null && guildLocale !== null) {
      this.once(`locale|${guildId}`, guildLocale, () =>
        recordDiscordLocale(this.ctx, guildId, guildLocale),
      );
    }
  }

  /** Writes unless `value` was written under `key` already; a failed write is tried next time. */
  private once(key: string, value: string, write: () => Promise<unknown>): void {
    if (this.pictures.get(key) === value) return;
    if (this.pictures.size >= REMEMBER_AT_MOST) this.pictures.clear();
    this.pictures.set(key, value);
    write().then(
      (kept) => {
        if (kept === false) this.pictures.delete(key); // no owner row yet: its first command
      },
      (err: unknown) => {
        this.pictures.delete(key);
        log.warn('avatar record failed', { key, err });
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
