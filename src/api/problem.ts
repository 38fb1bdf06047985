import type { Request, Response } from 'express';
import { ERROR_CODES, errorSlug, TallyError } from '../domain/errors';

/** The Problem document of spec 2.11: exactly these seven fields. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: keyof typeof ERROR_CODES;
  request_id: string;
}

export function problemOf(
  error: TallyError,
  instance: string,
  requestId: string,
  errorsUrl: string,
): Problem {
  return {
    type: `${errorsUrl}/${errorSlug(error.code)}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.detail,
    instance,
    code: error.code,
    request_id: requestId,
  };
}

export function sendProblem(
  req: Request,
  res: Response,
  error: TallyError,
  errorsUrl: string,
): void {
  const instance = (req.originalUrl.split('?')[0] ?? '/').slice(0, 2048);
  if (error.retryAfterSeconds !== undefined)
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res
    .status(error.status)
    .type('application/problem+json')
    .send(JSON.stringify(problemOf(error, instance, res.locals.requestId as string, errorsUrl)));
}
