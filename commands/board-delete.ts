import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { TallyError } from '../src/domain/errors';
import { chatPlayerId } from '../src/domain/ids';
import {
  boardDeletionPreview,
  boardDeletionPreviewByPk,
  deleteBoard,
} from '../src/pipeline/board-deletion';
import type { Context } from '../src/pipeline/context';
import {
  BOARD_DELETE_WINDOW_MS,
  boardDeleteConfirmation,
  boardDeletedReply,
} from '../src/bot/board-delete-message';
import { t, type TextKey, type TextVars } from '../src/domain/i18n';
import type { ComponentHandler } from '../src/bot/command';
import { boardOption } from '../src/bot/command-options';
import { BOARD_DELETE_PREFIX, parseBoardDeleteButton } from '../src/bot/custom-id';
import { refuse } from '../src/bot/replies';
import { ownerOf, requireManageServer } from '../src/bot/workspace';

/** `/board delete board:<id>` (Manage Server): registered by commands/board.ts. */
export const boardDeleteSubcommand = (sub: SlashCommandSubcommandBuilder) =>
  sub.setName('delete').addStringOption(boardOption);

/** The first step: nothing is deleted; an ephemeral message says what would be, with buttons. */
export async function askBoardDelete(
  interaction: ChatInputCommandInteraction,
  ctx: Context,
): Promise<void> {
  requireManageServer(interaction, '/board delete');
  const preview = await boardDeletionPreview(
    ctx,
    ownerOf(interaction),
    interaction.options.getString('board', true),
  );
  await interaction.reply({
    ...boardDeleteConfirmation({
      ...preview,
      memberId: interaction.user.id,
      until: new Date(ctx.now().getTime() + BOARD_DELETE_WINDOW_MS),
      locale: interaction.locale,
    }),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/**
 * Delete / Cancel under /board delete's confirmation. Only the member who asked, still with
 * Manage Server, within the time limit, and only while the board exists; anything else is
 * refused ephemerally, saying why, with nothing deleted.
 */
export const boardDeleteButtons = {
  prefixes: [BOARD_DELETE_PREFIX],
  async execute(interaction: ButtonInteraction, ctx: Context) {
    const say = (key: TextKey, vars: TextVars = {}) => t(interaction.locale, key, vars);
    const pressed = parseBoardDeleteButton(interaction.customId);
    if (!pressed) return refuse(interaction, say('admin.board.delete.notOurs'));
    if (pressed.memberId !== interaction.user.id) {
      return refuse(
        interaction,
        say('admin.board.delete.notYours', { member: `<@${pressed.memberId}>` }),
      );
    }
    if (pressed.action === 'cancel') {
      await interaction.update({
        content: say('admin.board.delete.cancelled'),
        components: [],
        allowedMentions: { parse: [] },
      });
      return;
    }
    if (ctx.now() > pressed.until) {
      return refuse(interaction, say('admin.board.delete.expired'));
    }
    requireManageServer(interaction, { action: 'deletingBoard' });
    const ownerId = ownerOf(interaction);
    const found = await boardDeletionPreviewByPk(ctx, ownerId, pressed.boardPk);
    const gone = say('admin.board.delete.gone');
    if (!found) return refuse(interaction, gone);
    let deleted;
    try {
      deleted = await deleteBoard(ctx, ownerId, found.board.id, chatPlayerId(interaction.user.id));
    } catch (err) {
      // Another press (or the CLI) deleted it first.
      if (err instanceof TallyError && err.code === 'not_found') return refuse(interaction, gone);
      throw err;
    }
    await interaction.update({
      content: boardDeletedReply(deleted.board, deleted.contents, interaction.locale),
      components: [],
      allowedMentions: { parse: [] },
    });
  },
} satisfies ComponentHandler;
