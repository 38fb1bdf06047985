import type { Reply } from './types';

/** Why a channel refuses the bot: it cannot see it, or it may see but not post there. */
export type Denial = 'missing_access' | 'missing_permissions';

const error = (status: number, code: number, message: string): Reply => ({
  status,
  body: { code, message },
});
const REFUSALS: Record<Denial, Reply> = {
  missing_access: error(403, 50001, 'Missing Access'),
  missing_permissions: error(403, 50013, 'Missing Permissions'),
};
export const UNKNOWN_CHANNEL = error(404, 10003, 'Unknown Channel');
export const CANNOT_MESSAGE_USER = error(403, 50007, 'Cannot send messages to this user');

/**
 * Where the bot may write, as a test set it up: channels whose permissions shut the bot out,
 * channels deleted under it, and people who do not take DMs from it. Each holds until undone,
 * as on Discord, so a retry meets the same refusal.
 */
export class ChannelAccess {
  private readonly denied = new Map<string, Denial>();
  private readonly deleted = new Set<string>();
  private readonly closedDms = new Set<string>();

  deny(channelId: string, why: Denial): void {
    this.denied.set(channelId, why);
  }
  allow(channelId: string): void {
    this.denied.delete(channelId);
  }
  delete(channelId: string): void {
    this.deleted.add(channelId);
  }
  isDeleted(channelId: string): boolean {
    return this.deleted.has(channelId);
  }
  closeDms(userId: string): void {
    this.closedDms.add(userId);
  }
  openDms(userId: string): void {
    this.closedDms.delete(userId);
  }

  /**
   * Discord's refusal of the bot reading this channel, editing its message there, or posting
   * there, if any: reading needs only access; `recipientId` is the other side of a DM channel.
   */
  refusal(
    channelId: string,
    action: 'read' | 'edit' | 'post',
    recipientId?: string,
  ): Reply | undefined {
    if (this.deleted.has(channelId)) return UNKNOWN_CHANNEL;
    const denial = this.denied.get(channelId);
    if (denial === 'missing_access' || (denial && action !== 'read')) return REFUSALS[denial];
    if (action === 'post' && recipientId !== undefined && this.closedDms.has(recipientId)) {
      return CANNOT_MESSAGE_USER;
    }
    return undefined;
  }
}
