/**
 * A request body as Discord reads it (docs: Reference, "Uploading Files"): JSON, or a
 * multipart/form-data body whose `payload_json` part is the JSON body and whose `files[n]` parts
 * are uploads, `n` being the placeholder id `attachments[].id` names. Without `payload_json`, the
 * form's text fields are the body (the docs' example sends `content` and `tts` so).
 *
 * The form is read with the WHATWG `Response.formData()` built into Node (undici's parser): no
 * dependency, and the same implementation @discordjs/rest's `FormData` comes from, so the fake
 * reads exactly what the bot's client writes. The fake holds the whole body in memory anyway, so
 * a streaming parser (busboy) would buy nothing.
 */

/** A file part of a multipart body, as the bot sent it. */
export interface SentFile {
  /** The part's name, e.g. `files[0]`. */
  field: string;
  /** The `n` of `files[n]` (what `attachments[].id` names); null for a part named otherwise. */
  index: string | null;
  filename: string;
  /** The part's Content-Type (undici's `application/octet-stream` when the part says none). */
  contentType: string;
  data: Buffer;
}

/** What a request carried: its JSON body, and for a multipart body its files. */
export interface ReadBody {
  body: unknown;
  /** Undefined for a body that is not multipart/form-data. */
  files?: SentFile[];
  /** A multipart body whose form could not be read (no or a wrong boundary, truncated). */
  unreadable?: boolean;
}

const FILE_FIELD = /^files\[(\d+)\]$/;

export async function readBody(raw: Buffer, contentType: string | undefined): Promise<ReadBody> {
  if (!/^multipart\/form-data\b/i.test(contentType ?? '')) return { body: json(raw) };
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType ?? '' } }).formData();
  } catch {
    return { body: undefined, files: [], unreadable: true };
  }
  const files: SentFile[] = [];
  const fields: [string, string][] = [];
  for (const [field, value] of form) {
    if (typeof value === 'string') fields.push([field, value]);
    else {
      files.push({
        field,
        index: FILE_FIELD.exec(field)?.[1] ?? null,
        filename: value.name,
        contentType: value.type,
        data: Buffer.from(await value.arrayBuffer()),
      });
    }
  }
  const payload = fields.find(([name]) => name === 'payload_json');
  if (payload) return { body: json(Buffer.from(payload[1])), files };
  // Files alone are a whole message (docs: Create Message, "files[n]"): the form is the body.
  return { body: Object.fromEntries(fields.map(formField)), files };
}

/** A JSON body, or the text itself when it is not JSON (the schema check reports it). */
function json(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A text field outside `payload_json`: a form carries only text, so `tts=true` and
 * `embeds=[…]` are read as the JSON they spell; a number stays text (the description takes
 * digit strings for integers, as Discord does) and so does anything that is not JSON.
 */
function formField([name, value]: [string, string]): [string, unknown] {
  try {
    const parsed = JSON.parse(value) as unknown;
    return [name, parsed !== null && typeof parsed === 'object' ? parsed : boolOr(parsed, value)];
  } catch {
    return [name, value];
  }
}

const boolOr = (parsed: unknown, text: string) => (typeof parsed === 'boolean' ? parsed : text);
