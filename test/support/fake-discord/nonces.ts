import type { APIMessage } from 'discord-api-types/v10';

/**
 * Discord's `enforce_nonce` on Create Message (docs: Channel, "Create Message"): "If true and
 * nonce is present, it will be checked for uniqueness in the past few minutes. If another
 * message was created by the same author with the same nonce, that message will be returned and
 * no new message will be created." The docs name the author, not the channel, so a nonce counts
 * across every channel of the author; "a few minutes" is not given in figures: two here, so a
 * client that needs the check to last longer is caught. A message deleted since is not returned
 * (a new one is created): what Discord does then is not documented either.
 */
export const NONCE_WINDOW_MS = 2 * 60_000;

export class Nonces {
  private readonly seen = new Map<string, { messageId: string; at: number }>();

  /** The message this author created with this nonce within the window, if it still exists. */
  earlier(
    authorId: string,
    nonce: string | number,
    messages: ReadonlyMap<string, APIMessage>,
    now = Date.now(),
  ): APIMessage | undefined {
    const seen = this.seen.get(key(authorId, nonce));
    if (!seen || now - seen.at > NONCE_WINDOW_MS) return undefined;
    return messages.get(seen.messageId);
  }

  /** A message was created with this nonce and `enforce_nonce`. */
  created(authorId: string, nonce: string | number, messageId: string, now = Date.now()): void {
    this.seen.set(key(authorId, nonce), { messageId, at: now });
  }
}

const key = (authorId: string, nonce: string | number) => `${authorId}:${String(nonce)}`;
