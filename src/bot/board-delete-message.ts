import { describeContents } from '../domain/board-deletion';
import {
  ButtonStyle,
  ComponentType,
  time,
  TimestampStyles,
  type APIActionRowComponent,
  type APIButtonComponent,
} from 'discord.js';
import type { Board } from '../../entities/board';
import type { BoardContents } from '../domain/board-deletion';
import { t } from '../domain/i18n';
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
  /** The member's: the confirmation is theirs only. */
  locale?: string | null;
}) {
  const { board, contents, liveChannelId, memberId, until, locale } = input;
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
      button('delete', t(locale, 'admin.board.delete.deleteButton'), ButtonStyle.Danger),
      button('cancel', t(locale, 'admin.board.delete.cancelButton'), ButtonStyle.Secondary),
    ],
  };
  const stays = liveChannelId
    ? t(locale, 'admin.board.delete.staysLive', { channel: `<#${liveChannelId}>` })
    : t(locale, 'admin.board.delete.stays');
  return {
    content: [
      t(locale, 'admin.board.delete.confirm', {
        board: shown(board.displayName),
        id: code(board.id),
        contents: describeContents(contents, locale),
      }),
      stays,
      t(locale, 'admin.board.delete.pressBy', {
        when: time(until, TimestampStyles.RelativeTime),
      }),
    ].join('\n'),
    components: [row],
  };
}

/** What the confirmation becomes once the board is deleted. */
export const boardDeletedReply = (board: Board, contents: BoardContents, locale?: string | null) =>
  t(locale, 'admin.board.delete.deleted', {
    board: shown(board.displayName),
    id: code(board.id),
    contents: describeContents(contents, locale),
  });
