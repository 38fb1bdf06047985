import type { RequestHandler } from 'express';
import { notFound } from '../domain/errors';
import type { Context } from '../pipeline/context';
import { storedImage } from '../pipeline/contest-pages';
import { about } from './error-page';
import { sendImageFile } from './respond';

/** `{sha256}.webp`: 64 lowercase hex digits; anything else names no picture. */
const FILE = /^([0-9a-f]{64})\.webp$/;
export const MALFORMED =
  'a picture is named by the SHA-256 of its bytes, in lowercase hex, then .webp';

/**
 * GET /images/{sha256}.webp: a contest entry's picture or thumbnail as stored (WebP that Tally
 * encoded itself, src/render/intake.ts), from the database, so every process of a deployment
 * serves the same bytes. Its name is its content's hash, so it is cached for a year and its ETag
 * is that hash. Only pictures an entry still shows are stored: after a removal this is a 404.
 */
export function imageFile(ctx: Context): RequestHandler {
  return async (req, res) => {
    about(res, 'Picture');
    const hash = FILE.exec(String(req.params.file))?.[1];
    if (hash === undefined) throw notFound(MALFORMED);
    const image = await storedImage(ctx, hash);
    if (!image) throw notFound('nothing is stored under this hash');
    sendImageFile(req, res, image.hash, image.data);
  };
}
