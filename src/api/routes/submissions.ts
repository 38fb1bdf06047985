import type { Request, Response } from 'express';
import { notFound, TallyError } from '../../domain/errors';
import { HANDLE } from '../../domain/ids';
import { HANDLE_LIFETIME_MS, handleStatus, isApplied } from '../../domain/handle-status';
import type { Context } from '../../pipeline/context';
import { principalOf } from '../middleware/authenticate';
import { boardUrl } from '../../domain/board-url';
import type { Submission } from '../../../entities/submission';

export interface MatchRefBody {
  id: number;
  url: string;
  applied: boolean;
}

/** The live state of a handle (spec 2.8): read from the match or score row once one exists. */
export async function describeSubmission(ctx: Context, submission: Submission) {
  const board = await ctx.repos.boards.byPk(submission.boardPk);
  const record =
    submission.matchPk !== null
      ? await ctx.repos.results.match(submission.matchPk)
      : submission.scorePk !== null
        ? await ctx.repos.results.score(submission.scorePk)
        : null;
  const match: MatchRefBody | null =
    record && board
      ? {
          id: 'number' in record ? record.number : record.pk,
          url: boardUrl(ctx.config.publicUrl, board),
          applied: isApplied(record.status),
        }
      : null;
  return {
    handle: `sub_${submission.id}`,
    status: handleStatus(submission.status, record?.status ?? null),
    board: board?.id ?? '',
    match,
  };
}

/** GET /submissions/{handle} (spec 4.10): another owner's, unknown or expired handles are 404. */
export function getSubmission(ctx: Context) {
  return async (req: Request, res: Response) => {
    const handle = String(req.params.handle);
    const match = HANDLE.exec(handle);
    if (!match) throw new TallyError('invalid_request', 'handle must look like sub_<n>');
    const id = Number(match[1]);
    const submission = Number.isSafeInteger(id) ? await ctx.repos.submissions.byId(id) : null;
    const expired =
      submission && ctx.now().getTime() - submission.queuedAt.getTime() > HANDLE_LIFETIME_MS;
    if (!submission || submission.ownerId !== principalOf(res.locals).ownerId || expired) {
      throw notFound(`No submission ${handle}`);
    }
    res.json(await describeSubmission(ctx, submission));
  };
}
