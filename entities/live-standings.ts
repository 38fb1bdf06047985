import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * A board's live standings message (src/bot/jobs/live-standings.ts): where it lives, which message
 * it is (null until posted, or after it was deleted), and a digest of what it shows, so it is
 * edited only when the standings changed. One process at a time posts or edits it, until
 * `leasedUntil`; `posts` counts the messages posted for it, and names the next post's nonce.
 */
export interface LiveStandings {
  boardPk: number;
  channelId: string;
  messageId: string | null;
  digest: string | null;
  updatedAt: Date | null;
  leasedUntil: Date | null;
  posts: number;
}

export const LiveStandingsEntity = new EntitySchema<LiveStandings>({
  name: 'LiveStandings',
  tableName: 'live_standings',
  columns: {
    boardPk: { type: 'int', primary: true, name: 'board_pk' },
    channelId: { ...col.text(20), name: 'channel_id' },
    messageId: { ...col.text(20, true), name: 'message_id' },
    digest: col.text(64, true),
    updatedAt: { ...col.time(true), name: 'updated_at' },
    leasedUntil: { ...col.time(true), name: 'leased_until' },
    posts: { ...col.int(), default: 0 },
  },
});
