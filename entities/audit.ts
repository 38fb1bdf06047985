import { EntitySchema } from 'typeorm';
import { col } from './columns';

/** Where a server's audit lines go (/audit channel); no row means they are recorded, not posted. */
export interface AuditChannel {
  ownerId: string;
  channelId: string;
  /** Who set it (`chat:<id>`, `cli`). */
  setBy: string;
  setAt: Date;
}

/**
 * What happens to an audit line: `pending` until posted; `posted`; `unrouted` when its owner had
 * no audit channel (kept as the record, never posted later); `failed` when Discord refused it for
 * good (the channel is gone or Tally may not post there).
 */
export type AuditState = 'pending' | 'posted' | 'unrouted' | 'failed';

/**
 * One line of an owner's audit trail (an approve, decline, adjust, expiry, season change, key
 * mint or revoke), written in the transaction of the change it describes: a transactional outbox
 * the audit poster (src/bot/audit-poster.ts) drains.
 */
export interface AuditEvent {
  pk: number;
  ownerId: string;
  at: Date;
  line: string;
  state: AuditState;
  attempts: number;
  /** A pending line's next try, or the end of the lease of the process posting it. */
  retryAt: Date | null;
  /** Sent with `enforce_nonce`, so Discord drops a second post of a line that did go through. */
  nonce: string;
  channelId: string | null;
  messageId: string | null;
}

export const AuditChannelEntity = new EntitySchema<AuditChannel>({
  name: 'AuditChannel',
  tableName: 'audit_channels',
  columns: {
    ownerId: { ...col.text(40), primary: true, name: 'owner_id' },
    channelId: { ...col.text(20), name: 'channel_id' },
    setBy: { ...col.text(40), name: 'set_by' },
    setAt: { ...col.time(), name: 'set_at' },
  },
});

export const AuditEventEntity = new EntitySchema<AuditEvent>({
  name: 'AuditEvent',
  tableName: 'audit_events',
  columns: {
    pk: col.id(),
    ownerId: { ...col.text(40), name: 'owner_id' },
    at: col.time(),
    line: col.text(2000),
    state: col.text(8),
    attempts: col.int(),
    retryAt: { ...col.time(true), name: 'retry_at' },
    nonce: col.text(25),
    channelId: { ...col.text(20, true), name: 'channel_id' },
    messageId: { ...col.text(20, true), name: 'message_id' },
  },
});
