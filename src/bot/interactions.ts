import type { Interaction } from 'discord.js';
import { log } from '../log';
import { parseReviewButton } from './custom-id';
import { handleReviewButton, type ReviewButtonDeps } from './review-button';

/**
 * Routes gateway interactions to their handlers; an explicit table, no scanning (STYLE.md).
 * Slash commands join here as they are added.
 */
export async function routeInteraction(deps: ReviewButtonDeps, interaction: Interaction) {
  try {
    if (interaction.isButton() && parseReviewButton(interaction.customId)) {
      await handleReviewButton(deps, interaction);
    }
  } catch (err) {
    log.error('interaction failed', { id: interaction.id, err });
  }
}
