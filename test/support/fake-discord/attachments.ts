import { invalidFormBody, type FieldProblem } from './form-errors';
import type { SentFile } from './multipart';
import { snowflake } from './payloads';
import type { Reply } from './types';

/**
 * Which files a message carries after a create or an edit, by Discord's rules (docs: Reference,
 * "Uploading Files" and "Editing Message Attachments"; Message Resource, "Attachment Request
 * Structure" and Edit Message):
 *
 * - every `attachments[].id` names an uploaded `files[id]` part, or on an edit a file the message
 *   already has; any other id is refused: 400 Invalid Form Body, `ATTACHMENT_NOT_FOUND` "Attachment
 *   data not found" at that entry (Discord's answer, quoted in Cogmasters/concord#78);
 * - a new message carries every upload, listed or not; an edit without `attachments` keeps the
 *   message's files and appends the uploads; an edit with `attachments` leaves exactly the listed
 *   files (`[]`: none), so an upload it does not list is dropped;
 * - an entry's `filename`, `description` and `is_spoiler` apply to its file, new or kept.
 */

/** A file on a message as the fake keeps it: what Discord shows of it, and its bytes. */
export interface FakeFile {
  /** The attachment's snowflake. */
  id: string;
  filename: string;
  description?: string;
  /** The part's Content-Type; if it says none, `image/png` for a PNG, else octet-stream. */
  contentType: string;
  /** Bytes. */
  size: number;
  /** Where the fake serves the bytes (a GET on its own origin), as Discord's CDN does. */
  url: string;
  proxyUrl: string;
  /** From a PNG's IHDR chunk; undefined for any other file. */
  width?: number;
  height?: number;
  spoiler: boolean;
  data: Buffer;
}

/** What a create or edit asks for: its `attachments` field as sent, and its uploads. */
export interface Attaching {
  channelId: string;
  requested: unknown;
  sent: SentFile[];
  /** The message's files before an edit; undefined for a new message. */
  current?: FakeFile[];
  /** Where the message sits in the request body (`['data']` in an interaction response). */
  at: string[];
  /** The origin (`http://127.0.0.1:port`) the files are served from. */
  origin: string;
}

interface AttachmentRequest {
  id?: unknown;
  filename?: string | null;
  description?: string | null;
  is_spoiler?: boolean | null;
}

/** The files the message carries afterwards, or Discord's refusal. */
export function attach(a: Attaching): { files: FakeFile[] } | { refusal: Reply } {
  const make = (sent: SentFile, entry?: AttachmentRequest) => fakeFile(sent, entry, a);
  if (!Array.isArray(a.requested)) {
    return { files: [...(a.current ?? []), ...a.sent.map((sent) => make(sent))] };
  }
  const problems: FieldProblem[] = [];
  const files: FakeFile[] = [];
  const used = new Set<SentFile>();
  (a.requested as AttachmentRequest[]).forEach((entry, i) => {
    const id = String(entry?.id);
    const sent = a.sent.find((f) => f.index === id && !used.has(f));
    const kept = a.current?.find((f) => f.id === id);
    if (sent) {
      used.add(sent);
      files.push(make(sent, entry));
    } else if (kept) {
      files.push(updated(kept, entry));
    } else {
      problems.push({
        at: [...a.at, 'attachments', String(i)],
        code: 'ATTACHMENT_NOT_FOUND',
        message: 'Attachment data not found',
      });
    }
  });
  if (problems.length > 0) return { refusal: invalidFormBody(problems) };
  const unlisted = a.current ? [] : a.sent.filter((f) => !used.has(f)).map((f) => make(f));
  return { files: [...files, ...unlisted] };
}

function fakeFile(sent: SentFile, entry: AttachmentRequest | undefined, a: Attaching): FakeFile {
  const id = snowflake();
  const filename = entry?.filename ?? sent.filename;
  const path = `attachments/${a.channelId}/${id}/${encodeURIComponent(filename)}`;
  const png = pngSize(sent.data);
  const typed = sent.contentType !== '' && sent.contentType !== OCTET_STREAM;
  return {
    id,
    filename,
    ...(entry?.description ? { description: entry.description } : {}),
    contentType: typed ? sent.contentType : png ? 'image/png' : OCTET_STREAM,
    size: sent.data.length,
    url: `${a.origin}/${path}`,
    proxyUrl: `${a.origin}/media/${path}`,
    ...png,
    spoiler: entry?.is_spoiler ?? false,
    data: sent.data,
  };
}

/** A kept file with the metadata an edit may change (docs: "description" and "is_spoiler"). */
function updated(kept: FakeFile, entry: AttachmentRequest | undefined): FakeFile {
  const description = entry?.description ?? kept.description;
  return {
    ...kept,
    ...(description ? { description } : {}),
    spoiler: entry?.is_spoiler ?? kept.spoiler,
  };
}

const OCTET_STREAM = 'application/octet-stream';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height: the first chunk is IHDR, its data two big-endian 32-bit integers. */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  const isPng =
    data.length >= 24 &&
    data.subarray(0, 8).equals(PNG_SIGNATURE) &&
    data.toString('latin1', 12, 16) === 'IHDR';
  return isPng ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : undefined;
}
