import type { Submission } from '../../entities/submission';
import { log } from '../log';
import { ImageRefused, intakeImage } from '../render/intake';
import type { Context } from './context';

/**
 * Previews of chat reports' image evidence (issue 27 item 4). Discord's attachment addresses are
 * signed and expire, and the dashboard's CSP shows pictures from Tally only, so the front end
 * downloads the image while its address is valid and Tally keeps it as contest entries are kept
 * (src/render/intake.ts: sniffed by its bytes, a pixel ceiling before decoding, turned upright,
 * re-encoded to WebP at most 1920 px with a 480 px thumbnail, no metadata). A preview is a
 * courtesy: a file that is no image, or that cannot be kept, leaves the submission as it is.
 */

/** Keeps `bytes` as the submission's preview; false (and nothing stored) if they are not kept. */
export async function keepEvidencePreview(
  ctx: Context,
  submission: Pick<Submission, 'id' | 'boardPk'>,
  bytes: Uint8Array,
): Promise<boolean> {
  let image;
  try {
    image = await intakeImage(bytes);
  } catch (err) {
    if (!(err instanceof ImageRefused)) throw err;
    log.info('evidence preview not kept', { submission: submission.id, reason: err.reason });
    return false;
  }
  return ctx.repos.evidencePreviews.put({
    submissionId: submission.id,
    boardPk: submission.boardPk,
    width: image.full.width,
    height: image.full.height,
    full: image.full.bytes,
    thumbWidth: image.thumb.width,
    thumbHeight: image.thumb.height,
    thumb: image.thumb.bytes,
    createdAt: ctx.now(),
  });
}

/** The thumbnails' sizes of those of these submissions with a kept preview, by id. */
export const previewThumbs = (ctx: Context, ids: readonly number[]) =>
  ctx.repos.evidencePreviews.thumbsOf(ids);

/** A submission's preview sizes, without the bytes; null if it has none. */
export const evidencePreviewSize = (ctx: Context, submissionId: number) =>
  ctx.repos.evidencePreviews.sizeOf(submissionId);

/** A preview's WebP bytes; the caller has checked that the reader may see the submission. */
export const evidencePreviewBytes = (ctx: Context, submissionId: number, size: 'full' | 'thumb') =>
  ctx.repos.evidencePreviews.bytes(submissionId, size);
