import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntryEntity, type Entry } from '../../entities/entry';
import { MatchEntity, type Match } from '../../entities/match';
import { MatchParticipantEntity } from '../../entities/match-participant';
import { ScoreEntity, type Score } from '../../entities/score';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/store/data-source';
import { backendName, createTestDatabase, type TestDatabase } from '../support/backends';

/**
 * DESIGN.md 2: scores are integers within ±(2^53−1), stored as BIGINT and never rounded on the
 * way out (mysql2 returns BIGINT as a string, better-sqlite3 as a number); DESIGN.md 5: times
 * are datetime(3) and keep their milliseconds.
 */
const MAX = Number.MAX_SAFE_INTEGER; // 9007199254740991
const EXTREMES = [MAX, -MAX, 0, 1, MAX - 1, -MAX + 1];

describe(`BIGINT and datetime(3) precision through the entities (${backendName})`, () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await openDatabase(loadConfig({ DATABASE_URL: db.url }).database);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const entry = (boardPk: number, value: number, i: number): Entry => ({
    boardPk,
    playerId: `chat:1000000000000000${String(i).padStart(2, '0')}`,
    playerName: `player ${i}`,
    score: value,
    elo: value,
    rankKey: 0 - value, // never -0
    wins: null,
    draws: null,
    losses: null,
    submissions: 1,
    lastSub: new Date(`2026-11-01T12:34:56.${String(100 + i).padStart(3, '0')}Z`),
  });

  it('GIVEN ±(2^53−1), 0 and 1 as entry score, elo and rank_key THEN reads back the exact numbers', async () => {
    const written = EXTREMES.map((v, i) => entry(1, v, i));
    await ds.getRepository(EntryEntity).insert(written.map((e) => ({ ...e })));

    const read = await ds.getRepository(EntryEntity).find({
      where: { boardPk: 1 },
      order: { playerId: 'ASC' },
    });
    expect(read).toHaveLength(EXTREMES.length);
    for (const [i, row] of read.entries()) {
      const value = EXTREMES[i]!;
      expect(typeof row.score).toBe('number');
      expect(typeof row.elo).toBe('number');
      expect(typeof row.rankKey).toBe('number');
      expect(row.score).toBe(value);
      expect(row.elo).toBe(value);
      expect(row.rankKey).toBe(0 - value);
    }
    expect(read).toEqual(written);
  });

  it('GIVEN the extremes THEN the database itself holds them exactly, orders and matches on them', async () => {
    const texts: { player_id: string; s: string }[] = await ds.query(
      'SELECT player_id, CAST(score AS CHAR) AS s FROM entries WHERE board_pk = 1 ORDER BY score',
    );
    expect(texts.map((r) => r.s)).toEqual([
      '-9007199254740991',
      '-9007199254740990',
      '0',
      '1',
      '9007199254740990',
      '9007199254740991',
    ]);

    const top = await ds
      .getRepository(EntryEntity)
      .createQueryBuilder('e')
      .where('e.board_pk = :board', { board: 1 })
      .orderBy('e.rank_key', 'ASC')
      .addOrderBy('e.player_id', 'ASC')
      .getMany();
    expect(top.map((e) => e.score)).toEqual([MAX, MAX - 1, 1, 0, -MAX + 1, -MAX]);

    // Equality on the neighbours of 2^53−1 finds exactly one row each.
    const exact = await ds.getRepository(EntryEntity).findBy({ boardPk: 1, score: MAX });
    expect(exact.map((e) => e.score)).toEqual([MAX]);
    const below = await ds.getRepository(EntryEntity).findBy({ boardPk: 1, score: MAX - 1 });
    expect(below.map((e) => e.score)).toEqual([MAX - 1]);
  });

  it('GIVEN an entry updated to −(2^53−1) THEN the update is exact too', async () => {
    const repo = ds.getRepository(EntryEntity);
    await repo.insert(entry(2, 1, 50));
    await repo.update({ boardPk: 2, playerId: 'chat:100000000000000050' }, { score: -MAX });
    const row = await repo.findOneByOrFail({ boardPk: 2 });
    expect(row.score).toBe(-MAX);
  });

  it('GIVEN scores of ±(2^53−1), 0 and 1 THEN ScoreEntity reads them back exactly', async () => {
    const submittedAt = new Date('2026-11-01T12:34:56.123Z');
    const written: Omit<Score, 'pk'>[] = EXTREMES.map((score, i) => ({
      boardPk: 3,
      playerId: `chat:2000000000000000${String(i).padStart(2, '0')}`,
      playerName: `p${i}`,
      score,
      status: 'approved',
      submittedAt,
      submittedBy: 'api',
      submissionId: i + 1,
      reviewedAt: null,
      reviewedBy: null,
    }));
    // insert() writes the generated pk back into its argument: give it copies.
    for (const score of written) await ds.getRepository(ScoreEntity).insert({ ...score });

    const read = await ds.getRepository(ScoreEntity).find({
      where: { boardPk: 3 },
      order: { pk: 'ASC' },
    });
    expect(read.map((s) => s.score)).toEqual(EXTREMES);
    for (const s of read) expect(typeof s.score).toBe('number');
    expect(read.map(({ pk: _pk, ...rest }) => rest)).toEqual(written);
  });

  it('GIVEN match team scores and rating snapshots at the extremes THEN they read back exactly', async () => {
    const pairs: [number, number][] = [
      [MAX, -MAX],
      [0, 1],
      [-MAX, MAX],
    ];
    for (const [i, [team1Score, team2Score]] of pairs.entries()) {
      const match: Omit<Match, 'pk'> = {
        boardPk: 4,
        number: i + 1,
        winner: team1Score > team2Score ? 'team1' : 'team2',
        team1Score,
        team2Score,
        status: 'approved',
        submittedAt: new Date('2026-11-01T12:00:00.001Z'),
        submittedBy: 'api',
        submissionId: null,
        reviewedAt: new Date('2026-11-01T13:00:00.999Z'),
        reviewedBy: 'chat:100000000000000001',
      };
      const { identifiers } = await ds.getRepository(MatchEntity).insert(match);
      await ds.getRepository(MatchParticipantEntity).insert({
        matchPk: Number(identifiers[0]?.pk),
        side: 1,
        position: 0,
        boardPk: 4,
        matchNumber: i + 1,
        playerId: 'chat:100000000000000001',
        playerName: 'one',
        eloBefore: team1Score,
        eloDelta: team2Score,
      });
    }

    const matches = await ds.getRepository(MatchEntity).find({
      where: { boardPk: 4 },
      order: { number: 'ASC' },
    });
    expect(matches.map((m) => [m.team1Score, m.team2Score])).toEqual(pairs);
    for (const m of matches) {
      expect(typeof m.team1Score).toBe('number');
      expect(typeof m.team2Score).toBe('number');
      expect(m.submittedAt.toISOString()).toBe('2026-11-01T12:00:00.001Z');
      expect(m.reviewedAt?.toISOString()).toBe('2026-11-01T13:00:00.999Z');
    }
    const participants = await ds.getRepository(MatchParticipantEntity).find({
      where: { boardPk: 4 },
      order: { matchNumber: 'ASC' },
    });
    expect(participants.map((p) => [p.eloBefore, p.eloDelta])).toEqual(pairs);
  });

  it('GIVEN a null team score THEN it stays null, not 0', async () => {
    await ds.getRepository(MatchEntity).insert({
      boardPk: 5,
      number: 1,
      winner: 'draw',
      team1Score: null,
      team2Score: null,
      status: 'pending',
      submittedAt: new Date('2026-11-01T12:00:00.000Z'),
      submittedBy: null,
      submissionId: null,
      reviewedAt: null,
      reviewedBy: null,
    });
    const match = await ds.getRepository(MatchEntity).findOneByOrFail({ boardPk: 5 });
    expect(match.team1Score).toBeNull();
    expect(match.team2Score).toBeNull();
    expect(match.reviewedAt).toBeNull();
  });

  it('GIVEN a Date with .123 ms THEN datetime(3) gives back the same instant', async () => {
    const repo = ds.getRepository(EntryEntity);
    const instants = [
      '2026-11-01T12:34:56.123Z',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.001Z',
    ];
    for (const [i, iso] of instants.entries())
      await repo.insert({ ...entry(6, i, i), lastSub: new Date(iso) });

    const read = await repo.find({ where: { boardPk: 6 }, order: { playerId: 'ASC' } });
    expect(read.map((e) => e.lastSub?.toISOString())).toEqual(instants);
    expect(read[0]!.lastSub).toBeInstanceOf(Date);
    expect(read[0]!.lastSub!.getTime()).toBe(Date.parse('2026-11-01T12:34:56.123Z'));
    expect(read[0]!.lastSub!.getUTCMilliseconds()).toBe(123);

    // A range query at millisecond granularity separates instants 1 ms apart.
    const after = await repo
      .createQueryBuilder('e')
      .where('e.board_pk = :board AND e.last_sub > :at', {
        board: 6,
        at: new Date('2026-12-31T23:59:59.998Z'),
      })
      .getMany();
    expect(after.map((e) => e.lastSub?.toISOString()).sort()).toEqual(instants.slice(1));
  });
});
