import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** spec 4.1: an inbound id of this form is honoured; anything else is replaced, never reflected. */
const USABLE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const requestId: RequestHandler = (req, res, next) => {
  res.locals.requestId = assignRequestId(req, res);
  next();
};

/** The request's id, set on the response with the lifecycle header (also src/api/fast-path.ts). */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const inbound = req.headers['x-request-id'];
  const id =
    typeof inbound === 'string' && USABLE_ID.test(inbound) ? inbound : `req_${randomUUID()}`;
  res.setHeader('X-Request-Id', id);
  res.setHeader('X-API-Lifecycle', 'beta'); // spec 9.2: on every response
  return id;
}
