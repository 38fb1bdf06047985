import { In, type EntityManager } from 'typeorm';
import {
  ContestEntryEntity,
  ContestReportEntity,
  ContestSettingsEntity,
  ContestVoteEntity,
  ImageEntity,
  type ContestEntry,
  type ContestSettings,
  type StoredImageRow,
} from '../../entities/contest';
import { CONTEST_DEFAULTS, type EntryStatus } from '../domain/contest';
import { dateFromColumn } from './columns';
import { timeParam } from './raw';
import { Repository } from './repository';

export type NewEntry = Omit<ContestEntry, 'pk'>;

/** Rating boards' contests: settings, entries, votes, reports and images (entities/contest.ts). */
export class ContestRepository extends Repository {
  async settings(boardPk: number, tx?: EntityManager): Promise<ContestSettings> {
    const row = await this.use(tx, (m) => m.findOneBy(ContestSettingsEntity, { boardPk }));
    return (
      row ?? {
        boardPk,
        entriesPerMember: CONTEST_DEFAULTS.entriesPerMember,
        approval: CONTEST_DEFAULTS.approval,
        channelId: null,
        submissionsUntil: null,
        votingUntil: null,
        minVotes: CONTEST_DEFAULTS.minVotes,
        changedAt: null,
      }
    );
  }

