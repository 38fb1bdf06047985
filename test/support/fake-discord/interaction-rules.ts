import type { InteractionType } from 'discord-api-types/v10';
import type { Reply } from './types';

/**
 * Discord's rules for answering an interaction (docs: Receiving and Responding, "Responding to
 * an Interaction" and "Followup Messages"): one initial response, within 3 seconds of the
 * interaction being sent; follow-ups and `@original` edits through the interaction's webhook,
 * which exists once the interaction is acknowledged and whose token lasts 15 minutes.
 */

/** How long the bot has to acknowledge, and how long its token then works; tests may shorten them. */
export interface InteractionTiming {
  ackWindowMs: number;
  tokenLifetimeMs: number;
}
export const DISCORD_TIMING: InteractionTiming = {
  ackWindowMs: 3_000,
  tokenLifetimeMs: 15 * 60_000,
};

/** An interaction sent to the bot, by token, so its callback and webhooks know where they land. */
export interface Tracked {
  id: string;
  kind: InteractionType;
  /** When it was dispatched (Date.now()). */
  sentAt: number;
  acknowledged: boolean;
  /** The message `@original` names: the clicked message, or the reply once one is created. */
  messageId: string | null;
  channelId: string;
}

const error = (status: number, code: number, message: string): Reply => ({
  status,
  body: { code, message },
});
export const UNKNOWN_INTERACTION = error(404, 10062, 'Unknown interaction');
export const ALREADY_ACKNOWLEDGED = error(400, 40060, 'Interaction has already been acknowledged.');
export const UNKNOWN_WEBHOOK = error(404, 10015, 'Unknown Webhook');
export const INVALID_WEBHOOK_TOKEN = error(401, 50027, 'Invalid Webhook Token');

/** Why Discord refuses this initial response, if it does. */
export function callbackRefusal(
  tracked: Tracked | undefined,
  interactionId: string,
  timing: InteractionTiming,
  now = Date.now(),
): Reply | undefined {
  if (!tracked || tracked.id !== interactionId) return UNKNOWN_INTERACTION;
  if (tracked.acknowledged) return ALREADY_ACKNOWLEDGED;
  if (now - tracked.sentAt > timing.ackWindowMs) return UNKNOWN_INTERACTION;
  return undefined;
}

/**
 * Why Discord refuses a follow-up or an edit through the interaction's webhook, if it does: the
 * webhook is the application's; a token Discord never issued, or issued longer ago than its
 * lifetime, is invalid; before the initial response there is no webhook message to work with.
 */
export function webhookRefusal(
  tracked: Tracked | undefined,
  webhookId: string,
  applicationId: string,
  timing: InteractionTiming,
  now = Date.now(),
): Reply | undefined {
  if (webhookId !== applicationId) return UNKNOWN_WEBHOOK;
  if (!tracked || now - tracked.sentAt > timing.tokenLifetimeMs) return INVALID_WEBHOOK_TOKEN;
  if (!tracked.acknowledged) return UNKNOWN_WEBHOOK;
  return undefined;
}
