import express, { type RequestHandler } from 'express';
import { badRequest } from '../../domain/errors';

export const MAX_BODY_BYTES = 64 * 1024; // spec 8

const readRaw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the raw body (kept for the idempotency fingerprint, spec 4.11) and parses it as JSON.
 * Over 64 KB is a 413 (raised by the reader); anything that is not a JSON document is a 400.
 */
export const jsonBody: RequestHandler[] = [
  readRaw,
  (req, res, next) => {
    const raw: unknown = req.body;
    if (!req.is('application/json'))
      throw badRequest('The body must be JSON with Content-Type: application/json');
    if (!Buffer.isBuffer(raw) || raw.length === 0)
      throw badRequest('The body must be a JSON document');
    let parsed: unknown;
    try {
      parsed = JSON.parse(decoder.decode(raw));
    } catch {
      throw badRequest('The body is not valid JSON');
    }
    res.locals.rawBody = raw;
    res.locals.body = parsed;
    next();
  },
];
