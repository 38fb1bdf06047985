import {
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { chatPlayerId } from '../src/domain/ids';
import type { KeyType } from '../src/domain/keys';
import type { AccessLevel } from '../src/domain/scopes';
import { mintKey, revokeKey, type KeySummary } from '../src/pipeline/keys';
import { findOwner, mayMintKeys, requireOwner, setOwnerAccess } from '../src/pipeline/owners';
import { keysAt } from '../src/bot/pages';
import type { Command } from '../src/bot/command';
import { t } from '../src/domain/i18n';
import { everywhere } from '../src/bot/command-options';
import { choices, commandJson } from '../src/bot/command-text';
import { reply } from '../src/bot/replies';
import { ensureOwner, ownerOf, requireManageServer } from '../src/bot/workspace';

const ACCESS_TEXT = {
  open: 'admin.api.access.open',
  none: 'admin.api.access.none',
  requested: 'admin.api.access.requested',
  withdrawn: 'admin.api.access.withdrawn',
} as const;

/**
 * /api key create|list|revoke and /api access request|check (spec 5.6–5.8), for the server's
 * owner (Manage Server) or, in DMs, the user's own workspace. Every reply is ephemeral; the
 * secret exists only in the reply to `create`.
 */
export const api = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('api')
        // Hidden from members without Manage Server by default; execute checks it regardless.
        .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
        .addSubcommandGroup((group) =>
          group
            .setName('key')
            .addSubcommand((sub) =>
              sub
                .setName('create')
                .addStringOption((o) =>
                  o
                    .setName('access')
                    .setRequired(true)
                    .addChoices(...choices('read', 'read-write')),
                )
                .addStringOption((o) => o.setName('type').addChoices(...choices('live', 'test')))
                .addStringOption((o) => o.setName('label').setMaxLength(100)),
            )
            .addSubcommand((sub) => sub.setName('list'))
            .addSubcommand((sub) =>
              sub.setName('revoke').addStringOption((o) => o.setName('key').setRequired(true)),
            ),
        )
        .addSubcommand((sub) =>
          sub
            .setName('access')
            .addStringOption((o) => o.setName('action').addChoices(...choices('check', 'request'))),
        ),
    ),
  ),

  writes: (interaction) =>
    interaction.options.getSubcommandGroup() === null
      ? interaction.options.getString('action') === 'request'
      : interaction.options.getSubcommand(true) !== 'list',

  async execute(interaction, ctx) {
    requireManageServer(interaction, { action: 'managingKeys' });
    const ownerId = ownerOf(interaction);
    const owner = await findOwner(ctx, ownerId);
    const sub = interaction.options.getSubcommand(true);
    if (interaction.options.getSubcommandGroup() === null) {
      const action = interaction.options.getString('action') ?? 'check';
      let access = owner ?? { apiAccess: ctx.config.apiAccess === 'open' ? 'open' : 'none' };
      if (action === 'request') {
        await setOwnerAccess(ctx, await ensureOwner(ctx, interaction), 'request');
        access = await requireOwner(ctx, ownerId);
      }
      const state = mayMintKeys(ctx, access) ? 'open' : access.apiAccess;
      await reply(interaction, { content: t(interaction.locale, ACCESS_TEXT[state]) }, true);
    } else if (sub === 'create') {
      // A refused mint leaves no owner row behind: only a mint the policy allows creates one.
      if (!owner && ctx.config.apiAccess !== 'open') {
        await reply(interaction, { content: t(interaction.locale, ACCESS_TEXT.none) }, true);
        return;
      }
      const minted = await mintKey(ctx, {
        ownerId: owner?.id ?? (await ensureOwner(ctx, interaction)),
        type: (interaction.options.getString('type') ?? 'live') as KeyType,
        access: interaction.options.getString('access', true) as AccessLevel,
        label: interaction.options.getString('label') ?? '',
        by: chatPlayerId(interaction.user.id),
      });
      await deliverSecret(interaction, minted).catch(async (err: unknown) => {
        // Nobody has the secret: a key no one can use must not stay live.
        await revokeKey(ctx, minted.id, { ownerId }, 'auto');
        throw err;
      });
    } else if (sub === 'list') {
      await reply(interaction, await keysAt(ctx, ownerId, 0, interaction.locale), true);
    } else {
      const revoked = await revokeKey(
        ctx,
        interaction.options.getString('key', true),
        { ownerId },
        chatPlayerId(interaction.user.id),
      );
      await reply(
        interaction,
        { content: t(interaction.locale, 'admin.api.revoked', { id: revoked.id }) },
        true,
      );
    }
  },
} satisfies Command;

/** The one message that ever holds the secret: ephemeral, to the member who minted it. */
function deliverSecret(
  interaction: ChatInputCommandInteraction,
  minted: KeySummary & { secret: string },
): Promise<void> {
  const locale = interaction.locale;
  return reply(
    interaction,
    {
      content: [
        t(locale, 'admin.api.minted', {
          id: minted.id,
          type: minted.type,
          scopes: minted.scopes.join(', '),
        }),
        t(locale, 'admin.api.secret'),
        `\`\`\`${minted.secret}\`\`\``,
        t(locale, 'admin.api.use', { id: minted.id }),
      ].join('\n'),
    },
    true,
  );
}
