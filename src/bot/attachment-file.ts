import type { Attachment } from 'discord.js';
import { MAX_UPLOAD_BYTES } from '../render/intake';
import { invalid } from './replies';

/** How long Tally waits for Discord's CDN to hand over a member's upload. */
const DOWNLOAD_MS = 20_000;

/**
 * The bytes of a file a member gave an attachment option, fetched at once: Discord's attachment
 * addresses are signed and expire after about a day, so Tally keeps the file itself. The size
 * Discord states is checked first and the download stops past the ceiling whatever it said.
 * The address is the one Discord put in the interaction (its CDN), never one a member typed.
 */
export async function attachmentBytes(file: Attachment): Promise<Buffer> {
  const mb = MAX_UPLOAD_BYTES / 1024 / 1024;
  const tooLarge = () =>
    invalid(`That file is over ${mb} MB; send a smaller image. Nothing was submitted.`);
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  const res = await fetch(file.url, { signal: AbortSignal.timeout(DOWNLOAD_MS) }).catch(() => null);
  if (!res?.ok || !res.body) {
    throw invalid(
      'Tally could not download that file from Discord just now; try again. Nothing was submitted.',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_UPLOAD_BYTES) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
