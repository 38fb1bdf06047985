import { ownedBoardByPk } from '../src/pipeline/board-reads';
import { findOwner } from '../src/pipeline/owners';
import { keyList } from './api';
import { boardList } from './board';
import { LIST_PREFIX, parseListButton } from './list-message';
import { ownerOf, refuse, requireManageServer, type ComponentHandler } from './shared';
import { seasonList } from './season';
import { teamList } from './team';

/**
 * First / Next under /board list, /team list, /season list and /api key list: the page is read again for the
 * presser's own server (the button says which list and where, never whose), and redrawn in place.
 */
export const listPage = {
  prefix: LIST_PREFIX,
  async execute(interaction, ctx) {
    const parsed = parseListButton(interaction.customId);
    if (!parsed) return refuse(interaction, 'That list button is not one Tally made.');
    const ownerId = ownerOf(interaction);
    let page;
    if (parsed.kind === 'boards') {
      page = await boardList(ctx, ownerId, parsed.position);
    } else if (parsed.kind === 'keys') {
      requireManageServer(interaction, 'Managing API keys and access');
      const owner = await findOwner(ctx, ownerId);
      page = await keyList(ctx, owner ? ownerId : null, parsed.position);
    } else {
      const board = await ownedBoardByPk(ctx, ownerId, parsed.scope);
      if (!board) {
        return refuse(interaction, 'That board is not available here any more.');
      }
      page =
        parsed.kind === 'seasons'
          ? await seasonList(ctx, board, parsed.position)
          : await teamList(ctx, board, parsed.position);
    }
    await interaction.update({ ...page, allowedMentions: { parse: [] } });
  },
} satisfies ComponentHandler;
