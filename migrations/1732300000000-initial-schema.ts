import {
  Table,
  type MigrationInterface,
  type QueryRunner,
  type TableColumnOptions,
  type TableIndex,
} from 'typeorm';
import { columns, index } from './schema';

/**
 * The whole schema, written with the portable Table API so the same migration runs on SQLite
 * and MariaDB (DESIGN.md 5: generated migrations are dialect-specific).
 */
export class InitialSchema1732300000000 implements MigrationInterface {
  name = 'InitialSchema1732300000000';

  async up(runner: QueryRunner): Promise<void> {
    const c = columns(runner.connection.options.type === 'mysql');
    const tables: [string, TableColumnOptions[], TableIndex[]][] = [
      [
        'owners',
        [
          c.text('id', 40, { primary: true }),
          c.text('name', 100),
          c.text('api_access', 12),
          c.time('created_at'),
        ],
        [],
      ],
      [
        'api_keys',
        [
          c.id('id'),
          c.text('owner_id', 40),
          c.text('type', 4),
          c.text('scopes', 200),
          c.text('label', 100),
          c.text('hash', 64, { binary: true }),
          c.text('suffix', 8),
          c.time('created_at'),
          c.time('revoked_at', true),
        ],
        [index('api_keys', ['hash'], true), index('api_keys', ['owner_id'])],
      ],
      [
        'boards',
        [
          c.id('pk'),
          c.text('owner_id', 40),
          c.text('public_id', 100, { binary: true }),
          c.text('display_name', 100),
          c.text('type', 10),
          c.text('sort', 4),
          c.int('team_size'),
          c.bool('fixed_teams'),
          c.bool('free_for_all'),
          c.int('validation_window_hours'),
          c.int('k_factor', true),
          c.int('start_rating', true),
          c.int('points_win', true),
          c.int('points_draw', true),
          c.int('points_loss', true),
          c.text('moderator_channel_id', 20, { nullable: true }),
          c.text('moderator_role_id', 20, { nullable: true }),
          c.time('created_at'),
        ],
        [index('boards', ['owner_id', 'public_id'], true), index('boards', ['owner_id', 'pk'])],
      ],
      [
        'teams',
        [c.id('pk'), c.int('board_pk'), c.text('name', 100), c.time('created_at')],
        [index('teams', ['board_pk'])],
      ],
      [
        'entries',
        [
          c.int('board_pk', false, true),
          c.text('player_id', 160, { primary: true, binary: true }),
          c.text('player_name', 100),
          c.bigint('score', true),
          c.bigint('elo', true),
          c.bigint('rank_key'),
          c.int('wins', true),
          c.int('draws', true),
          c.int('losses', true),
          c.int('submissions', true),
          c.time('last_sub', true),
        ],
        // Keyset pages and live ranks walk this index in order (DESIGN.md 3: tie order player_id).
        [index('entries', ['board_pk', 'rank_key', 'player_id'])],
      ],
      [
        'matches',
        [
          c.id('pk'),
          c.int('board_pk'),
          c.int('number'),
          c.text('winner', 5, { nullable: true }),
          c.bigint('team1_score', true),
          c.bigint('team2_score', true),
          c.text('status', 10),
          c.time('submitted_at'),
          c.text('submitted_by', 40, { nullable: true }),
          c.int('submission_id', true),
          c.time('reviewed_at', true),
          c.text('reviewed_by', 40, { nullable: true }),
        ],
        [
          index('matches', ['board_pk', 'number'], true),
          index('matches', ['board_pk', 'status', 'number']),
        ],
      ],
      [
        'match_participants',
        [
          c.int('match_pk', false, true),
          c.int('side', false, true),
          c.int('position', false, true),
          c.int('board_pk'),
          c.int('match_number'),
          c.text('player_id', 160, { binary: true }),
          c.text('player_name', 100),
          c.bigint('elo_before', true),
          c.bigint('elo_delta', true),
        ],
        [index('match_participants', ['board_pk', 'player_id', 'match_number'])],
      ],
      [
        'scores',
        [
          c.id('pk'),
          c.int('board_pk'),
          c.text('player_id', 160, { binary: true }),
          c.text('player_name', 100),
          c.bigint('score'),
          c.text('status', 10),
          c.time('submitted_at'),
          c.text('submitted_by', 40, { nullable: true }),
          c.int('submission_id', true),
          c.time('reviewed_at', true),
          c.text('reviewed_by', 40, { nullable: true }),
        ],
        [index('scores', ['board_pk', 'pk'])],
      ],
      [
        'submissions',
        [
          c.id('id'),
          c.text('owner_id', 40),
          c.int('board_pk'),
          c.text('kind', 5),
          { name: 'payload', type: 'text' },
          c.text('status', 16),
          c.int('match_pk', true),
          c.int('score_pk', true),
          c.text('failure_reason', 300, { nullable: true }),
          c.text('submitted_by', 40),
          c.time('queued_at'),
          c.time('claimed_at', true),
          c.int('attempts'),
          c.time('expires_at', true),
        ],
        // The worker claims the oldest queued rows of a status (DESIGN.md 1).
        [index('submissions', ['status', 'id']), index('submissions', ['owner_id', 'id'])],
      ],
      [
        'idempotency_records',
        [
          c.id('pk'),
          c.text('owner_id', 40),
          c.text('idempotency_key', 255, { binary: true }),
          c.text('fingerprint', 64),
          c.text('state', 10),
          c.time('locked_until'),
          c.int('response_status', true),
          { name: 'response_body', type: 'text', isNullable: true },
          c.int('submission_id', true),
          c.time('created_at'),
        ],
        [index('idempotency_records', ['owner_id', 'idempotency_key'], true)],
      ],
    ];
    for (const [name, cols, indices] of tables) {
      await runner.createTable(new Table({ name, columns: cols, indices }), true);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const name of [
      'idempotency_records',
      'submissions',
      'scores',
      'match_participants',
      'matches',
      'entries',
      'teams',
      'boards',
      'api_keys',
      'owners',
    ]) {
      await runner.dropTable(name, true);
    }
  }
}
