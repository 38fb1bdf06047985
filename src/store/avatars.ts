import { In } from 'typeorm';
import { MemberAvatarEntity, type MemberAvatar } from '../../entities/member-avatar';
import { OwnerEntity } from '../../entities/owner';
import { Repository } from './repository';

/** Members' avatar hashes per workspace and servers' icons (issue 29 item 2). */
export class AvatarRepository extends Repository {
  /** Writes these members' hashes as seen now (one statement); the caller skips unchanged ones. */
  async put(rows: readonly MemberAvatar[]): Promise<void> {
    if (rows.length === 0) return;
    await this.use(undefined, (m) =>
      m.upsert(MemberAvatarEntity, [...rows], ['ownerId', 'userId']),
    );
  }

  /** The hashes of these members of a workspace (one indexed read: the primary key). */
  of(ownerId: string, userIds: readonly string[]): Promise<MemberAvatar[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.use(undefined, (m) =>
      m.findBy(MemberAvatarEntity, { ownerId, userId: In([...new Set(userIds)]) }),
    );
  }

  /** A server's icon, on its owner row if Tally has one (none is made for it); rows changed. */
  async setIcon(ownerId: string, icon: string | null): Promise<number> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(OwnerEntity)
        .set({ icon })
        .where('id = :ownerId', { ownerId })
        .andWhere(icon === null ? 'icon IS NOT NULL' : '(icon IS NULL OR icon <> :icon)', { icon })
        .execute(),
    );
    return result.affected ?? 0;
  }
}
