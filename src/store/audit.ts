import type { EntityManager } from 'typeorm';
import {
  AuditChannelEntity,
  AuditEventEntity,
  type AuditChannel,
  type AuditEvent,
} from '../../entities/audit';
import { Repository } from './repository';

/**
 * The audit trail (migration 1733500000000): each owner's audit channel, and the lines, an
 * outbox whose rows are the only state of the poster (src/bot/audit-poster.ts), so a restart or
 * another process picks up where this one stopped.
 */
export class AuditRepository extends Repository {
  channelOf(ownerId: string, tx?: EntityManager): Promise<AuditChannel | null> {
    return this.use(tx, (m) => m.findOneBy(AuditChannelEntity, { ownerId }));
  }

  async setChannel(channel: AuditChannel, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.upsert(AuditChannelEntity, channel, ['ownerId']));
  }

  /** True if there was a channel to clear. */
  async clearChannel(ownerId: string, tx?: EntityManager): Promise<boolean> {
    const removed = await this.use(tx, (m) => m.delete(AuditChannelEntity, { ownerId }));
    return (removed.affected ?? 0) > 0;
  }

  async insert(event: Omit<AuditEvent, 'pk'>, tx: EntityManager): Promise<AuditEvent> {
    const result = await tx.insert(AuditEventEntity, event);
    return { ...event, pk: Number(result.identifiers[0]?.pk) };
  }

  /** Pending lines whose next try is due, oldest first. */
  due(now: Date, limit: number): Promise<AuditEvent[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(AuditEventEntity, 'a')
        .where("a.state = 'pending' AND (a.retry_at IS NULL OR a.retry_at <= :now)", { now })
        .orderBy('a.pk', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /** Takes the line until `until` (compare-and-set): one process posts it at a time. */
  async lease(pk: number, now: Date, until: Date): Promise<boolean> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(AuditEventEntity)
        .set({ retryAt: until })
        .where("pk = :pk AND state = 'pending' AND (retry_at IS NULL OR retry_at <= :now)", {
          pk,
          now,
        })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  async posted(pk: number, channelId: string, messageId: string): Promise<void> {
    await this.set(pk, { state: 'posted', channelId, messageId, retryAt: null });
  }

  /** Never to be posted: no channel was set by the time it was due. */
  async unrouted(pk: number): Promise<void> {
    await this.set(pk, { state: 'unrouted', retryAt: null });
  }

  /** Discord refused it for good; it stays as the record. */
  async gaveUp(pk: number, channelId: string, attempts: number): Promise<void> {
    await this.set(pk, { state: 'failed', channelId, attempts, retryAt: null });
  }

  async retryLater(pk: number, attempts: number, retryAt: Date): Promise<void> {
    await this.set(pk, { attempts, retryAt });
  }

  /** An owner's lines, oldest first (tests and the operator). */
  lines(ownerId: string, tx?: EntityManager): Promise<AuditEvent[]> {
    return this.use(tx, (m) =>
      m.find(AuditEventEntity, { where: { ownerId }, order: { pk: 'ASC' } }),
    );
  }

  /** An owner's latest lines, newest first (the dashboard's audit trail). */
  recent(ownerId: string, limit: number): Promise<AuditEvent[]> {
    return this.use(undefined, (m) =>
      m.find(AuditEventEntity, { where: { ownerId }, order: { pk: 'DESC' }, take: limit }),
    );
  }

  private async set(pk: number, fields: Partial<AuditEvent>): Promise<void> {
    await this.use(undefined, (m) => m.update(AuditEventEntity, { pk }, fields));
  }
}
