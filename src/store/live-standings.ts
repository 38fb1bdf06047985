import type { EntityManager } from 'typeorm';
import { LiveStandingsEntity, type LiveStandings } from '../../entities/live-standings';
import { Repository } from './repository';

/** Live standings messages, one per board. */
export class LiveStandingsRepository extends Repository {
  get(boardPk: number): Promise<LiveStandings | null> {
    return this.use(undefined, (m) => m.findOneBy(LiveStandingsEntity, { boardPk }));
  }

  /**
   * Places (or moves) the board's live message; the next refresh posts it there. A process that
   * holds the old place loses its lease; the count of posts goes on, so no nonce comes back.
   */
  async place(boardPk: number, channelId: string): Promise<void> {
    const fresh = { channelId, messageId: null, digest: null, updatedAt: null, leasedUntil: null };
    await this.use(undefined, async (m) => {
      const moved = await m.update(LiveStandingsEntity, { boardPk }, fresh);
      if ((moved.affected ?? 0) === 0) {
        await m.insert(LiveStandingsEntity, { boardPk, ...fresh, posts: 0 });
      }
    });
  }

  async remove(boardPk: number): Promise<void> {
    await this.use(undefined, (m) => m.delete(LiveStandingsEntity, { boardPk }));
  }

  /** A new season: the next refresh posts a new message; the old one keeps the last standings. */
  async restart(boardPk: number, tx: EntityManager): Promise<void> {
    await tx.update(LiveStandingsEntity, { boardPk }, { messageId: null, digest: null });
  }

  /** Takes the message until `until` if no process holds it at `now` (compare-and-set). */
  async lease(boardPk: number, now: Date, until: Date): Promise<boolean> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(LiveStandingsEntity)
        .set({ leasedUntil: until })
        .where('board_pk = :boardPk AND (leased_until IS NULL OR leased_until <= :now)', {
          boardPk,
          now,
        })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  /**
   * What the message now shows (or, with a null message, that it must be posted again), written
   * only by the holder of the lease `lease`, which it gives up; `posted` counts a new post. False
   * when the lease was lost (it ran out and another process took it, or the message was moved).
   */
  async shown(
    boardPk: number,
    lease: Date,
    fields: Pick<LiveStandings, 'messageId' | 'digest' | 'updatedAt'>,
    posted: boolean,
  ): Promise<boolean> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(LiveStandingsEntity)
        .set({ ...fields, leasedUntil: null, ...(posted ? { posts: () => 'posts + 1' } : {}) })
        .where('board_pk = :boardPk AND leased_until = :lease', { boardPk, lease })
        .execute(),
    );
    return (result.affected ?? 0) === 1;
  }

  /** Gives the lease `lease` up, if it is still held. */
  async release(boardPk: number, lease: Date): Promise<void> {
    await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(LiveStandingsEntity)
        .set({ leasedUntil: null })
        .where('board_pk = :boardPk AND leased_until = :lease', { boardPk, lease })
        .execute(),
    );
  }
}
