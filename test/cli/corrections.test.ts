import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { createBoard } from '../../src/pipeline/boards';
import { OfflineChat } from '../../src/pipeline/chat-port';
import type { Context } from '../../src/pipeline/context';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import { addOwner } from '../../src/pipeline/owners';
import { processSubmission } from '../../src/pipeline/process';
import { parseMatchWrite, parseScoreWrite } from '../../src/domain/write-request';
import { formatHandle, ownerKind } from '../../src/domain/ids';
import {
  createTestDatabase,
  mysqlServerUrl,
  backendName,
  sqliteFileUrl,
} from '../support/backends';
import { PUBLIC_URL, runTally } from '../support/serve';
import { nextSnowflake } from '../support/tally';

/**
 * Issue 15 item 2 from the terminal: `tally review correct|remove <handle>` run as a child process
 * on a database of its own, with results this file applies in process.
 */
const TIMEOUT_MS = 60_000;

describe(`tally review correct|remove (${backendName})`, () => {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  let ladder: Board;
  let sprint: Board;
  let match: string;
  let best: string;

  async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
    try {
      return await run(opened.ctx);
    } finally {
      await closeContext(opened);
    }
  }

  /** Queues a write and processes it: applied at once on these window-0 boards. */
  async function applied(ctx: Context, board: Board, body: Record<string, unknown>) {
    const shape = { ...board, ownerKind: ownerKind(board.ownerId) };
    const write =
      board.type === 'ELO' ? parseMatchWrite(body, shape) : parseScoreWrite(body, shape);
    const { submission } = await enqueueWrite(ctx, board, write, 'api');
    await processSubmission(ctx, new OfflineChat(), submission);
    return formatHandle(submission.id);
  }

  beforeAll(async () => {
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      cleanup = () => db.drop();
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'tally-corrections-'));
      databaseUrl = sqliteFileUrl(dir);
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    await withContext(async (ctx) => {
      const owner = `guild:${nextSnowflake()}`;
      await addOwner(ctx, owner, 'Night Owls');
      ladder = await createBoard(ctx, {
        ownerId: owner,
        type: 'ELO',
        name: 'Ladder',
        windowHours: 0,
      });
      sprint = await createBoard(ctx, {
        ownerId: owner,
        type: 'Time',
        name: 'Sprint',
        windowHours: 0,
      });
      const p = (name: string) => ({ name, custom: true });
      match = await applied(ctx, ladder, { team1: [p('Ali')], team2: [p('Bo')], winner: 'team1' });
      await applied(ctx, sprint, { player: p('Maya'), score: 65_000 });
      best = await applied(ctx, sprint, { player: p('Maya'), score: 62_500 });
    });
  }, TIMEOUT_MS);
  afterAll(() => cleanup?.());

  const tally = (args: string[]) => runTally(databaseUrl, args);

  it(
    'corrects a match winner and prints what moved; a repeat is refused with exit 1',
    async () => {
      const run = await tally([
        'review',
        'correct',
        match,
        '--winner',
        'team2',
        '--reason',
        'swapped',
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout.trim().split('\n')).toEqual([
        `Match #1 corrected to team 2 won (it was team 1 won) on ${ladder.id} (${match}).`,
        '  Ali 1016 → 984 (−32)',
        '  Bo 984 → 1016 (+32)',
      ]);
      const again = await tally(['review', 'correct', match, '--winner', 'team2']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Match #1 already reads team 2 won; nothing changed');
      const records = await withContext(async (ctx) => {
        const found = await ctx.repos.matches.byNumber(ladder.pk, 1);
        return ctx.repos.corrections.list({ matchPk: found!.pk });
      });
      expect(records).toMatchObject([{ by: 'cli', reason: 'swapped', action: 'change' }]);
    },
    TIMEOUT_MS,
  );

  it(
    'removes the best time with --json: the next best counts',
    async () => {
      const run = await tally(['review', 'remove', best, '--json']);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        board: sprint.id,
        kind: 'score',
        handle: best,
        action: 'remove',
        before: { score: 62_500 },
        after: null,
        changes: [{ player_id: 'custom:Maya', player_name: 'Maya', before: 62_500, after: 65_000 }],
      });
      const wrongField = await tally(['review', 'correct', best, '--winner', 'team1']);
      expect(wrongField.code).toBe(1);
      expect(wrongField.stderr).toContain('value: a Time result needs a time (m:ss.mmm)');
    },
    TIMEOUT_MS,
  );
});
