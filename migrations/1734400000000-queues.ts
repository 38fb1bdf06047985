import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { columns, index } from './schema';

/**
 * Matchmaking queues (issue 28; entities/queue.ts). `queues`: one per ELO or League board, its
 * window and deadlines, its message. `queue_waits`: who waits, one row per entrant and per member
 * (a member waits in one queue at a time). `queue_matches` and `queue_players`: the matches the
 * queue formed, their ready checks and reports; `queue_players.busy` is unique, so no entrant is
 * in two open matches whichever process formed them.
 */
const WAIT_MEMBER = index('queue_waits', ['joined_by'], true);
const WAIT_QUEUE = index('queue_waits', ['queue_pk', 'since']);
const BUSY = index('queue_players', ['busy'], true);
const MATCH_STATE = index('queue_matches', ['queue_pk', 'state']);
const MATCH_SHOWN = index('queue_matches', ['shown_version', 'version']);

export class Queues1734400000000 implements MigrationInterface {
  name = 'Queues1734400000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    const outbox = [
      c.text('channel_id', 20, { nullable: true }),
      c.text('message_id', 20, { nullable: true }),
      { ...c.int('version'), default: 0 },
      { ...c.int('shown_version'), default: 0 },
      c.time('leased_until', true),
      c.time('retry_at', true),
      { ...c.int('attempts'), default: 0 },
    ];
    await runner.createTable(
      new Table({
        name: 'queues',
        columns: [
          c.id('pk'),
          c.int('board_pk'),
          c.text('owner_id', 40, { binary: true }),
          c.int('window_start'),
          c.int('window_growth'),
          c.int('window_max'),
          c.int('ready_seconds'),
          c.int('report_minutes'),
          ...outbox,
          { ...c.int('posts'), default: 0 },
          c.text('refused', 200, { nullable: true }),
          c.time('closed_at', true),
          c.time('created_at'),
        ],
        indices: [index('queues', ['board_pk'], true)],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'queue_waits',
        columns: [
          c.text('entrant', 40, { primary: true, binary: true }),
          c.text('joined_by', 40, { binary: true }),
          c.int('queue_pk'),
          c.time('since'),
        ],
        indices: [WAIT_MEMBER, WAIT_QUEUE],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'queue_matches',
        columns: [
          c.id('pk'),
          c.int('queue_pk'),
          c.int('board_pk'),
          c.text('state', 10),
          c.int('predicted_ppm'),
          c.time('ready_by'),
          c.time('report_by', true),
          c.int('submission_id', true),
          c.text('reported_by', 40, { nullable: true, binary: true }),
          // 'not ready: ' and the no-shows' ids: up to 16 players of 25 characters and a space.
          c.text('reason', 500, { nullable: true }),
          ...outbox,
          c.time('created_at'),
        ],
        indices: [MATCH_STATE, MATCH_SHOWN],
      }),
      true,
    );
    await runner.createTable(
      new Table({
        name: 'queue_players',
        columns: [
          c.int('match_pk', false, true),
          c.text('entrant', 40, { primary: true, binary: true }),
          c.text('joined_by', 40, { binary: true }),
          c.int('side'),
          c.int('rating'),
          c.time('since'),
          c.time('ready_at', true),
          c.text('busy', 40, { nullable: true, binary: true }),
        ],
        indices: [BUSY],
      }),
      true,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['queue_players', 'queue_matches', 'queue_waits', 'queues']) {
      await runner.dropTable(table);
    }
  }
}
