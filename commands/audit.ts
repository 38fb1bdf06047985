import { ChannelType, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { chatPlayerId } from '../src/domain/ids';
import { auditChannelOf, setAuditChannel } from '../src/pipeline/audit';
import { actorOf } from '../src/pipeline/audit-lines';
import type { Command } from '../src/bot/command';
import { everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { invalid, reply } from '../src/bot/replies';
import { ownerOf, requireManageServer, serverChannel } from '../src/bot/workspace';

const WHAT_GOES =
  'approvals, declines, adjustments, expiries, corrections, season starts and ends, and API key mints and revokes';

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
    if (interaction.guildId === null) {
      throw invalid('the audit channel is a server’s setting: use /audit in your server');
    }
    const sub = interaction.options.getSubcommand(true);
    requireManageServer(interaction, `/audit ${sub}`);
    const ownerId = ownerOf(interaction);
    const by = chatPlayerId(interaction.user.id);
    let content: string;
    if (sub === 'channel') {
      const picked = interaction.options.getChannel('channel', true);
      const channelId = await serverChannel(interaction, picked.id);
      const { previous } = await setAuditChannel(ctx, ownerId, channelId, by);
      content =
        previous === channelId
          ? `Audit lines already go to <#${channelId}>.`
          : `Audit lines now go to <#${channelId}>: ${WHAT_GOES}, one line each. Tally needs View Channel and Send Messages there; a line it may not post is skipped.`;
    } else if (sub === 'off') {
      const { previous } = await setAuditChannel(ctx, ownerId, null, by);
      content = previous
        ? `Audit lines are no longer posted (they went to <#${previous}>). Turn them on again with \`/audit channel\`.`
        : 'There was no audit channel; nothing changed. Set one with `/audit channel`.';
    } else {
      const channel = await auditChannelOf(ctx, ownerId);
      content = channel
        ? `Audit lines go to <#${channel.channelId}> (set by ${actorOf(channel.setBy)}): ${WHAT_GOES}.`
        : 'No audit channel: actions are recorded but not posted. Set one with `/audit channel`.';
    }
    await reply(interaction, { content }, true);
  },
} satisfies Command;
