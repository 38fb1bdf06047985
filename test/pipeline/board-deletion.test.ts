import { joinQueue, openQueue } from '../../src/pipeline/queues';
import { JOBS } from '../../src/pipeline/jobs';
import { Scheduler } from '../../src/pipeline/scheduler';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { TallyError } from '../../src/domain/errors';
import { boardDeletionPreview, deleteBoard } from '../../src/pipeline/board-deletion';
import { createTeam } from '../../src/pipeline/boards';
import { keepEvidencePreview } from '../../src/pipeline/evidence-previews';
import { setContest, submitEntry, voteOnEntry, reportEntry } from '../../src/pipeline/contests';
import { setDecay } from '../../src/pipeline/decay';
import { placeLiveStandings } from '../../src/pipeline/live-standings';
import { putRankRole, recordRoleOutcome } from '../../src/pipeline/rank-roles';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { backendName } from '../support/backends';
import { chatPlayer, startPipeline, type TestPipeline } from '../support/pipeline';
import { nextSnowflake } from '../support/tally';

/**
 * Deleting a board (src/pipeline/board-deletion.ts) on this run's database: every table of the
 * schema loses the board's rows and keeps everyone else's, one audit line stays, a worker
 * working the board's queue at the same moment recreates nothing, and of two deletions at once
 * exactly one deletes.
 */
