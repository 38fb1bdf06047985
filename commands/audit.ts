import { ChannelType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { chatPlayerId } from '../src/domain/ids';
import { auditChannelOf, setAuditChannel } from '../src/pipeline/audit';
import { actorOf } from '../src/pipeline/audit-lines';
import type { Command } from '../src/bot/command';
import { everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { reply } from '../src/bot/replies';
import { invalidSaid } from '../src/domain/errors';
import { t } from '../src/domain/i18n';
import { ownerOf, requireManageServer, serverChannel } from '../src/bot/workspace';

/**
 * /audit channel|off|show (Manage Server): where the server's audit lines go (src/pipeline/audit.ts),
 * one line per moderator or manager action. A server's setting: there is none in DMs.
 */
export const audit = {
  // Registered like every command (issue 5.4); in DMs it answers that it is a server's setting.
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('audit')
        // Hidden from members without Manage Server by default; execute checks it regardless.
        .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
        .addSubcommand((sub) =>
          sub
            .setName('channel')
            .addChannelOption((o) =>
              o
                .setName('channel')
                .setRequired(true)
                .addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
            ),
        )
        .addSubcommand((sub) => sub.setName('off'))
        .addSubcommand((sub) => sub.setName('show')),
    ),
  ),

  writes: (interaction) => interaction.options.getSubcommand(true) !== 'show',

  async execute(interaction, ctx) {
    const locale = interaction.locale;
    if (interaction.guildId === null) {
      throw invalidSaid('admin.audit.reply.notInDm');
    }
    const sub = interaction.options.getSubcommand(true);
    requireManageServer(interaction, `/audit ${sub}`);
    const ownerId = ownerOf(interaction);
    const by = chatPlayerId(interaction.user.id);
    const what = t(locale, 'admin.audit.reply.whatGoes');
    let content: string;
    if (sub === 'channel') {
      const picked = interaction.options.getChannel('channel', true);
      const channelId = await serverChannel(interaction, picked.id);
      const { previous } = await setAuditChannel(ctx, ownerId, channelId, by);
      const channel = `<#${channelId}>`;
      content =
        previous === channelId
          ? t(locale, 'admin.audit.reply.already', { channel })
          : t(locale, 'admin.audit.reply.now', { channel, what });
    } else if (sub === 'off') {
      const { previous } = await setAuditChannel(ctx, ownerId, null, by);
      content = previous
        ? t(locale, 'admin.audit.reply.off', { channel: `<#${previous}>` })
        : t(locale, 'admin.audit.reply.offAlready');
    } else {
      const channel = await auditChannelOf(ctx, ownerId);
      content = channel
        ? t(locale, 'admin.audit.reply.shows', {
            channel: `<#${channel.channelId}>`,
            actor: actorOf(channel.setBy, locale),
            what,
          })
        : t(locale, 'admin.audit.reply.none');
    }
    await reply(interaction, { content }, true);
  },
} satisfies Command;
