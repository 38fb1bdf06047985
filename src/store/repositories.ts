import { In, MoreThan, type EntityManager } from 'typeorm';
import { ApiKeyEntity, type ApiKey } from '../../entities/api-key';
import { BoardEntity, type Board } from '../../entities/board';
import { OwnerEntity, type Owner } from '../../entities/owner';
import type { ApiAccess } from '../domain/vocabulary';
import { TeamEntity, type Team } from '../../entities/team';
import type { Scope } from '../domain/scopes';
import type { Database } from './database';
import { AuditRepository } from './audit';
import { nextVersion, versionText } from './board-versions';
import { dateFromColumn } from './columns';
import { preparedReader } from './prepared';
import { Repository } from './repository';
import { EntryRepository } from './entries';
import { IdempotencyRepository } from './idempotency';
import { MatchReadRepository } from './matches';
import { ResultsRepository } from './results';
import { ReviewMessageRepository } from './review-messages';
import { ConfirmationRepository } from './confirmations';
import { ScheduleRepository } from './schedules';
import { DecayRepository } from './decay';
import { HistoryRepository } from './history';
import { CorrectionRepository } from './corrections';
import { LiveStandingsRepository } from './live-standings';
import { SeasonRepository } from './seasons';
import { RankRoleRepository } from './rank-roles';
import { SubmissionRepository } from './submissions';
import { ContestRepository } from './contests';
import { WebSessionRepository } from './web-sessions';
import { AvatarRepository } from './avatars';
import { EvidencePreviewRepository } from './evidence-previews';
import { QueueRepository } from './queues';

export class OwnerRepository extends Repository {
  get(id: string, tx?: EntityManager): Promise<Owner | null> {
    return this.use(tx, (m) => m.findOneBy(OwnerEntity, { id }));
  }
  async insert(owner: Owner, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.insert(OwnerEntity, owner));
  }
  /** The owners among these ids (the dashboard: which of a member's servers Tally knows). */
  among(ids: readonly string[]): Promise<Owner[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.use(undefined, (m) => m.findBy(OwnerEntity, { id: In([...ids]) }));
  }
  /**
   * Owners with at least one public board and how many they have (the landing page), by name
   * then id, after the keyset position `after`. Private boards are neither counted nor joined.
   */
  async withPublicBoards(
    after: { name: string; id: string } | null,
    limit: number,
  ): Promise<{ id: string; name: string; boards: number }[]> {
    const rows = await this.use(undefined, (m) => {
      const q = m
        .createQueryBuilder(OwnerEntity, 'o')
        .innerJoin(BoardEntity.options.name, 'b', 'b.owner_id = o.id AND b.private = 0')
        .select('o.id', 'id')
        .addSelect('o.name', 'name')
        .addSelect('COUNT(b.pk)', 'boards');
      if (after)
        q.where('(o.name > :name OR (o.name = :name AND o.id > :id))', {
          name: after.name,
          id: after.id,
        });
      return q
        .groupBy('o.id')
        .addGroupBy('o.name')
        .orderBy('o.name', 'ASC')
        .addOrderBy('o.id', 'ASC')
        .limit(limit)
        .getRawMany<{ id: string; name: string; boards: number | string }>();
    });
    return rows.map((r) => ({ id: r.id, name: r.name, boards: Number(r.boards) }));
  }
  /** Whether the database has any owner at all (`serve --demo` seeds only an empty one). */
  any(): Promise<boolean> {
    return this.use(undefined, (m) => m.exists(OwnerEntity));
  }
  /** Serialises per-owner counters (the 10-key limit) on MariaDB; SQLite has one writer anyway. */
  async lockForUpdate(id: string, tx: EntityManager): Promise<void> {
    if (this.dialect === 'mysql')
      await tx.query('SELECT id FROM owners WHERE id = ? FOR UPDATE', [id]);
  }
  async setAccess(id: string, apiAccess: ApiAccess, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.update(OwnerEntity, { id }, { apiAccess }));
  }
  /** The server's Discord locale as seen now, written only if it changed; rows changed. */
  async setDiscordLocale(id: string, discordLocale: string): Promise<number> {
    const result = await this.use(undefined, (m) =>
      m
        .createQueryBuilder()
        .update(OwnerEntity)
        .set({ discordLocale })
        .where('id = :id', { id })
        .andWhere('(discord_locale IS NULL OR discord_locale <> :discordLocale)', { discordLocale })
        .execute(),
    );
    return result.affected ?? 0;
  }
  /** The language the server's admins picked (null: follow Discord's). */
  async setLanguage(id: string, language: string | null, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.update(OwnerEntity, { id }, { language }));
  }
}

export class KeyRepository extends Repository {
  private readonly read = preparedReader(this.db);

