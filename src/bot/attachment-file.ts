import type { Attachment } from 'discord.js';
import { MAX_UPLOAD_BYTES } from '../render/intake';
import { invalidSaid } from '../domain/errors';

/** How long Tally waits for Discord's CDN to hand over a member's upload. */
const DOWNLOAD_MS = 20_000;

/**
 * A file from Discord's CDN, read no further than MAX_UPLOAD_BYTES: 'too_large' past it, null if
 * it could not be had. The address is one Discord put in an interaction, never one a member typed.
 */
async function download(url: string): Promise<Buffer | 'too_large' | null> {
  const res = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_MS) }).catch(() => null);
  if (!res?.ok || !res.body) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_UPLOAD_BYTES) return 'too_large';
      chunks.push(Buffer.from(chunk));
    }
  } catch {
    return null; // cut off or timed out mid-way
  }
  return Buffer.concat(chunks);
}

/**
 * The bytes of a file a member gave an attachment option, fetched at once: Discord's attachment
 * addresses are signed and expire after about a day, so Tally keeps the file itself. The size
 * Discord states is checked first and the download stops past the ceiling whatever it said.
 */
export async function attachmentBytes(file: Attachment): Promise<Buffer> {
  const mb = MAX_UPLOAD_BYTES / 1024 / 1024;
  const tooLarge = () => invalidSaid('chat.upload.tooLarge', { mb });
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const bytes = await download(file.url);
  if (bytes === 'too_large') throw tooLarge();
  if (bytes === null) {
    throw invalidSaid('chat.upload.unreachable');
  }
  return bytes;
}

/**
 * A report's image evidence for its preview (src/pipeline/evidence-previews.ts), from the address
 * Discord gave in the interaction; null when it cannot be had or is too large: the report goes
 * on without a preview.
 */
export async function evidenceBytes(url: string): Promise<Buffer | null> {
  const bytes = await download(url);
  return bytes === 'too_large' ? null : bytes;
}
