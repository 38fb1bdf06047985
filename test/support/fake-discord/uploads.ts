import type { APIAttachment } from 'discord-api-types/v10';
import { pngSize, type FakeFile } from './attachments';
import type { Cdn } from './cdn';
import { snowflake } from './payloads';
import type { FakeUpload } from './types';

/**
 * A file a member gives an attachment option of a slash command: Discord uploads it before the
 * command is sent, serves it from its CDN under `ephemeral-attachments` with a signed,
 * expiring address (`?ex=…&is=…&hm=…&`), and puts it in the interaction's
 * `data.resolved.attachments` marked `ephemeral`. A PNG gets its width and height, as Discord
 * measures images; a file without a type is octet-stream, as Discord leaves it.
 */
export function uploaded(cdn: Cdn, applicationId: string, upload: FakeUpload): APIAttachment {
  const id = snowflake();
  const path = `ephemeral-attachments/${applicationId}/${id}/${encodeURIComponent(upload.filename)}`;
  const now = Math.floor(Date.now() / 1000);
  const hm = Buffer.from(`${id}${now}`).toString('hex').padEnd(64, '0').slice(0, 64);
  const signed = `?ex=${(now + 86_400).toString(16)}&is=${now.toString(16)}&hm=${hm}&`;
  const png = pngSize(upload.data);
  const contentType = upload.contentType ?? (png ? 'image/png' : 'application/octet-stream');
  const file: FakeFile = {
    id,
    filename: upload.filename,
    contentType,
    size: upload.data.length,
    url: `${cdn.origin}/${path}${signed}`,
    proxyUrl: `${cdn.origin}/media/${path}${signed}`,
    ...png,
    spoiler: false,
    data: upload.data,
  };
  cdn.add(file);
  return {
    id,
    filename: file.filename,
    size: file.size,
    url: file.url,
    proxy_url: file.proxyUrl,
    content_type: contentType,
    ...png,
    ephemeral: true,
  };
}
