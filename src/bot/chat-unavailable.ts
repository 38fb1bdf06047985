/**
 * The chat platform could not be asked right now (network, 5xx, rate limit, bot not logged in).
 * Unlike UnresolvableParticipant it says nothing about the submission: the worker leaves the row
 * queued and tries again after a poll, so an outage delays submissions but never fails them.
 */
export class ChatUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatUnavailable';
  }
}
