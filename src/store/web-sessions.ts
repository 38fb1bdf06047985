import { LessThan, MoreThan, type EntityManager } from 'typeorm';
import {
  WebSessionEntity,
  WebSignInEntity,
  type WebSession,
  type WebSignIn,
} from '../../entities/web-session';
import { Repository } from './repository';

export type NewWebSession = Omit<WebSession, 'pk'>;

/** Sign-in with Discord: sessions and sign-ins in flight (entities/web-session.ts). */
export class WebSessionRepository extends Repository {
  async insertSignIn(signIn: WebSignIn): Promise<void> {
    await this.db.run((m) => m.insert(WebSignInEntity, signIn));
  }

  /**
   * The sign-in with this state, removed as it is read: of two callbacks with one `state` only
   * the one whose DELETE removed the row gets it; a late or replayed one gets null.
   */
  async takeSignIn(stateHash: string, now: Date): Promise<WebSignIn | null> {
    return this.db.run(async (m) => {
      const row = await m.findOneBy(WebSignInEntity, { stateHash });
      if (!row) return null;
      const removed = await m.delete(WebSignInEntity, { stateHash });
      if ((removed.affected ?? 0) !== 1) return null;
      return row.expiresAt > now ? row : null;
    });
  }

  async insertSession(session: NewWebSession): Promise<WebSession> {
    return this.db.run(async (m) => {
      const result = await m.insert(WebSessionEntity, session);
      return { ...session, pk: Number(result.identifiers[0]?.pk) };
    });
  }

  /** A live session (not past its absolute end); idle expiry is the use case's rule. */
  session(idHash: string, now: Date, tx?: EntityManager): Promise<WebSession | null> {
    return this.use(tx, (m) => m.findOneBy(WebSessionEntity, { idHash, expiresAt: MoreThan(now) }));
  }

  async touch(pk: number, seenAt: Date): Promise<void> {
    await this.db.run((m) => m.update(WebSessionEntity, { pk }, { seenAt }));
  }

  async updateTokens(
    pk: number,
    tokens: Pick<WebSession, 'accessToken' | 'refreshToken' | 'tokenExpiresAt'>,
  ): Promise<void> {
    await this.db.run((m) => m.update(WebSessionEntity, { pk }, tokens));
  }

  async deleteSession(idHash: string): Promise<boolean> {
    const removed = await this.db.run((m) => m.delete(WebSessionEntity, { idHash }));
    return (removed.affected ?? 0) > 0;
  }

  /** Sign-ins never finished, past their ten minutes. */
  async purgeSignIns(now: Date): Promise<void> {
    await this.db.run((m) => m.delete(WebSignInEntity, { expiresAt: LessThan(now) }));
  }

  /** Sessions past their end and sign-ins never finished: gone, so nothing lingers. */
  async purge(now: Date, idleBefore: Date): Promise<number> {
    return this.db.run(async (m) => {
      const ended = await m.delete(WebSessionEntity, { expiresAt: LessThan(now) });
      const idle = await m.delete(WebSessionEntity, { seenAt: LessThan(idleBefore) });
      const abandoned = await m.delete(WebSignInEntity, { expiresAt: LessThan(now) });
      return (ended.affected ?? 0) + (idle.affected ?? 0) + (abandoned.affected ?? 0);
    });
  }
}