  async putSettings(settings: ContestSettings, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.upsert(ContestSettingsEntity, settings, ['boardPk']));
  }

  async insertEntry(entry: NewEntry, tx: EntityManager): Promise<ContestEntry> {
    const result = await tx.insert(ContestEntryEntity, entry);
    return { ...entry, pk: Number(result.identifiers[0]?.pk) };
  }

  entry(pk: number, tx?: EntityManager): Promise<ContestEntry | null> {
    return this.use(tx, (m) => m.findOneBy(ContestEntryEntity, { pk }));
  }

  /** Locks the entry's row for the rest of the transaction (MariaDB; SQLite has one writer). */
  async lockEntry(pk: number, tx: EntityManager): Promise<void> {
    if (this.dialect === 'mysql') {
      await tx.query('SELECT pk FROM contest_entries WHERE pk = ? FOR UPDATE', [pk]);
    }
  }

  /** A board's entries in the given states, oldest first. */
  entries(
    boardPk: number,
    statuses: readonly EntryStatus[],
    tx?: EntityManager,
  ): Promise<ContestEntry[]> {
    return this.use(tx, (m) =>
      m.find(ContestEntryEntity, {
        where: { boardPk, status: In([...statuses]) },
        order: { pk: 'ASC' },
      }),
    );
  }

  /** Entries of several boards in the given states (a moderator's review list). */
  entriesOfBoards(
    boardPks: readonly number[],
    statuses: readonly EntryStatus[],
  ): Promise<ContestEntry[]> {
    if (boardPks.length === 0) return Promise.resolve([]);
    return this.use(undefined, (m) =>
      m.find(ContestEntryEntity, {
        where: { boardPk: In([...boardPks]), status: In([...statuses]) },
        order: { pk: 'ASC' },
      }),
    );
  }

  /** One author's entries on a board in the given states, oldest first. */
  entriesOf(
    boardPk: number,
    authorId: string,
    statuses: readonly EntryStatus[],
    tx?: EntityManager,
  ): Promise<ContestEntry[]> {
    return this.use(tx, (m) =>
      m.find(ContestEntryEntity, {
        where: { boardPk, authorId, status: In([...statuses]) },
        order: { pk: 'ASC' },
      }),
    );
  }

  /** The entries an archived contest (season) ended with, by final rank. */
  archived(seasonPk: number): Promise<ContestEntry[]> {
    return this.use(undefined, (m) =>
      m.find(ContestEntryEntity, { where: { seasonPk }, order: { pk: 'ASC' } }),
    );
  }

  /** The votes on a board's live entries, all together: the prior of the damped average. */
  async totals(boardPk: number, tx?: EntityManager): Promise<{ votes: number; voteSum: number }> {
    const rows: { votes: unknown; vote_sum: unknown }[] = await this.use(tx, (m) =>
      m.query(
        `SELECT COALESCE(SUM(votes), 0) AS votes, COALESCE(SUM(vote_sum), 0) AS vote_sum
         FROM contest_entries WHERE board_pk = ? AND status = 'live'`,
        [boardPk],
      ),
    );
    return { votes: Number(rows[0]?.votes ?? 0), voteSum: Number(rows[0]?.vote_sum ?? 0) };
  }

  /**
   * Moves an entry from one of `from` to `to`; false if it was in none of them (someone else
   * decided first), so exactly one of two racing moderators wins.
   */
  async setStatus(
    pk: number,
    from: readonly EntryStatus[],
    to: Partial<
      Pick<
        ContestEntry,
        'status' | 'reason' | 'decidedAt' | 'seasonPk' | 'finalRank' | 'noticeState'
      >
    >,
    tx: EntityManager,
  ): Promise<boolean> {
    const result = await tx.update(ContestEntryEntity, { pk, status: In([...from]) }, to);
    return (result.affected ?? 0) > 0;
  }

  voteOf(entryPk: number, voterId: string, tx?: EntityManager): Promise<number | null> {
    return this.use(tx, async (m) => {
      const row = await m.findOneBy(ContestVoteEntity, { entryPk, voterId });
      return row ? row.value : null;
    });
  }

  /** A member's votes on these entries, by entry pk (the gallery shows each their own). */
  async votesBy(entryPks: readonly number[], voterId: string): Promise<Map<number, number>> {
    if (entryPks.length === 0) return new Map();
    const rows = await this.use(undefined, (m) =>
      m.findBy(ContestVoteEntity, { entryPk: In([...entryPks]), voterId }),
    );
    return new Map(rows.map((r) => [r.entryPk, r.value]));
  }

  /**
   * Records a member's vote (a new one, or a change), then the entry's count and sum from its
   * votes. The caller holds the entry's lock, so two votes on one entry cannot lose a count.
   */
  async vote(
    entryPk: number,
    voterId: string,
    value: number,
    at: Date,
    tx: EntityManager,
  ): Promise<void> {
    // One statement: an UPDATE of a vote not cast yet takes a gap lock on MariaDB, and two first
    // votes on neighbouring entries then deadlock on each other's INSERT.
    await tx.upsert(ContestVoteEntity, { entryPk, voterId, value, at }, ['entryPk', 'voterId']);
    await tx.query(
      `UPDATE contest_entries SET
         votes = (SELECT COUNT(*) FROM contest_votes WHERE entry_pk = ?),
         vote_sum = (SELECT COALESCE(SUM(value), 0) FROM contest_votes WHERE entry_pk = ?)
       WHERE pk = ?`,
      [entryPk, entryPk, entryPk],
    );
  }

  /** How many votes of each value an entry has (never who gave them). */
  async distribution(entryPk: number): Promise<{ value: number; count: number }[]> {
    const rows: { value: unknown; n: unknown }[] = await this.use(undefined, (m) =>
      m.query('SELECT value, COUNT(*) AS n FROM contest_votes WHERE entry_pk = ? GROUP BY value', [
        entryPk,
      ]),
    );
    return rows.map((r) => ({ value: Number(r.value), count: Number(r.n) }));
  }

  /** A member's report; false if they had reported it already. Counts it on the entry. */
  async report(entryPk: number, reporterId: string, at: Date, tx: EntityManager): Promise<boolean> {
    if (await tx.findOneBy(ContestReportEntity, { entryPk, reporterId })) return false;
    await tx.insert(ContestReportEntity, { entryPk, reporterId, at });
    await tx.increment(ContestEntryEntity, { pk: entryPk }, 'reports', 1);
    return true;
  }

  /** Forgets an entry's votes and reports (it is gone: declined, removed or withdrawn). */
  async forgetVotes(entryPk: number, tx: EntityManager): Promise<void> {
    await tx.delete(ContestVoteEntity, { entryPk });
    await tx.delete(ContestReportEntity, { entryPk });
  }

  async putImage(image: Omit<StoredImageRow, 'createdAt'>, at: Date, tx: EntityManager) {
    const exists = await tx.query('SELECT hash FROM images WHERE hash = ?', [image.hash]);
    if ((exists as unknown[]).length > 0) return;
    await tx.query(
      `INSERT INTO images (hash, content_type, width, height, size, data, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        image.hash,
        image.contentType,
        image.width,
        image.height,
        image.size,
        image.data,
        timeParam(this.dialect, at),
      ],
    );
  }

  async image(hash: string): Promise<StoredImageRow | null> {
    const rows: Record<string, unknown>[] = await this.use(undefined, (m) =>
      m.query(
        'SELECT hash, content_type, width, height, size, data, created_at FROM images WHERE hash = ?',
        [hash],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      hash: row.hash as string,
      contentType: row.content_type as string,
      width: Number(row.width),
      height: Number(row.height),
      size: Number(row.size),
      data: Buffer.from(row.data as Uint8Array),
      createdAt: dateFromColumn(row.created_at as Date | string),
    };
  }

  /**
   * The boards whose kept entries (pending, live, archived) show the image `hash`, as whose they
   * are and whether they are private: the public pages serve a picture only to whom may see one.
   */
  async imageBoards(hash: string): Promise<{ ownerId: string; private: boolean }[]> {
    const rows: { owner_id: string; private: number | boolean }[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT DISTINCT b.owner_id, b.private FROM contest_entries e
           JOIN boards b ON b.pk = e.board_pk
           WHERE (e.image_hash = ? OR e.thumb_hash = ?) AND e.status IN ('pending', 'live', 'archived')`,
        [hash, hash],
      ),
    );
    return rows.map((r) => ({ ownerId: r.owner_id, private: Boolean(Number(r.private)) }));
  }

  /** Deletes the images no kept entry shows any more (content-addressed: one may share). */
  async deleteUnusedImages(hashes: readonly string[], tx: EntityManager): Promise<number> {
    let deleted = 0;
    for (const hash of new Set(hashes)) {
      const used: unknown[] = await tx.query(
        `SELECT pk FROM contest_entries WHERE (image_hash = ? OR thumb_hash = ?)
         AND status IN ('pending', 'live', 'archived') LIMIT 1`,
        [hash, hash],
      );
      if (used.length > 0) continue;
      const result = await tx.delete(ImageEntity, { hash });
      deleted += result.affected ?? 0;
    }
    return deleted;
  }

  /** Takes an entry's post for a process until `lease`, if no process holds it at `now`. */
  async takePost(pk: number, now: Date, lease: Date): Promise<boolean> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(ContestEntryEntity)
        .set({ postLease: lease })
        .where('pk = :pk AND (post_lease IS NULL OR post_lease < :now)', { pk, now })
        .execute(),
    );
    return (result.affected ?? 0) > 0;
  }

  /** What the post now shows, recorded by the holder of `lease`, which it gives up. */
  async recordPost(
    pk: number,
    post: { channelId: string | null; messageId: string | null; votes: number; at: Date },
    lease: Date,
  ): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(
        ContestEntryEntity,
        { pk, postLease: lease },
        {
          postChannelId: post.channelId,
          postMessageId: post.messageId,
          postedVotes: post.votes,
          postedAt: post.at,
          postLease: null,
        },
      ),
    );
  }

  /** The moderators' message of a pending entry, recorded by the holder of `lease`. */
  async recordReview(
    pk: number,
    review: Pick<ContestEntry, 'reviewState' | 'reviewChannelId' | 'reviewMessageId'>,
    lease: Date,
  ): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(ContestEntryEntity, { pk, postLease: lease }, { ...review, postLease: null }),
    );
  }

  async recordNotice(pk: number, state: ContestEntry['noticeState'], lease: Date): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(
        ContestEntryEntity,
        { pk, postLease: lease },
        { noticeState: state, postLease: null },
      ),
    );
  }

  /** Holds the entry's work back until `until` (Discord refuses the channel for now). */
  async postLater(pk: number, lease: Date, until: Date): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(ContestEntryEntity, { pk, postLease: lease }, { postLease: until }),
    );
  }

  async releasePost(pk: number, lease: Date): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(ContestEntryEntity, { pk, postLease: lease }, { postLease: null }),
    );
  }

  /**
   * Entries with Discord work due and no process holding them: a live entry on a board with a
   * contest channel and no post yet, or a post whose vote count is behind and was last written
   * before `editBefore`, or written before the settings last changed (another channel, voting
   * open again) or before voting closed (its buttons go; caught up after downtime); a post of an entry that left the contest; a pending entry's moderators'
   * message to post, or to close once decided; an author's notice.
   */
  async postsDue(now: Date, editBefore: Date, limit: number): Promise<number[]> {
    const rows: { pk: unknown }[] = await this.use(undefined, (m) =>
      m.query(
        `SELECT e.pk FROM contest_entries e
         LEFT JOIN contest_settings s ON s.board_pk = e.board_pk
         WHERE (e.post_lease IS NULL OR e.post_lease < ?)
         AND ((e.status = 'live' AND s.channel_id IS NOT NULL AND (e.post_message_id IS NULL
                OR (e.posted_votes <> e.votes AND (e.posted_at IS NULL OR e.posted_at < ?))
                OR e.posted_at < s.changed_at
                OR (s.voting_until <= ? AND e.posted_at < s.voting_until)))
           OR (e.status <> 'live' AND e.post_message_id IS NOT NULL)
           OR (e.status = 'pending' AND e.review_state = 'due')
           OR (e.status <> 'pending' AND e.review_state = 'posted')
           OR e.notice_state = 'due')
         ORDER BY e.pk LIMIT ?`,
        [
          timeParam(this.dialect, now),
          timeParam(this.dialect, editBefore),
          timeParam(this.dialect, now),
          limit,
        ],
      ),
    );
    return rows.map((r) => Number(r.pk));
  }
}
