import { time, TimestampStyles } from 'discord.js';
import { refusal } from '../domain/errors';

/**
 * Per-member limits on chat writes (spec 8's write bucket, applied to members as it is to keys):
 * the same token buckets as the API, in Redis when configured, so a burst of `/match report`
 * from one member is refused across every process the same way a key's burst of POSTs is.
 * src/main.ts hands the API's buckets over as this port.
 */
export interface ChatWriteLimit {
  /** Takes one write token for `subject`; `retryAfterSeconds` says how long to wait when refused. */
  take(subject: string): Promise<{ allowed: boolean; limit: number; retryAfterSeconds: number }>;
}

/** A member's bucket: one per person, wherever they write (servers and DMs alike). */
export const chatWriteSubject = (userId: string) => `chat:${userId}:w`;

/** Refuses the write, saying when the member may try again, if their bucket is empty. */
export async function takeChatWrite(
  limit: ChatWriteLimit,
  userId: string,
  now: Date,
): Promise<void> {
  const result = await limit.take(chatWriteSubject(userId));
  if (result.allowed) return;
  const at = new Date(now.getTime() + result.retryAfterSeconds * 1000);
  const vars = {
    limit: result.limit,
    when: time(at, TimestampStyles.RelativeTime),
    seconds: result.retryAfterSeconds,
  };
  throw refusal('rate_limited', 'common.limits.writes', vars, {
    retryAfterSeconds: result.retryAfterSeconds,
  });
}
