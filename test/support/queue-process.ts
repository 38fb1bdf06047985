/**
 * One Tally process's share of a busy queue, for test/pipeline/queues-two-processes.test.ts:
 * `node --import tsx queue-process.ts <url> <boardPk> <index> <member,member,…>` opens the
 * database, prints `ready`, waits for a line on stdin (so the processes start together), then
 * round by round on its own clock (3 s a round): tries to join the next member (process 1 walks
 * the list backwards, so every member is tried by both), takes a scheduler pass (Tally's own
 * jobs, the queue's included) and presses Ready for every player of every open ready check. It
 * prints what it did as JSON. Real processes: on SQLite two connections in one thread would
 * block each other inside better-sqlite3's busy wait.
 */
import { loadConfig } from '../../src/config';
import { TallyError } from '../../src/domain/errors';
import type { Context } from '../../src/pipeline/context';
import { JOBS } from '../../src/pipeline/jobs';
import { joinQueue, pressReady, queueMatchView } from '../../src/pipeline/queues';
import { Scheduler } from '../../src/pipeline/scheduler';
import { LocalSignals } from '../../src/pipeline/signals';
import { openDatabase } from '../../src/store/data-source';
import { Database } from '../../src/store/database';
import { createRepositories } from '../../src/store/repositories';
import { T0 } from './scheduled-job';

const [url, boardPk, index, list] = process.argv.slice(2);
const members = list!.split(',');
const order = index === '1' ? [...members].reverse() : members;
const config = loadConfig({ DATABASE_URL: url!, PUBLIC_URL: 'http://tally.test' });
const db = new Database(await openDatabase(config.database));
let now = T0;
const ctx: Context = {
  config,
  repos: createRepositories(db),
  now: () => now,
  signals: new LocalSignals(),
};
const board = (await ctx.repos.boards.byPk(Number(boardPk)))!;
const queue = (await ctx.repos.queues.forBoard(board.pk))!;
const scheduler = new Scheduler(ctx, JOBS);
process.stdout.write('ready\n');
await new Promise((resolve) => {
  process.stdin.once('data', resolve);
  process.stdin.once('end', resolve);
});
process.stdin.destroy();

const did = { joined: 0, refused: 0, ready: 0, steps: 0 };
/** A refusal is an answer (someone else was quicker); anything else fails the run. */
const refusedOr = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return true;
  } catch (err) {
    if (!(err instanceof TallyError) || err.code === 'internal_error') throw err;
    did.refused++;
    return false;
  }
};
for (let round = 0; round < order.length + 5; round++) {
  now = new Date(T0.getTime() + round * 3_000);
  const next = order[round];
  if (next && (await refusedOr(() => joinQueue(ctx, { board, member: next })))) did.joined++;
  did.steps += await scheduler.tick();
  for (const match of await ctx.repos.queues.openMatches(queue.pk)) {
    const view = await queueMatchView(ctx, match.pk);
    for (const player of view?.players ?? []) {
      if (await refusedOr(() => pressReady(ctx, match.pk, player.joinedBy))) did.ready++;
    }
  }
}
await db.close();
process.stdout.write(`${JSON.stringify(did)}\n`);