const member = () => `chat:${nextSnowflake()}`;
const picture = (colour: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe(`deleting a board (${backendName})`, () => {
  let p: TestPipeline | undefined;
  afterEach(async () => {
    await p?.close();
    p = undefined;
  });

  /** Rows of every table that names `boardPk`, by table; only non-empty ones. */
  async function rowsOf(boardPk: number): Promise<Record<string, number>> {
    const { dataSource } = p!;
    const counts: Record<string, number> = {};
    const count = async (table: string, where: string, param: number | string = boardPk) => {
      const rows: { n: number | string }[] = await dataSource.query(
        `SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`,
        [param],
      );
      const n = Number(rows[0]!.n);
      if (n > 0) counts[table] = n;
    };
    for (const meta of dataSource.entityMetadatas) {
      if (meta.columns.some((c) => c.databaseName === 'board_pk'))
        await count(meta.tableName, 'board_pk = ?');
    }
    await count('boards', 'pk = ?');
    const entries = 'SELECT pk FROM contest_entries WHERE board_pk = ?';
    await count('contest_votes', `entry_pk IN (${entries})`);
    await count('contest_reports', `entry_pk IN (${entries})`);
    await count('season_standings', 'season_pk IN (SELECT pk FROM seasons WHERE board_pk = ?)');
    await count(
      'idempotency_records',
      'submission_id IN (SELECT id FROM submissions WHERE board_pk = ?)',
    );
    await count('schedules', 'subject = ?', `board:${boardPk}`);
    await count('queue_waits', 'queue_pk IN (SELECT pk FROM queues WHERE board_pk = ?)');
    await count('queue_players', 'match_pk IN (SELECT pk FROM queue_matches WHERE board_pk = ?)');
    await count(
      'schedules',
      `subject IN (SELECT ${p!.dataSource.options.type === 'mysql' ? "CONCAT('queue:', pk)" : "'queue:' || pk"} FROM queues WHERE board_pk = ?)`,
    );
    return counts;
  }

  /** An ELO board with results, a closed season, decay, roles, live standings and teams. */
  async function ladder(ownerId?: string): Promise<Board> {
    const board = await p!.board({
      type: 'ELO',
      name: 'Ladder',
      windowHours: 0,
      ...(ownerId ? { ownerId } : {}),
    });
    const players = [chatPlayer(), chatPlayer(), chatPlayer()];
    await startSeason(p!.ctx, board.ownerId, board.id, { name: 'Spring', days: 30 });
    for (let i = 0; i < 3; i++) {
      await p!.submitMatch(board, {
        team1: [players[i]],
        team2: [players[(i + 1) % 3]],
        winner: 'team1',
      });
    }
    await p!.worker.runOnce();
    await endSeason(p!.ctx, board.ownerId, board.id);
    await startSeason(p!.ctx, board.ownerId, board.id, { name: 'Summer', days: 30 });
    await setDecay(p!.ctx, board.ownerId, board.id, { amount: 5 });
    await placeLiveStandings(p!.ctx, board.ownerId, board.id, nextSnowflake());
    await putRankRole(p!.ctx, board.ownerId, board.id, {
      roleId: nextSnowflake(),
      kind: 'value',
      threshold: 900,
    });
    await recordRoleOutcome(
      p!.ctx,
      board.pk,
      `chat:${players[0]!.chat_id}`,
      nextSnowflake(),
      'given',
    );
    // Its matchmaking queue has a match in its ready check and someone waiting.
    await openQueue(p!.ctx, board, { channelId: nextSnowflake() });
    for (const player of players) {
      await joinQueue(p!.ctx, { board, member: `chat:${player.chat_id}` });
    }
    await new Scheduler(p!.ctx, JOBS).tick();
    // One more result waits in the queue.
    await p!.submitMatch(board, { team1: [players[0]], team2: [players[1]], winner: 'team2' });
    // Its image evidence, as Tally keeps a chat report's (src/pipeline/evidence-previews.ts).
    const [last] = (await p!.dataSource.query(
      'SELECT id FROM submissions WHERE board_pk = ? ORDER BY id DESC LIMIT 1',
      [board.pk],
    )) as { id: number }[];
    const kept = await keepEvidencePreview(
      p!.ctx,
      { id: Number(last!.id), boardPk: board.pk },
      await picture('#2e86c1'),
    );
    expect(kept).toBe(true);
    return board;
  }

  it('GIVEN a board with results, seasons, decay, roles, live standings and a queued write WHEN deleted THEN no table keeps a row of it, the other board keeps all of its, and one audit line says so', async () => {
    p = await startPipeline();
    const board = await ladder();
    const kept = await ladder(board.ownerId);
    const before = await rowsOf(kept.pk);
    expect(Object.keys(await rowsOf(board.pk))).toEqual(
      expect.arrayContaining([
        'entries',
        'matches',
        'seasons',
        'season_standings',
        'schedules',
        'queues',
        'queue_waits',
        'queue_matches',
        'queue_players',
        'evidence_previews',
      ]),
    );

    const teams = await p.board({ type: 'ELO', fixedTeams: true, ownerId: board.ownerId });
    await createTeam(p.ctx, teams.ownerId, teams.id, 'Reds');
    const seasonSubjects = (
      (await p.dataSource.query('SELECT pk FROM seasons WHERE board_pk = ?', [board.pk])) as {
        pk: number;
      }[]
    ).map((s) => `season:${s.pk}:`);
    const preview = await boardDeletionPreview(p.ctx, board.ownerId, board.id);
    expect(preview.contents).toMatchObject({ matches: 4, seasons: 2, evidenceImages: 1 });
    expect(preview.contents.entries).toBeGreaterThan(0);

    const { contents } = await deleteBoard(p.ctx, board.ownerId, board.id, 'cli');
    expect(contents).toEqual(preview.contents);
    expect(await rowsOf(board.pk)).toEqual({});
    expect(await rowsOf(kept.pk)).toEqual(before);
    const schedules = (await p.dataSource.query('SELECT subject FROM schedules')) as {
      subject: string;
    }[];
    for (const s of schedules) {
      expect(seasonSubjects.some((prefix) => s.subject.startsWith(prefix))).toBe(false);
    }
    expect(await rowsOf(teams.pk)).toMatchObject({ teams: 1 });
    await deleteBoard(p.ctx, teams.ownerId, teams.id, 'cli');
    expect(await rowsOf(teams.pk)).toEqual({});
    await expect(boardDeletionPreview(p.ctx, board.ownerId, board.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    // Its queued write went with it: the worker (working the other board's) recreates nothing.
    await p.worker.runOnce();
    expect(await rowsOf(board.pk)).toEqual({});
    const lines: { line: string }[] = await p.dataSource.query(
      'SELECT line FROM audit_events WHERE owner_id = ? ORDER BY pk',
      [board.ownerId],
    );
    const line = lines.find((l) => l.line.includes('deleted the board **Ladder**'))!.line;
    expect(line).toContain(
      `${preview.contents.entries} entries, 4 matches, 2 seasons, 1 evidence image`,
    );
    // A new board never takes the deleted one's pk (and so its board_<n> id).
    const next = await p.board({ ownerId: board.ownerId });
    expect(next.pk).toBeGreaterThan(teams.pk);
  });

  it('GIVEN a contest board with entries, votes and reports WHEN deleted THEN its images go unless another board shows them', async () => {
    p = await startPipeline();
    const gallery = await p.board({ type: 'Rating', windowHours: 0 });
    const other = await p.board({ type: 'Rating', windowHours: 0, ownerId: gallery.ownerId });
    for (const b of [gallery, other]) await setContest(p.ctx, b.ownerId, b.id, {});
    const enter = async (b: Board, colour: string) =>
      (
        await submitEntry(p!.ctx, {
          ownerId: b.ownerId,
          boardId: b.id,
          authorId: member(),
          authorName: 'Ann',
          title: 'Dunes',
          bytes: await picture(colour),
        })
      ).entry;
    const own = await enter(gallery, '#884422');
    const shared = await enter(gallery, '#224488');
    await enter(other, '#224488');
    await voteOnEntry(p.ctx, {
      ownerId: gallery.ownerId,
      entryPk: own.pk,
      voterId: member(),
      value: 7,
    });
    await reportEntry(p.ctx, { ownerId: gallery.ownerId, entryPk: own.pk, reporterId: member() });
    const images = async () =>
      ((await p!.dataSource.query('SELECT hash FROM images')) as { hash: string }[]).map(
        (r) => r.hash,
      );
    expect(await images()).toEqual(expect.arrayContaining([own.imageHash, shared.imageHash]));

    const { contents } = await deleteBoard(p.ctx, gallery.ownerId, gallery.id, 'cli');
    expect(contents.contestEntries).toBe(2);
    expect(await rowsOf(gallery.pk)).toEqual({});
    const left = await images();
    expect(left).not.toContain(own.imageHash);
    expect(left).not.toContain(own.thumbHash);
    expect(left).toContain(shared.imageHash);
    expect(await rowsOf(other.pk)).toMatchObject({ contest_entries: 1, contest_settings: 1 });
  });

  it('GIVEN two deletions of one board at once THEN exactly one deletes and the other is a 404', async () => {
    p = await startPipeline();
    const board = await ladder();
    const outcomes = await Promise.allSettled([
      deleteBoard(p.ctx, board.ownerId, board.id, 'cli'),
      deleteBoard(p.ctx, board.ownerId, board.id, 'cli'),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(TallyError);
    expect((refused.reason as TallyError).code).toBe('not_found');
    expect(await rowsOf(board.pk)).toEqual({});
  });

  it('GIVEN a worker draining the board’s queue WHEN the board is deleted meanwhile THEN nothing of it is left or recreated', async () => {
    p = await startPipeline();
    const board = await p.board({ type: 'ELO', windowHours: 0 });
    const players = Array.from({ length: 6 }, chatPlayer);
    for (let i = 0; i < 150; i++) {
      await p.submitMatch(board, {
        team1: [players[i % 6]],
        team2: [players[(i + 1) % 6]],
        winner: 'team1',
      });
    }
    const draining = p.worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await deleteBoard(p.ctx, board.ownerId, board.id, 'cli');
    await draining;
    await p.worker.runOnce();
    expect(await rowsOf(board.pk)).toEqual({});
  });
});
