import type { Request, Response } from 'express';
import type { Context } from '../../pipeline/context';
import { submissionByHandle } from '../../pipeline/submission-view';
import { principalOf } from '../middleware/authenticate';

/** GET /submissions/{handle} (spec 4.10): another owner's, unknown or expired handles are 404. */
export function getSubmission(ctx: Context) {
  return async (req: Request, res: Response) => {
    const { ownerId } = principalOf(res.locals);
    res.json(await submissionByHandle(ctx, ownerId, String(req.params.handle)));
  };
}
