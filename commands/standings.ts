import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import type { Board } from '../entities/board';
import { boardUrl } from '../src/domain/board-url';
import type { Context } from '../src/pipeline/context';
import { standingsPage } from '../src/pipeline/standings';
import { PAGE_SIZE, standingsEmbed } from '../src/bot/standings-message';
import { pageButton } from './shared';
const CUSTOM_ID_MAX = 100;
export const PAGE_PREFIX = 'lb:';

/** `lb:<board pk>:<cursor>`: the API's entries cursor (spec 4.4); empty for the first page. */
export const pageButtonId = (board: Pick<Board, 'pk'>, cursor: string) =>
  `${PAGE_PREFIX}${board.pk}:${cursor}`;

export function parsePageButton(customId: string): { boardPk: number; cursor: string } | null {
  const m = /^lb:(\d{1,15}):([A-Za-z0-9_-]*)$/.exec(customId);
  return m?.[1] !== undefined && m[2] !== undefined
    ? { boardPk: Number(m[1]), cursor: m[2] }
    : null;
}

/**
 * One page of a board's standings as an embed, read with the same keyset and cursors as GET
 * /v1/boards/{board}/entries: First and Next buttons carry the cursor, so a page reads the
 * same whichever front end asked for it.
 */
export async function standings(
  ctx: Context,
  board: Board,
  cursor: string,
): Promise<{ embeds: APIEmbed[]; components: APIActionRowComponent<APIButtonComponent>[] }> {
  const page = await standingsPage(ctx, board, {
    cursor: cursor === '' ? undefined : cursor,
    limit: PAGE_SIZE,
  });
  const next = page.nextCursor === null ? null : pageButtonId(board, page.nextCursor);
  const url = boardUrl(ctx.config.publicUrl, board);
  const buttons: APIButtonComponent[] = [];
  if (cursor !== '') buttons.push(pageButton('First', pageButtonId(board, '')));
  if (next && next.length <= CUSTOM_ID_MAX) buttons.push(pageButton('Next', next));
  else if (next)
    buttons.push({ type: ComponentType.Button, style: ButtonStyle.Link, label: 'More', url });
  return {
    embeds: [standingsEmbed(board, page.entries, url, cursor === '')],
    components: buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [],
  };
}
