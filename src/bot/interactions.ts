import {
  MessageFlags,
  type ButtonInteraction,
  type Interaction,
  type MessageComponentInteraction,
  type RepliableInteraction,
} from 'discord.js';
import { takeChatWrite, type ChatWriteLimit } from './chat-limits';
import { commandNamed, componentFor, flowFor, type CommandSet } from './command';
import { TallyError, toldIn } from '../domain/errors';
import { t } from '../domain/i18n';
import { log } from '../log';
import { parseAdjustModal, parseDeclineModal, parseReviewButton } from './custom-id';
import {
  handleAdjustModal,
  handleDeclineModal,
  handleReviewButton,
  type ReviewButtonDeps,
} from './review-button';
import { refuse } from './replies';
import { handleConfirmButton } from './confirm-button';
import { parseConfirmButton } from './custom-id';
import { clip, LIMITS } from './text';

/**
 * Routes gateway interactions to their handlers; an explicit table, no scanning (STYLE.md):
 * slash commands by name (commands/index.ts), review buttons and the Adjust modal, then the
 * commands' own buttons by custom-id prefix.
 *
 * Nothing a client sends is trusted: a button must be one the bot put on the message it was
 * pressed on, and every interaction gets an answer, ephemeral when it is a refusal, so nobody
 * is left with Discord's "This interaction failed".
 */
export async function routeInteraction(
  deps: ReviewButtonDeps & { commands: CommandSet; writeLimit: ChatWriteLimit },
  interaction: Interaction,
) {
  try {
    if (interaction.isAutocomplete()) {
      await interaction.respond([]); // no option of Tally's autocompletes; answer all the same
    } else if (interaction.isChatInputCommand()) {
      const command = commandNamed(deps.commands, interaction.commandName);
      await guarded(interaction, async () => {
        if (!command) {
          const vars = { command: interaction.commandName };
          throw new TallyError('not_found', `/${vars.command} is not a Tally command`, {
            said: { key: 'common.failed.notACommand', vars },
          });
        }
        if (command.writes?.(interaction)) {
          await takeChatWrite(deps.writeLimit, interaction.user.id, deps.ctx.now());
        }
        await command.execute(interaction, deps.ctx);
      });
    } else if (interaction.isMessageComponent() && !onItsMessage(interaction)) {
      await refuse(interaction, t(interaction.locale, 'common.buttons.notOnMessage'));
    } else if (interaction.isButton() && parseReviewButton(interaction.customId)) {
      await guarded(interaction, () => handleReviewButton(deps, interaction));
    } else if (interaction.isModalSubmit() && parseAdjustModal(interaction.customId)) {
      await guarded(interaction, () => handleAdjustModal(deps, interaction));
    } else if (interaction.isModalSubmit() && parseDeclineModal(interaction.customId)) {
      await guarded(interaction, () => handleDeclineModal(deps, interaction));
    } else if (interaction.isButton() && parseConfirmButton(interaction.customId)) {
      await guarded(interaction, () => handleConfirmButton(deps.ctx, interaction));
    } else if (
      (interaction.isButton() || interaction.isAnySelectMenu() || interaction.isModalSubmit()) &&
      flowFor(deps.commands, interaction.customId)
    ) {
      const flow = flowFor(deps.commands, interaction.customId)!;
      await guarded(interaction, () => flow.execute(interaction, deps.ctx));
    } else if (interaction.isButton() && componentFor(deps.commands, interaction.customId)) {
      const handler = componentFor(deps.commands, interaction.customId)!;
      await guarded(interaction, () => handler.execute(interaction as ButtonInteraction, deps.ctx));
    } else if (interaction.isRepliable()) {
      await refuse(interaction, t(interaction.locale, 'common.buttons.unknown'));
    }
  } catch (err) {
    log.error('interaction failed', { id: interaction.id, err });
  }
}

/** Whether the pressed component is on the message Discord says it was pressed on. */
function onItsMessage(interaction: MessageComponentInteraction): boolean {
  const rows = interaction.message.components;
  return rows.some(
    (row) =>
      'components' in row &&
      row.components.some((c) => 'customId' in c && c.customId === interaction.customId),
  );
}

/**
 * What a member reads when something failed on Tally's side: the failure may have come after the
 * change was saved (a reply Discord did not take), so it never claims nothing changed. In English
 * here; `unconfirmedIn` says it in the member's language.
 */
export const UNCONFIRMED = t(null, 'common.failed.unconfirmed');
export const unconfirmedIn = (locale: string | null | undefined) =>
  t(locale, 'common.failed.unconfirmed');

/** A refusal in the member's language: "That did not work: " and what the error says. */
export const refusalIn = (err: TallyError, locale: string | null | undefined) =>
  t(locale, 'common.failed.known', { detail: toldIn(err, locale) });

/**
 * STYLE.md 3: a TallyError becomes an ephemeral reply saying what was wrong (its detail, as the
 * API's problem documents do); anything else is logged and gets a generic apology. The reply is
 * clipped to what Discord accepts, whatever the detail echoes.
 */
async function guarded(interaction: RepliableInteraction, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    const known = err instanceof TallyError && err.code !== 'internal_error';
    if (!known) log.error('command failed', { id: interaction.id, err });
    const content = clip(
      known ? refusalIn(err, interaction.locale) : unconfirmedIn(interaction.locale),
      LIMITS.content,
    );
    if (interaction.isChatInputCommand() && interaction.deferred && !interaction.replied) {
      // The "thinking…" of a deferred command becomes the answer.
      await interaction.editReply({
        content,
        embeds: [],
        components: [],
        allowedMentions: { parse: [] },
      });
    } else if (interaction.deferred || interaction.replied) {
      // A button already answered (or its message is being redrawn): the refusal follows up.
      await interaction.followUp({
        content,
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
    } else {
      await refuse(interaction, content);
    }
  }
}
