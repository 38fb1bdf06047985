import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { replayHistory, type PastEvent } from './history-backfill';
import { columns, index } from './schema';

/**
 * Entry history (entities/entry-history.ts): every change of a participant's value with its time
 * and cause. Replaces entry_changes (decay and season resets only), and is backfilled from what
 * every board recorded before: applied matches and scores, those changes, and season ends.
 */
export class EntryHistory1733300000000 implements MigrationInterface {
  name = 'EntryHistory1733300000000';

  async up(runner: QueryRunner): Promise<void> {
    const mysql = runner.connection.options.type === 'mysql';
    const c = columns(mysql);
    await runner.createTable(
      new Table({
        name: 'entry_history',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.text('player_id', 160, { binary: true }),
          c.time('at'),
          c.bigint('value', true),
          c.bigint('delta', true),
          c.text('kind', 6),
          c.int('ref', true),
          c.text('cause', 200),
        ],
        // A player's series since a time (the primary key rides along in both engines'
        // secondary indexes, so newest-first reads need no other index).
        indices: [index('entry_history', ['board_pk', 'player_id', 'at'])],
      }),
      true,
    );
    // MariaDB commits CREATE TABLE by itself, so a run cut short leaves rows behind: start clean.
    await runner.query('DELETE FROM entry_history');
    const boards: Record<string, unknown>[] = await runner.query(
      `SELECT pk, type, sort, start_rating, points_win, points_draw, points_loss FROM boards
         WHERE type <> 'Rating' ORDER BY pk`,
    );
    for (const row of boards) {
      const board = boardOf(row);
      const rows = replayHistory(board, await pastEvents(runner, board.pk, board.type));
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        await runner.query(
          `INSERT INTO entry_history (board_pk, player_id, at, value, delta, kind, ref, cause)
             VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
          chunk.flatMap((r) => [
            board.pk,
            r.playerId,
            timeText(mysql, r.at),
            r.value,
            r.delta,
            r.kind,
            r.ref,
            r.cause,
          ]),
        );
      }
    }
    await runner.dropTable('entry_changes');
  }

  async down(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    await runner.createTable(
      new Table({
        name: 'entry_changes',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.text('player_id', 160, { binary: true }),
          c.time('at'),
          c.int('delta'),
          c.text('cause', 200),
        ],
        indices: [index('entry_changes', ['board_pk', 'player_id', 'at'])],
      }),
      true,
    );
    await runner.query(
      `INSERT INTO entry_changes (board_pk, player_id, at, delta, cause)
         SELECT board_pk, player_id, at, delta, cause FROM entry_history
         WHERE kind IN ('decay', 'season') AND delta IS NOT NULL ORDER BY pk`,
    );
    await runner.dropTable('entry_history');
  }
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** datetime(3) as either driver returns it: a Date (mysql2, UTC) or TypeORM's UTC text (SQLite). */
const date = (v: unknown) => (v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`));
const timeText = (mysql: boolean, at: Date) =>
  mysql ? at : at.toISOString().replace('T', ' ').replace('Z', '');

function boardOf(row: Row) {
  return {
    pk: Number(row.pk),
    type: String(row.type),
    sort: String(row.sort),
    startRating: num(row.start_rating),
    pointsWin: num(row.points_win),
    pointsDraw: num(row.points_draw),
    pointsLoss: num(row.points_loss),
  };
}

const APPLIED = `status IN ('approved', 'adjusted', 'set')`;

/**
 * When a result counts, as live history records it: an auto-applied one when it was queued (the
 * season boundary rules put it in the season open then, even if the worker applied it after the
 * end), a reviewed one when the moderator decided.
 */
const appliedAt = (row: Row) =>
  date(row.reviewed_by === 'auto' || row.reviewed_at === null ? row.submitted_at : row.reviewed_at);

/** A board's recorded past, oldest first; at one instant, results before changes before ends. */
async function pastEvents(runner: QueryRunner, boardPk: number, type: string) {
  const events: { order: number; pk: number; event: PastEvent }[] = [];
  const matches: Row[] = await runner.query(
    `SELECT pk, number, status, winner, team1_score, team2_score, submitted_at, reviewed_at,
         reviewed_by FROM matches WHERE board_pk = ? AND ${APPLIED}`,
    [boardPk],
  );
  const slots: Row[] = await runner.query(
    `SELECT p.match_pk, p.side, p.player_id, p.elo_delta FROM match_participants p
       JOIN matches m ON m.pk = p.match_pk
       WHERE m.board_pk = ? AND m.${APPLIED} ORDER BY p.match_pk, p.side, p.position`,
    [boardPk],
  );
  const rosters = new Map<number, Row[]>();
  for (const slot of slots) {
    const pk = Number(slot.match_pk);
    const roster = rosters.get(pk) ?? [];
    roster.push(slot);
    rosters.set(pk, roster);
  }
  for (const m of matches) {
    events.push({
      order: 0,
      pk: Number(m.pk),
      event: {
        kind: 'match',
        at: appliedAt(m),
        number: Number(m.number),
        status: String(m.status),
        winner: m.winner === null || m.winner === undefined ? null : String(m.winner),
        team1Score: num(m.team1_score),
        team2Score: num(m.team2_score),
        roster: (rosters.get(Number(m.pk)) ?? []).map((s) => ({
          playerId: String(s.player_id),
          side: Number(s.side),
          eloDelta: num(s.elo_delta),
        })),
      },
    });
  }
  const scores: Row[] = await runner.query(
    `SELECT pk, player_id, score, status, submitted_at, reviewed_at, reviewed_by FROM scores
       WHERE board_pk = ? AND ${APPLIED}`,
    [boardPk],
  );
  for (const s of scores) {
    events.push({
      order: 0,
      pk: Number(s.pk),
      event: {
        kind: 'score',
        at: appliedAt(s),
        pk: Number(s.pk),
        status: String(s.status),
        playerId: String(s.player_id),
        score: Number(s.score),
      },
    });
  }
  const changes: Row[] = await runner.query(
    'SELECT pk, player_id, at, delta, cause FROM entry_changes WHERE board_pk = ?',
    [boardPk],
  );
  for (const ch of changes) {
    events.push({
      order: 1,
      pk: Number(ch.pk),
      event: {
        kind: 'change',
        at: date(ch.at),
        playerId: String(ch.player_id),
        delta: Number(ch.delta),
        cause: String(ch.cause),
      },
    });
  }
  // A season's end clears the standings unless it was an ELO board's soft or keep reset.
  const ends: Row[] = await runner.query(
    `SELECT pk, number, name, reset, ended_at FROM seasons WHERE board_pk = ? AND ended_at IS NOT NULL`,
    [boardPk],
  );
  for (const s of ends) {
    if (type === 'ELO' && s.reset !== 'hard') continue;
    const name = String(s.name);
    const number = Number(s.number);
    const title = name === `Season ${number}` ? name : `Season ${number} “${name}”`;
    events.push({
      order: 2,
      pk: Number(s.pk),
      event: {
        kind: 'clear',
        at: date(s.ended_at),
        cause: `${title} ended: standings start again`,
      },
    });
  }
  return events
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.order - b.order || a.pk - b.pk)
    .map((e) => e.event);
}