  async insert(key: Omit<ApiKey, 'id'>, tx?: EntityManager): Promise<ApiKey> {
    const result = await this.use(tx, (m) => m.insert(ApiKeyEntity, key));
    return { ...key, id: Number(result.identifiers[0]?.id) };
  }
  get(id: number, tx?: EntityManager): Promise<ApiKey | null> {
    return this.use(tx, (m) => m.findOneBy(ApiKeyEntity, { id }));
  }
  /**
   * A key that authenticates: not revoked, and its owner's access not withdrawn (spec 5.7). On
   * every request, so it is one prepared statement without the query builder.
   */
  async findUsableByHash(
    hash: string,
  ): Promise<Pick<ApiKey, 'id' | 'ownerId' | 'type' | 'scopes'> | null> {
    const rows = await this.read.all<{
      id: number;
      owner_id: string;
      type: ApiKey['type'];
      scopes: string;
    }>(
      `SELECT k.id, k.owner_id, k.type, k.scopes FROM api_keys k
       JOIN owners o ON o.id = k.owner_id
       WHERE k.hash = ? AND k.revoked_at IS NULL AND o.api_access <> 'withdrawn'`,
      [hash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      ownerId: row.owner_id,
      type: row.type,
      scopes: row.scopes.split(',') as Scope[],
    };
  }
  listByOwner(ownerId: string): Promise<ApiKey[]> {
    return this.use(undefined, (m) =>
      m.find(ApiKeyEntity, { where: { ownerId }, order: { id: 'ASC' } }),
    );
  }
  countActive(ownerId: string, tx?: EntityManager): Promise<number> {
    return this.use(tx, (m) =>
      m
        .createQueryBuilder(ApiKeyEntity, 'k')
        .where('k.owner_id = :ownerId AND k.revoked_at IS NULL', { ownerId })
        .getCount(),
    );
  }
  async revoke(id: number, at: Date, tx?: EntityManager): Promise<boolean> {
    const result = await this.use(tx, (m) =>
      m
        .createQueryBuilder()
        .update(ApiKeyEntity)
        .set({ revokedAt: at })
        .where('id = :id AND revoked_at IS NULL', { id })
        .execute(),
    );
    return (result.affected ?? 0) > 0;
  }
  async revokeLiveKeysOf(ownerId: string, at: Date, tx?: EntityManager): Promise<number> {
    const result = await this.use(tx, (m) =>
      m
        .createQueryBuilder()
        .update(ApiKeyEntity)
        .set({ revokedAt: at })
        .where("owner_id = :ownerId AND type = 'live' AND revoked_at IS NULL", { ownerId })
        .execute(),
    );
    return result.affected ?? 0;
  }
}

export class BoardRepository extends Repository {
  private readonly read = preparedReader(this.db);

  async insert(board: Omit<Board, 'pk'>, tx?: EntityManager): Promise<Board> {
    const result = await this.use(tx, (m) => m.insert(BoardEntity, board));
    return { ...board, pk: Number(result.identifiers[0]?.pk) };
  }
  async rename(pk: number, id: string, displayName: string, tx?: EntityManager): Promise<void> {
    await this.update(pk, { id, displayName }, tx);
  }
  /** Changes the board's row; its version moves on with it (src/store/board-versions.ts). */
  async update(pk: number, fields: Partial<Omit<Board, 'pk'>>, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.update(BoardEntity, { pk }, { ...fields, version: nextVersion }));
  }
  /**
   * The version of the board a request names (src/store/board-versions.ts versionText), or null
   * if there is none; read before a page is read for a cache, and to confirm a cached one.
   */
  async versionOf(ownerId: string, id: string): Promise<string | null> {
    const rows = await this.read.arrays(
      'SELECT pk, version FROM boards WHERE owner_id = ? AND public_id = ?',
      [ownerId, id],
    );
    const row = rows[0];
    return row ? versionText(row[0], row[1]) : null;
  }
  /** The board a request names; on every board request, so one prepared statement. */
  async byId(ownerId: string, id: string, tx?: EntityManager): Promise<Board | null> {
    const sql = 'SELECT * FROM boards WHERE owner_id = ? AND public_id = ?';
    const rows: BoardRow[] = tx
      ? await tx.query(sql, [ownerId, id])
      : await this.read.all<BoardRow>(sql, [ownerId, id]);
    return rows[0] ? boardFromRow(rows[0]) : null;
  }
  /** A board by pk: one prepared statement too (every worker batch reads its board). */
  async byPk(pk: number, tx?: EntityManager): Promise<Board | null> {
    const sql = 'SELECT * FROM boards WHERE pk = ?';
    const rows: BoardRow[] = tx
      ? await tx.query(sql, [pk])
      : await this.read.all<BoardRow>(sql, [pk]);
    return rows[0] ? boardFromRow(rows[0]) : null;
  }
  /** Oldest first (spec 4.2); `afterPk` is the keyset position; `publicOnly` skips private ones. */
  page(ownerId: string, afterPk: number, limit: number, publicOnly = false): Promise<Board[]> {
    return this.use(undefined, (m) => {
      const q = m
        .createQueryBuilder(BoardEntity, 'b')
        .where('b.owner_id = :ownerId AND b.pk > :afterPk', { ownerId, afterPk });
      if (publicOnly) q.andWhere('b.private = 0');
      return q.orderBy('b.pk', 'ASC').limit(limit).getMany();
    });
  }
}

