import { ownedBoardByPk } from '../src/pipeline/board-reads';
import { ownerOf, refuse, type ComponentHandler } from './shared';
import { PAGE_PREFIX, parsePageButton, standings } from './standings';

/** First / Next under a standings message: the message is redrawn in place at that cursor. */
export const leaderboardPage = {
  prefix: PAGE_PREFIX,
  async execute(interaction, ctx) {
    const parsed = parsePageButton(interaction.customId);
    const board = parsed && (await ownedBoardByPk(ctx, ownerOf(interaction), parsed.boardPk));
    if (!parsed || !board) {
      return refuse(interaction, 'That board is not available here any more.');
    }
    await interaction.update({
      ...(await standings(ctx, board, parsed.cursor)),
      allowedMentions: { parse: [] },
    });
  },
} satisfies ComponentHandler;
