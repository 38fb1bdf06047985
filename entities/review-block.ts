import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * Why a board's review messages cannot be posted (the moderator channel is gone or the bot may
 * not post there, or its owner takes no DMs): one row per blocked board, from the first
 * permanent refusal until a post goes through or a manager changes the board. While it stands,
 * one post is tried per probe interval instead of every pending review retrying forever.
 */
export interface ReviewBlock {
  boardPk: number;
  /** What Discord refused, for people: `Missing Permissions in <#123>`. */
  reason: string;
  since: Date;
  /** When the next single post may try whether the channel has been fixed. */
  probeAt: Date;
}

export const ReviewBlockEntity = new EntitySchema<ReviewBlock>({
  name: 'ReviewBlock',
  tableName: 'review_blocks',
  columns: {
    boardPk: { type: 'int', primary: true, name: 'board_pk' },
    reason: col.text(300),
    since: col.time(),
    probeAt: { ...col.time(), name: 'probe_at' },
  },
});
