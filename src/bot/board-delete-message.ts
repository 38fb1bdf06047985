import {
  ButtonStyle,
  ComponentType,
  time,
  TimestampStyles,
  type APIActionRowComponent,
  type APIButtonComponent,
} from 'discord.js';
import type { Board } from '../../entities/board';
import { describeContents, type BoardContents } from '../domain/board-deletion';
import { boardDeleteButtonId, type BoardDeleteAction } from './custom-id';
import { code, shown } from './text';

/** How long /board delete's Delete button works after the command. */
export const BOARD_DELETE_WINDOW_MS = 2 * 60_000;

/**
 * /board delete's ephemeral confirmation: what would be lost, what stays on Discord, and
 * Delete / Cancel for the member who asked, until `until`.
 */
export function boardDeleteConfirmation(input: {
  board: Board;
  contents: BoardContents;
  liveChannelId: string | null;
  memberId: string;
  until: Date;
}) {
  const { board, contents, liveChannelId, memberId, until } = input;
  const button = (
    action: BoardDeleteAction,
    label: string,
    style: ButtonStyle.Danger | ButtonStyle.Secondary,
  ): APIButtonComponent => ({
    type: ComponentType.Button,
    style,
    label,
    custom_id: boardDeleteButtonId({ action, boardPk: board.pk, memberId, until }),
  });
  const row: APIActionRowComponent<APIButtonComponent> = {
    type: ComponentType.ActionRow,
    components: [
      button('delete', 'Delete', ButtonStyle.Danger),
      button('cancel', 'Cancel', ButtonStyle.Secondary),
    ],
  };
  const stays = liveChannelId
    ? `The live standings message in <#${liveChannelId}> and any posts of it stay on Discord as they are; delete them by hand if you like.`
    : 'Messages Tally posted for it stay on Discord as they are.';
  return {
    content: [
      `Delete **${shown(board.displayName)}** (${code(board.id)}) for good? Gone with it: ${describeContents(contents)}, with its history, review queue, rank roles and settings. Its public page and every API read of it answer 404; API keys keep working for the other boards.`,
      stays,
      `Press Delete ${time(until, TimestampStyles.RelativeTime)} at the latest.`,
    ].join('\n'),
    components: [row],
  };
}

/** What the confirmation becomes once the board is deleted. */
export const boardDeletedReply = (board: Board, contents: BoardContents) =>
  `Deleted **${shown(board.displayName)}** (${code(board.id)}) with everything on it: ${describeContents(contents)}.`;
