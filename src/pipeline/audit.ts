import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuditChannel, AuditEvent } from '../../entities/audit';
import { auditOffLine, auditOnLine } from './audit-lines';
import type { Context } from './context';
import { ownerLocale } from './owner-locale';
import { clip, oneLine } from '../domain/chat-text';

/**
 * The audit channel (issue 15): every moderator and manager action that changes a server's
 * standings, seasons or keys is one line, recorded in the transaction of the change itself
 * (a transactional outbox), so a line exists exactly when its change committed. The bot posts
 * pending lines (src/bot/audit-poster.ts); the builders are in ./audit-lines.ts.
 */

/** Discord takes at most 2000 characters of content; a line is clipped to fit. */
const LINE_MAX = 2000;

/**
 * Records one line for the owner in `tx` (a builder of it in a locale: the server's), addressed to the audit channel set at this moment.
 * Without one the line is kept as the record (`unrouted`) and never posted, not even once a
 * channel is set later: a new channel starts with what happens from then on, not a flood of
 * old lines.
 */
export async function recordAudit(
  ctx: Context,
  tx: EntityManager,
  ownerId: string,
  line: string | ((locale: string) => string),
): Promise<AuditEvent> {
  const channel = await ctx.repos.audit.channelOf(ownerId, tx);
  // Issue 32: a line is written once, in the server's language as it is when the change commits.
  const text = typeof line === 'string' ? line : line(await ownerLocale(ctx, ownerId, tx));
  return ctx.repos.audit.insert(
    {
      ownerId,
      at: ctx.now(),
      line: clipLine(text),
      state: channel ? 'pending' : 'unrouted',
      attempts: 0,
      retryAt: null,
      // Discord's nonce is at most 25 characters; random, so two databases never share one.
      nonce: `audit_${randomBytes(9).toString('base64url')}`,
      channelId: channel?.channelId ?? null,
      messageId: null,
    },
    tx,
  );
}

/** The owner's audit channel, if one is set. */
/** An owner's latest audit lines, newest first, with where they are posted. */
export async function auditTrail(
  ctx: Context,
  ownerId: string,
  limit = 100,
): Promise<{ lines: AuditEvent[]; channel: AuditChannel | null }> {
  const [lines, channel] = await Promise.all([
    ctx.repos.audit.recent(ownerId, limit),
    ctx.repos.audit.channelOf(ownerId),
  ]);
  return { lines, channel };
}

export function auditChannelOf(ctx: Context, ownerId: string): Promise<AuditChannel | null> {
  return ctx.repos.audit.channelOf(ownerId);
}

/**
 * Sets (a channel id) or clears (null) where the owner's audit lines go; `by` is who did it
 * (`chat:<id>`, `cli`); the caller checks that the channel is the server's own. The change is
 * itself a line: a new channel's first line says who set it (and shows that Tally may post
 * there); turning it off is said in the channel that stops getting lines. Lines recorded before
 * still go where they were addressed.
 */
export async function setAuditChannel(
  ctx: Context,
  ownerId: string,
  channelId: string | null,
  by: string,
): Promise<{ previous: string | null }> {
  return ctx.repos.db.transaction(async (tx) => {
    const previous = (await ctx.repos.audit.channelOf(ownerId, tx))?.channelId ?? null;
    if (channelId === null) {
      if (previous) await recordAudit(ctx, tx, ownerId, (locale) => auditOffLine(by, locale));
      await ctx.repos.audit.clearChannel(ownerId, tx);
    } else {
      await ctx.repos.audit.setChannel({ ownerId, channelId, setBy: by, setAt: ctx.now() }, tx);
      if (previous !== channelId) {
        await recordAudit(ctx, tx, ownerId, (locale) => auditOnLine(by, channelId, locale));
      }
    }
    return { previous };
  });
}

const clipLine = (line: string): string => clip(oneLine(line), LINE_MAX);
