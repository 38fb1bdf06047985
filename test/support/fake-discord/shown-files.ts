import type { APIAttachment, APIEmbed, APIEmbedImage } from 'discord-api-types/v10';
import type { FakeFile } from './attachments';

/**
 * How a message shows its files (docs: Message Object, Embed Image Structure; Reference,
 * "Uploading Files"): an embed's `attachment://name` points at the file of that name, and the
 * files no embed shows are the message's `attachments`.
 */

/**
 * Embeds with each `attachment://name` image, thumbnail and author or footer icon pointed at the
 * message's file of that name. A name no file has is left as sent: Discord accepts it and shows
 * no image (discord/discord-api-docs#2840); what it then returns is undocumented.
 */
export function resolveEmbeds(embeds: APIEmbed[], files: FakeFile[]): APIEmbed[] {
  const named = (url: string | undefined) =>
    url?.startsWith(SCHEME)
      ? files.find((f) => f.filename === url.slice(SCHEME.length))
      : undefined;
  const media = (m: APIEmbedImage | undefined) => {
    const file = named(m?.url);
    if (!m || !file) return m;
    const { width, height } = file;
    const shown = { url: file.url, proxy_url: file.proxyUrl, content_type: file.contentType };
    return { ...m, ...shown, ...(width === undefined ? {} : { width, height }) };
  };
  return embeds.map((embed) => {
    const out: APIEmbed = { ...embed };
    if (embed.image) out.image = media(embed.image);
    if (embed.thumbnail) out.thumbnail = media(embed.thumbnail);
    const author = named(embed.author?.icon_url);
    if (embed.author && author) {
      out.author = { ...embed.author, icon_url: author.url, proxy_icon_url: author.proxyUrl };
    }
    const footer = named(embed.footer?.icon_url);
    if (embed.footer && footer) {
      out.footer = { ...embed.footer, icon_url: footer.url, proxy_icon_url: footer.proxyUrl };
    }
    return out;
  });
}

/**
 * A message's `attachments`: its files that no embed shows ("any attached files that are not
 * referenced in embeds or components", docs: Message Object; discord/discord-api-docs#6539).
 */
export function attachmentsOf(files: FakeFile[], embeds: APIEmbed[]): APIAttachment[] {
  const shown = new Set(
    embeds.flatMap((e) => [e.image?.url, e.thumbnail?.url, e.author?.icon_url, e.footer?.icon_url]),
  );
  return files.filter((f) => !shown.has(f.url)).map(attachment);
}

const SCHEME = 'attachment://';
const SPOILER = 1 << 3; // Attachment Flags: IS_SPOILER

function attachment(f: FakeFile): APIAttachment {
  return {
    id: f.id,
    filename: f.filename,
    ...(f.description ? { description: f.description } : {}),
    content_type: f.contentType,
    size: f.size,
    url: f.url,
    proxy_url: f.proxyUrl,
    ...(f.width === undefined ? {} : { width: f.width, height: f.height }),
    ...(f.spoiler ? { flags: SPOILER } : {}),
  };
}
