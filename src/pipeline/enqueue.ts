import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import { NO_EVIDENCE, type Evidence } from '../domain/evidence';
import { formatHandle } from '../domain/ids';
import type { MatchWrite, ScoreWrite } from '../domain/write-request';
import type { Context } from './context';
import { crashPoint } from './crash-points';

export interface Enqueued {
  submission: Submission;
  handle: string;
}

/**
 * The one way a write enters the pipeline (DESIGN.md 1), whatever its front end: the handle row
 * is the queue item. `alsoInTx` lets the API commit its idempotency record in the same
 * transaction (spec 4.11, DESIGN.md 3). Writes queued together commit together
 * (src/store/group-commit.ts); each resolves once its row is durable.
 */
export async function enqueueWrite(
  ctx: Context,
  board: Board,
  write: MatchWrite | ScoreWrite,
  submittedBy: string,
  alsoInTx?: (tx: EntityManager, enqueued: Enqueued) => Promise<void>,
  evidence: Evidence = NO_EVIDENCE,
): Promise<Enqueued> {
  return ctx.repos.submissions.queueTransaction(async (tx) => {
    const submission = await ctx.repos.submissions.insert(
      {
        ownerId: board.ownerId,
        boardPk: board.pk,
        kind: write.kind,
        payload: write,
        status: 'queued',
        matchPk: null,
        scorePk: null,
        failureReason: null,
        submittedBy,
        queuedAt: ctx.now(),
        claimedAt: null,
        attempts: 0,
        expiresAt: null,
        evidenceLink: evidence.link,
        evidenceFileUrl: evidence.fileUrl,
        evidenceFileKind: evidence.fileKind,
      },
      tx,
    );
    const enqueued = { submission, handle: formatHandle(submission.id) };
    await alsoInTx?.(tx, enqueued);
    crashPoint('enqueue:before-commit');
    return enqueued;
  });
}
