import type { RequestHandler } from 'express';
import { notFound } from '../domain/errors';
import type { Context } from '../pipeline/context';
import { pageImage } from '../pipeline/contest-pages';
import { about } from './error-page';
import { sendImageFile } from './respond';
import { viewerGuilds } from './viewer';

/** `{sha256}.webp`: 64 lowercase hex digits; anything else names no picture. */
const FILE = /^([0-9a-f]{64})\.webp$/;
/* eslint-disable tally/user-text -- a picture's fault, read by programs and <img>, not members */
export const MALFORMED =
  'a picture is named by the SHA-256 of its bytes, in lowercase hex, then .webp';
/* eslint-enable tally/user-text */

/**
 * GET /images/{sha256}.webp: a contest entry's picture or thumbnail as stored (WebP that Tally
 * encoded itself, src/render/intake.ts), from the database, so every process of a deployment
 * serves the same bytes. Its name is its content's hash, so it is cached for a year and its ETag
 * is that hash. Only pictures an entry still shows are stored: after a removal this is a 404.
 * A picture that only private boards show is a 404 like that to all but their members, and
 * theirs is not cached (pageImage).
 */
export function imageFile(ctx: Context): RequestHandler {
  return async (req, res) => {
    about(res, 'Picture');
    const hash = FILE.exec(String(req.params.file))?.[1];
    if (hash === undefined) throw notFound(MALFORMED);
    const found = await pageImage(ctx, hash, viewerGuilds(res));
    // eslint-disable-next-line tally/user-text -- a picture's fault, read by programs and <img>, not members
    if (!found) throw notFound('nothing is stored under this hash');
    sendImageFile(req, res, found.image.hash, found.image.data, found.privateOnly);
  };
}
