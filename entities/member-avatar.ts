import { EntitySchema } from 'typeorm';
import { col } from './columns';

/**
 * A member's pictures as Discord last sent them (issue 29 item 2): the hash of their avatar and
 * of the one they set for this server, per workspace. Written whenever Tally sees the member.
 */
export interface MemberAvatar {
  ownerId: string;
  /** The Discord user's snowflake (the player is `chat:<userId>`). */
  userId: string;
  avatar: string | null;
  guildAvatar: string | null;
  seenAt: Date;
}

export const MemberAvatarEntity = new EntitySchema<MemberAvatar>({
  name: 'MemberAvatar',
  tableName: 'member_avatars',
  columns: {
    ownerId: { ...col.text(40), primary: true, name: 'owner_id' },
    userId: { ...col.text(20), primary: true, name: 'user_id' },
    avatar: col.text(40, true),
    guildAvatar: { ...col.text(40, true), name: 'guild_avatar' },
    seenAt: { ...col.time(), name: 'seen_at' },
  },
});
