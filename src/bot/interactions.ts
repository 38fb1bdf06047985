import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
} from 'discord.js';
import { commandNamed, componentFor, type CommandSet } from './command';
import { TallyError } from '../domain/errors';
import { log } from '../log';
import { parseAdjustModal, parseReviewButton } from './custom-id';
import { handleAdjustModal, handleReviewButton, type ReviewButtonDeps } from './review-button';

/**
 * Routes gateway interactions to their handlers; an explicit table, no scanning (STYLE.md):
 * slash commands by name (commands/index.ts), review buttons and the Adjust modal, then the
 * commands' own buttons by custom-id prefix.
 */
export async function routeInteraction(
  deps: ReviewButtonDeps & { commands: CommandSet },
  interaction: Interaction,
) {
  try {
    if (interaction.isChatInputCommand()) {
      const command = commandNamed(deps.commands, interaction.commandName);
      await guarded(interaction, () =>
        command
          ? command.execute(interaction, deps.ctx)
          : Promise.reject(
              new TallyError('not_found', `/${interaction.commandName} is not a Tally command`),
            ),
      );
    } else if (interaction.isButton() && parseReviewButton(interaction.customId)) {
      await handleReviewButton(deps, interaction);
    } else if (interaction.isModalSubmit() && parseAdjustModal(interaction.customId)) {
      await handleAdjustModal(deps, interaction);
    } else if (interaction.isButton()) {
      const handler = componentFor(deps.commands, interaction.customId);
      if (handler) await guarded(interaction, () => handler.execute(interaction, deps.ctx));
    }
  } catch (err) {
    log.error('interaction failed', { id: interaction.id, err });
  }
}

/**
 * STYLE.md 3: a TallyError becomes an ephemeral reply saying what was wrong (its detail, as the
 * API's problem documents do); anything else is logged and gets a generic apology.
 */
async function guarded(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (err) {
    const known = err instanceof TallyError && err.code !== 'internal_error';
    if (!known) log.error('command failed', { id: interaction.id, err });
    const content = known
      ? `That did not work: ${err.detail}`
      : 'Tally could not do that just now; nothing was changed. Try again in a moment.';
    if (interaction.deferred || interaction.replied) {
      await interaction.editReply({
        content,
        embeds: [],
        components: [],
        allowedMentions: { parse: [] },
      });
    } else {
      await interaction.reply({
        content,
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
    }
  }
}
