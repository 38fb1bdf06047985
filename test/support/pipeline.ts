import type { Board } from '../../entities/board';
import { EntryEntity } from '../../entities/entry';
import { ownerKind } from '../../src/domain/ids';
import { parseMatchWrite, parseScoreWrite } from '../../src/domain/write-request';
import { createBoard, type BoardInput } from '../../src/pipeline/boards';
import { OfflineChat } from '../../src/pipeline/chat-port';
import { enqueueWrite } from '../../src/pipeline/enqueue';
import type { Context } from '../../src/pipeline/context';
import { addOwner } from '../../src/pipeline/owners';
import { Worker } from '../../src/pipeline/worker';
import type { EntryState } from '../../src/domain/scoring';
import { createTestContext } from './context';
import { nextSnowflake } from './tally';

/** A Discord member as a write names them, with a fresh id. */
export const chatPlayer = () => ({ chat_id: nextSnowflake() });
/** A custom (named, off-platform) player as a write names them. */
export const customPlayer = (name: string) => ({ name, custom: true });

/** A new owner with a fresh id (a server unless `kind` says otherwise); resolves with its id. */
export const newOwner = async (ctx: Context, kind: 'guild' | 'user' = 'guild') =>
  (await addOwner(ctx, `${kind}:${nextSnowflake()}`)).id;

/** What a write needs to know of its board to be parsed. */
export const writeShape = (b: Board) => ({ ...b, ownerKind: ownerKind(b.ownerId) });

export type TestPipeline = Awaited<ReturnType<typeof startPipeline>>;

/**
 * The write pipeline in process: a use-case context on a database of its own (with a clock the
 * test controls), a worker without a chat platform, and shortcuts to make owners and boards, queue
 * writes as the API does and read back what they did. Every board comes with an owner of its own
 * unless the test names one, so no test sees another's rows on its boards.
 */
export async function startPipeline(env: Record<string, string> = {}) {
  const t = await createTestContext(env);
  const worker = new Worker(t.ctx, new OfflineChat(), t.ctx.signals);
  const owner = (kind: 'guild' | 'user' = 'guild') => newOwner(t.ctx, kind);
  return {
    ...t,
    worker,
    owner,
    /** A board (ELO unless `input` says otherwise) of `input.ownerId` or a fresh owner. */
    async board(input: Partial<BoardInput> = {}): Promise<Board> {
      return createBoard(t.ctx, {
        type: 'ELO',
        ...input,
        ownerId: input.ownerId ?? (await owner()),
      });
    },
    /** A match queued as the API queues it (not processed yet). */
    submitMatch(b: Board, body: Record<string, unknown>) {
      return enqueueWrite(t.ctx, b, parseMatchWrite(body, writeShape(b)), 'api');
    },
    /** A score queued as the API queues it (not processed yet). */
    submitScore(b: Board, player: Record<string, unknown>, score: number) {
      return enqueueWrite(t.ctx, b, parseScoreWrite({ player, score }, writeShape(b)), 'api');
    },
    /** The board's entries in rank order (ties by player id). */
    entries(b: Board) {
      return t.ctx.repos.db.run((m) =>
        m.find(EntryEntity, {
          where: { boardPk: b.pk },
          order: { rankKey: 'ASC', playerId: 'ASC' },
        }),
      );
    },
    async status(submissionId: number) {
      return (await t.ctx.repos.submissions.byId(submissionId))!.status;
    },
  };
}

/** The history cause of entries a test writes directly (a seeded board), not through a result. */
export const SEEDED = {
  kind: 'score',
  at: new Date(0),
  ref: null,
  cause: 'seeded by a test',
} as const;

/**
 * Entries written through the worker's repository (rank counters included), as if earlier
 * results had made them: `chat:<id>` or `team:<pk>` to a rating (ELO) or a record (League).
 */
export async function putEntries(
  ctx: Context,
  board: Board,
  entries: Record<string, Partial<EntryState>>,
): Promise<void> {
  const states = Object.entries(entries).map(([playerId, e]) => ({
    playerId,
    playerName: playerId.slice(playerId.indexOf(':') + 1),
    score: null,
    elo: null,
    wins: null,
    draws: null,
    losses: null,
    submissions: 1,
    lastSub: new Date('2026-11-01T12:00:00.000Z'),
    ...e,
  })) as EntryState[];
  await ctx.repos.db.transaction((tx) => ctx.repos.results.saveEntries(tx, board, states, SEEDED));
}
