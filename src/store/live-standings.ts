import type { EntityManager } from 'typeorm';
import { LiveStandingsEntity, type LiveStandings } from '../../entities/live-standings';
import { Repository } from './repository';

/** Live standings messages, one per board. */
export class LiveStandingsRepository extends Repository {
  get(boardPk: number): Promise<LiveStandings | null> {
    return this.use(undefined, (m) => m.findOneBy(LiveStandingsEntity, { boardPk }));
  }

  /** Places (or moves) the board's live message; the next refresh posts it there. */
  async place(boardPk: number, channelId: string): Promise<void> {
    await this.use(undefined, async (m) => {
      await m.delete(LiveStandingsEntity, { boardPk });
      await m.insert(LiveStandingsEntity, {
        boardPk,
        channelId,
        messageId: null,
        digest: null,
        updatedAt: null,
      });
    });
  }

  async remove(boardPk: number): Promise<void> {
    await this.use(undefined, (m) => m.delete(LiveStandingsEntity, { boardPk }));
  }

  /** A new season: the next refresh posts a new message; the old one keeps the last standings. */
  async restart(boardPk: number, tx: EntityManager): Promise<void> {
    await tx.update(LiveStandingsEntity, { boardPk }, { messageId: null, digest: null });
  }

  /** What the message now shows (or, with a null message, that it must be posted again). */
  async shown(
    boardPk: number,
    fields: Pick<LiveStandings, 'messageId' | 'digest' | 'updatedAt'>,
  ): Promise<void> {
    await this.use(undefined, (m) => m.update(LiveStandingsEntity, { boardPk }, fields));
  }
}