interface BoardRow {
  pk: number;
  owner_id: string;
  public_id: string;
  display_name: string;
  type: Board['type'];
  sort: Board['sort'];
  team_size: number;
  fixed_teams: number | boolean;
  free_for_all: number | boolean;
  validation_window_hours: number;
  k_factor: number | null;
  start_rating: number | null;
  points_win: number | null;
  points_draw: number | null;
  points_loss: number | null;
  moderator_channel_id: string | null;
  moderator_role_id: string | null;
  evidence_required: number | boolean;
  review_mode: Board['reviewMode'];
  confirm_window_hours: number;
  confirm_on_silence: Board['confirmOnSilence'];
  private: number | boolean;
  medals: number | boolean;
  standings_size: number;
  show_record: number | boolean;
  show_submissions: number | boolean;
  created_at: Date | string;
}

function boardFromRow(row: BoardRow): Board {
  return {
    pk: Number(row.pk),
    ownerId: row.owner_id,
    id: row.public_id,
    displayName: row.display_name,
    type: row.type,
    sort: row.sort,
    teamSize: Number(row.team_size),
    fixedTeams: Boolean(Number(row.fixed_teams)),
    freeForAll: Boolean(Number(row.free_for_all)),
    validationWindowHours: Number(row.validation_window_hours),
    kFactor: row.k_factor === null ? null : Number(row.k_factor),
    startRating: row.start_rating === null ? null : Number(row.start_rating),
    pointsWin: row.points_win === null ? null : Number(row.points_win),
    pointsDraw: row.points_draw === null ? null : Number(row.points_draw),
    pointsLoss: row.points_loss === null ? null : Number(row.points_loss),
    moderatorChannelId: row.moderator_channel_id,
    moderatorRoleId: row.moderator_role_id,
    evidenceRequired: Boolean(Number(row.evidence_required)),
    reviewMode: row.review_mode,
    confirmWindowHours: Number(row.confirm_window_hours),
    confirmOnSilence: row.confirm_on_silence,
    private: Boolean(Number(row.private)),
    medals: Boolean(Number(row.medals)),
    standingsSize: Number(row.standings_size),
    showRecord: Boolean(Number(row.show_record)),
    showSubmissions: Boolean(Number(row.show_submissions)),
    createdAt: dateFromColumn(row.created_at),
  };
}

export class TeamRepository extends Repository {
  async insert(team: Omit<Team, 'pk'>, tx?: EntityManager): Promise<Team> {
    const result = await this.use(tx, (m) => m.insert(TeamEntity, team));
    return { ...team, pk: Number(result.identifiers[0]?.pk) };
  }
  byPk(pk: number, tx?: EntityManager): Promise<Team | null> {
    return this.use(tx, (m) => m.findOneBy(TeamEntity, { pk }));
  }
  /** A board's teams, oldest first, after the keyset position `afterPk`. */
  page(boardPk: number, afterPk: number, limit: number): Promise<Team[]> {
    return this.use(undefined, (m) =>
      m.find(TeamEntity, {
        where: { boardPk, pk: MoreThan(afterPk) },
        order: { pk: 'ASC' },
        take: limit,
      }),
    );
  }
}

export interface Repositories {
  db: Database;
  owners: OwnerRepository;
  keys: KeyRepository;
  boards: BoardRepository;
  teams: TeamRepository;
  submissions: SubmissionRepository;
  idempotency: IdempotencyRepository;
  results: ResultsRepository;
  entries: EntryRepository;
  matches: MatchReadRepository;
  reviewMessages: ReviewMessageRepository;
  confirmations: ConfirmationRepository;
  schedules: ScheduleRepository;
  decay: DecayRepository;
  liveStandings: LiveStandingsRepository;
  seasons: SeasonRepository;
  rankRoles: RankRoleRepository;
  history: HistoryRepository;
  corrections: CorrectionRepository;
  audit: AuditRepository;
  contests: ContestRepository;
  webSessions: WebSessionRepository;
  avatars: AvatarRepository;
  queues: QueueRepository;
  evidencePreviews: EvidencePreviewRepository;
}

export function createRepositories(db: Database): Repositories {
  return {
    db,
    owners: new OwnerRepository(db),
    keys: new KeyRepository(db),
    boards: new BoardRepository(db),
    teams: new TeamRepository(db),
    submissions: new SubmissionRepository(db),
    idempotency: new IdempotencyRepository(db),
    results: new ResultsRepository(db),
    entries: new EntryRepository(db),
    matches: new MatchReadRepository(db),
    reviewMessages: new ReviewMessageRepository(db),
    confirmations: new ConfirmationRepository(db),
    schedules: new ScheduleRepository(db),
    decay: new DecayRepository(db),
    liveStandings: new LiveStandingsRepository(db),
    seasons: new SeasonRepository(db),
    rankRoles: new RankRoleRepository(db),
    history: new HistoryRepository(db),
    corrections: new CorrectionRepository(db),
    audit: new AuditRepository(db),
    contests: new ContestRepository(db),
    webSessions: new WebSessionRepository(db),
    avatars: new AvatarRepository(db),
    queues: new QueueRepository(db),
    evidencePreviews: new EvidencePreviewRepository(db),
  };
}
