import {
  In,
  IsNull,
  Not,
  type EntityManager,
  type EntitySchema,
  type ObjectLiteral,
} from 'typeorm';
import {
  QueueEntity,
  QueueMatchEntity,
  QueuePlayerEntity,
  QueueWaitEntity,
  type Queue,
  type QueueMatch,
  type QueueMatchState,
  type QueuePlayer,
  type QueueWait,
} from '../../entities/queue';
import type { QueueSettings } from '../domain/matchmaking';
import { isUniqueViolation } from './idempotency';
import { isLockContention } from './lock-contention';
import { Repository } from './repository';

const LOCK_ATTEMPTS = 3;

/** A match still going: its ready check, its play, a report being sent. */
export const OPEN_MATCH_STATES: readonly QueueMatchState[] = ['ready', 'playing', 'reporting'];

const bump = { version: () => 'version + 1' };

/**
 * Matchmaking queues (entities/queue.ts): the queue rows, who waits, the matches formed and their
 * players. The queue's step (src/pipeline/queues.ts) reads and moves them inside the scheduler's
 * transaction; `busy` and the unique waits keep one member out of two places whatever interleaves.
 */
export class QueueRepository extends Repository {
  /**
   * A transaction over the queue tables that runs again, whole, after a lost lock race (two
   * processes joining, pressing and matching at once on MariaDB deadlock now and then): the
   * member gets their answer, not an error for a race they did not cause. `fn` may run more than
   * once and must have no effect outside `tx`.
   */
  async transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(fn);
      } catch (err) {
        if (attempt >= LOCK_ATTEMPTS || this.db.inSection || !isLockContention(err)) throw err;
      }
    }
  }

  /** The board's open queue (a closed one is kept only for its message). */
  forBoard(boardPk: number, tx?: EntityManager): Promise<Queue | null> {
    return this.use(tx, (m) => m.findOneBy(QueueEntity, { boardPk, closedAt: IsNull() }));
  }

  /** The board's queue, open or closed (opening it again reuses the row and its message). */
  anyForBoard(boardPk: number, tx?: EntityManager): Promise<Queue | null> {
    return this.use(tx, (m) => m.findOneBy(QueueEntity, { boardPk }));
  }

  /** The open queues of these boards (those that have one). */
  forBoards(boardPks: readonly number[]): Promise<Queue[]> {
    if (boardPks.length === 0) return Promise.resolve([]);
    return this.use(undefined, (m) =>
      m.findBy(QueueEntity, { boardPk: In([...boardPks]), closedAt: IsNull() }),
    );
  }

  byPk(pk: number, tx?: EntityManager): Promise<Queue | null> {
    return this.use(tx, (m) => m.findOneBy(QueueEntity, { pk }));
  }

  async insert(queue: Omit<Queue, 'pk'>, tx?: EntityManager): Promise<Queue> {
    return this.use(tx, async (m) => {
      const result = await m.insert(QueueEntity, queue);
      return { ...queue, pk: Number(result.identifiers[0]!.pk) };
    });
  }

  /** New settings, shown by the message's next edit. */
  async setSettings(pk: number, settings: QueueSettings, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.update(QueueEntity, { pk }, { ...settings, ...bump }));
  }

  /**
   * Places (or moves) the queue's message; the poster posts it there. A refusal of the old place
   * is forgotten; the count of posts goes on, so no nonce comes back.
   */
  async place(pk: number, channelId: string | null, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) =>
      m.update(
        QueueEntity,
        { pk },
        {
          channelId,
          messageId: null,
          refused: null,
          attempts: 0,
          retryAt: null,
          leasedUntil: null,
          ...bump,
        },
      ),
    );
  }

  /** Something the message shows changed (who waits). */
  async touch(pk: number, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.update(QueueEntity, { pk }, bump));
  }

  /**
   * Closes the queue: everyone waiting leaves it; the row stays, so its message is edited to say
   * it is closed (its Join button would otherwise stay), and opening it again reuses it.
   */
  async close(pk: number, at: Date, tx: EntityManager): Promise<void> {
    await tx.delete(QueueWaitEntity, { queuePk: pk });
    await tx.update(QueueEntity, { pk }, { closedAt: at, ...bump });
  }

  /** Opens a closed queue again. */
  async reopen(pk: number, tx: EntityManager): Promise<void> {
    await tx.update(QueueEntity, { pk }, { closedAt: null, ...bump });
  }

  /** Who waits in the queue, longest first. */
  waiting(queuePk: number, tx?: EntityManager): Promise<QueueWait[]> {
    return this.use(tx, (m) =>
      m.find(QueueWaitEntity, {
        where: { queuePk },
        order: { since: 'ASC', entrant: 'ASC' },
      }),
    );
  }

  /** How many wait in each of these queues (the public pages). */
  async waitingCounts(queuePks: readonly number[]): Promise<Map<number, number>> {
    if (queuePks.length === 0) return new Map();
    const rows = await this.use(undefined, (m) =>
      m
        .createQueryBuilder(QueueWaitEntity, 'w')
        .select('w.queue_pk', 'queuePk')
        .addSelect('COUNT(*)', 'n')
        .where('w.queue_pk IN (:...queuePks)', { queuePks: [...queuePks] })
        .groupBy('w.queue_pk')
        .getRawMany<{ queuePk: number | string; n: number | string }>(),
    );
    return new Map(rows.map((r) => [Number(r.queuePk), Number(r.n)]));
  }

  /** Where the member waits (themselves, or the team they queued), if anywhere. */
  waitOf(member: string, tx?: EntityManager): Promise<QueueWait | null> {
    return this.use(tx, (m) => m.findOneBy(QueueWaitEntity, { joinedBy: member }));
  }

  waitOfEntrant(entrant: string, tx?: EntityManager): Promise<QueueWait | null> {
    return this.use(tx, (m) => m.findOneBy(QueueWaitEntity, { entrant }));
  }

  /**
   * Adds the wait; false when the entrant or the member waits already (a join that raced another
   * for them, from another process: the unique keys decide, and the row that lost is not kept).
   */
  async join(wait: QueueWait, tx: EntityManager): Promise<boolean> {
    try {
      await tx.insert(QueueWaitEntity, wait);
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
    await tx.update(QueueEntity, { pk: wait.queuePk }, bump);
    return true;
  }

  /** The member's wait ends (they left, or their queue was matched); false if they did not wait. */
  async leave(member: string, tx: EntityManager): Promise<QueueWait | null> {
    const wait = await tx.findOneBy(QueueWaitEntity, { joinedBy: member });
    if (!wait) return null;
    const gone = await tx.delete(QueueWaitEntity, { entrant: wait.entrant, joinedBy: member });
    if ((gone.affected ?? 0) === 0) return null;
    await tx.update(QueueEntity, { pk: wait.queuePk }, bump);
    return wait;
  }

  /**
   * Takes these entrants out of the queue for a match: all of them or, when one has left
   * meanwhile, none (the caller's transaction rolls back and tries again).
   */
  async take(queuePk: number, entrants: readonly string[], tx: EntityManager): Promise<boolean> {
    const gone = await tx.delete(QueueWaitEntity, { queuePk, entrant: In([...entrants]) });
    return (gone.affected ?? 0) === entrants.length;
  }

  /** Waits of entrants who are in an open match already, dropped (they cannot play twice). */
  async dropBusy(queuePk: number, tx: EntityManager): Promise<number> {
    const waits = await tx.findBy(QueueWaitEntity, { queuePk });
    if (waits.length === 0) return 0;
    const busy = await tx.findBy(QueuePlayerEntity, {
      busy: In(waits.map((w) => w.entrant)),
    });
    const byMember = await tx.findBy(QueuePlayerEntity, {
      joinedBy: In(waits.map((w) => w.joinedBy)),
      busy: Not(IsNull()),
    });
    const out = new Set([...busy, ...byMember].map((p) => p.entrant));
    const members = new Set(byMember.map((p) => p.joinedBy));
    const drop = waits.filter((w) => out.has(w.entrant) || members.has(w.joinedBy));
    for (const w of drop) await tx.delete(QueueWaitEntity, { entrant: w.entrant });
    return drop.length;
  }

  /** Puts these back in the queue at the places they had (a ready check failed for another). */
  async putBack(queuePk: number, waits: readonly QueueWait[], tx: EntityManager): Promise<void> {
    for (const wait of waits) {
      // Someone who joined again meanwhile keeps the place they have.
      const there = await tx.findOneBy(QueueWaitEntity, { joinedBy: wait.joinedBy });
      if (!there) await tx.insert(QueueWaitEntity, { ...wait, queuePk });
    }
    await tx.update(QueueEntity, { pk: queuePk }, bump);
  }

  /** The open match the member (or the team they queued) plays in, if any. */
  async openMatchOf(member: string, tx?: EntityManager): Promise<QueuePlayer | null> {
    return this.use(tx, (m) =>
      m.findOneBy(QueuePlayerEntity, { joinedBy: member, busy: Not(IsNull()) }),
    );
  }

  async openMatchOfEntrant(entrant: string, tx?: EntityManager): Promise<QueuePlayer | null> {
    return this.use(tx, (m) => m.findOneBy(QueuePlayerEntity, { busy: entrant }));
  }

  async insertMatch(
    match: Omit<QueueMatch, 'pk'>,
    players: readonly Omit<QueuePlayer, 'matchPk'>[],
    tx: EntityManager,
  ): Promise<QueueMatch> {
    const result = await tx.insert(QueueMatchEntity, match);
    const pk = Number(result.identifiers[0]!.pk);
    await tx.insert(
      QueuePlayerEntity,
      players.map((p) => ({ ...p, matchPk: pk })),
    );
    return { ...match, pk };
  }

  match(pk: number, tx?: EntityManager): Promise<QueueMatch | null> {
    return this.use(tx, (m) => m.findOneBy(QueueMatchEntity, { pk }));
  }

  players(matchPk: number, tx?: EntityManager): Promise<QueuePlayer[]> {
    return this.use(tx, (m) =>
      m.find(QueuePlayerEntity, { where: { matchPk }, order: { side: 'ASC', entrant: 'ASC' } }),
    );
  }

  /** The queue's open matches, oldest first. */
  openMatches(queuePk: number, tx?: EntityManager): Promise<QueueMatch[]> {
    return this.use(tx, (m) =>
      m.find(QueueMatchEntity, {
        where: { queuePk, state: In([...OPEN_MATCH_STATES]) },
        order: { pk: 'ASC' },
      }),
    );
  }

  /** The entrant pressed Ready; false if they had already or the check is over. */
  async ready(matchPk: number, entrant: string, at: Date, tx: EntityManager): Promise<boolean> {
    const result = await tx.update(
      QueuePlayerEntity,
      { matchPk, entrant, readyAt: IsNull(), busy: Not(IsNull()) },
      { readyAt: at },
    );
    return (result.affected ?? 0) === 1;
  }

  /**
   * Moves the match from one of `from` to its next state, with what changes; false when another
   * press or process moved it first (the caller's transaction then changes nothing else).
   */
  async move(
    pk: number,
    from: readonly QueueMatchState[],
    to: Partial<Omit<QueueMatch, 'pk' | 'version'>> & { state: QueueMatchState },
    tx: EntityManager,
  ): Promise<boolean> {
    const result = await tx.update(
      QueueMatchEntity,
      { pk, state: In([...from]) },
      { ...to, ...bump },
    );
    return (result.affected ?? 0) === 1;
  }

  /** The match is over: its players may queue and play again. */
  async free(matchPk: number, tx: EntityManager): Promise<void> {
    await tx.update(QueuePlayerEntity, { matchPk }, { busy: null });
  }

  /** Rows whose message is behind what it should show, whose try is due. */
  queuesDue(now: Date, limit: number): Promise<Queue[]> {
    return this.due(QueueEntity, now, limit, 'q.refused IS NULL');
  }

  matchesDue(now: Date, limit: number): Promise<QueueMatch[]> {
    return this.due(QueueMatchEntity, now, limit);
  }

  private due<T extends ObjectLiteral>(
    entity: EntitySchema<T>,
    now: Date,
    limit: number,
    extra = '1 = 1',
  ): Promise<T[]> {
    return this.use(undefined, (m) =>
      m
        .createQueryBuilder(entity, 'q')
        .where('q.shown_version < q.version AND q.channel_id IS NOT NULL')
        .andWhere(extra)
        .andWhere('(q.retry_at IS NULL OR q.retry_at <= :now)', { now })
        .andWhere('(q.leased_until IS NULL OR q.leased_until <= :now)', { now })
        .orderBy('q.pk', 'ASC')
        .limit(limit)
        .getMany(),
    );
  }

  /** Takes the row's message until `until` if no process holds it at `now`. */
  async lease(kind: 'queue' | 'match', pk: number, now: Date, until: Date): Promise<boolean> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(kind === 'queue' ? QueueEntity : QueueMatchEntity)
        .set({ leasedUntil: until })
        .where('pk = :pk AND (leased_until IS NULL OR leased_until <= :now)', { pk, now })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  /**
   * The message now shows `version` (posted as `messageId`), written by the holder of `lease`
   * only, which it gives up. False when the lease was lost.
   */
  async shown(
    kind: 'queue' | 'match',
    pk: number,
    lease: Date,
    fields: { version: number; messageId: string | null; posted: boolean },
  ): Promise<boolean> {
    const set: Record<string, unknown> = {
      shownVersion: fields.version,
      messageId: fields.messageId,
      leasedUntil: null,
      retryAt: null,
      attempts: 0,
    };
    if (kind === 'queue' && fields.posted) set.posts = () => 'posts + 1';
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(kind === 'queue' ? QueueEntity : QueueMatchEntity)
        .set(set)
        .where('pk = :pk AND leased_until = :lease', { pk, lease })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  /** A try failed: the next one at `retryAt`; the lease is given up. */
  async failed(
    kind: 'queue' | 'match',
    pk: number,
    lease: Date,
    attempts: number,
    retryAt: Date,
  ): Promise<void> {
    await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(kind === 'queue' ? QueueEntity : QueueMatchEntity)
        .set({ attempts, retryAt, leasedUntil: null })
        .where('pk = :pk AND leased_until = :lease', { pk, lease })
        .execute(),
    );
  }

  /**
   * Discord refused for good: a queue's message waits until it is placed again; a match's
   * message is given up (the match goes on without it: /queue status shows it).
   */
  async refused(kind: 'queue' | 'match', pk: number, lease: Date, why: string): Promise<void> {
    await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(kind === 'queue' ? QueueEntity : QueueMatchEntity)
        .set(
          kind === 'queue'
            ? { refused: why.slice(0, 200), leasedUntil: null }
            : { shownVersion: () => 'version', channelId: null, leasedUntil: null },
        )
        .where('pk = :pk AND leased_until = :lease', { pk, lease })
        .execute(),
    );
  }
}
