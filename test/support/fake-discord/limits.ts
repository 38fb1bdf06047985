import { tooLong, type FieldProblem } from './form-errors';

/**
 * Discord's limits on a message (docs: Message Resource "Create Message", Embed Limits, Component
 * Reference), checked whether or not the OpenAPI description states them: it allows 4000
 * characters of content where a bot gets 2000, and knows nothing of the 6000-character embed
 * total. Lengths count characters (code points), as the description's maxLength does.
 */
export const LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
  actionRows: 5,
  rowComponents: 5,
  customId: 100,
  label: 80,
  selectOptions: 25,
  /** Files on one message (docs: JSON error 30015, "Maximum number of attachments … (10)"). */
  attachments: 10,
  /**
   * Bytes per file for a server without boosts (docs: Reference, "Uploading Files": 10 MiB, and
   * the interaction's `attachment_size_limit`), and per request (Create Message: 25 MiB).
   */
  attachmentSize: 10 * 1024 * 1024,
  requestSize: 25 * 1024 * 1024,
} as const;

/** Components V2 messages lay components out freely (the description caps them at 40). */
const IS_COMPONENTS_V2 = 1 << 15;

interface Embed {
  title?: string | null;
  description?: string | null;
  fields?: { name?: string; value?: string }[] | null;
  footer?: { text?: string | null } | null;
  author?: { name?: string | null } | null;
}
interface Component {
  type?: number;
  custom_id?: string | null;
  label?: string | null;
  options?: unknown[] | null;
  components?: Component[] | null;
}
/** The message fields of a create or edit body (or of an interaction callback's `data`). */
export interface MessageBody {
  content?: string | null;
  embeds?: Embed[] | null;
  components?: Component[] | null;
  attachments?: unknown[] | null;
  sticker_ids?: unknown[] | null;
  stickers?: unknown[] | null;
  poll?: unknown;
  flags?: number | null;
}

// The body may be anything (the schema check reports what is malformed): count what is there.
const length = (s: unknown) => (typeof s === 'string' ? [...s].length : 0);
const list = <T>(l: T[] | null | undefined): T[] => (Array.isArray(l) ? l : []);
/** A text of an embed, its limit and where it is. */
type Text = [string | null | undefined, number, (string | number)[]];

/** Every limit the body breaks, each where Discord reports it; `at` prefixes the paths. */
export function limitProblems(body: MessageBody, at: string[] = []): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const check = (value: number, limit: number, path: (string | number)[]) => {
    if (value > limit) problems.push(tooLong([...at, ...path.map(String)], limit));
  };
  check(length(body.content), LIMITS.content, ['content']);
  const embeds = list(body.embeds);
  check(embeds.length, LIMITS.embeds, ['embeds']);
  let total = 0;
  embeds.forEach((embed, i) => {
    const texts: Text[] = [
      [embed?.title, LIMITS.title, ['title']],
      [embed?.description, LIMITS.description, ['description']],
      [embed?.footer?.text, LIMITS.footerText, ['footer', 'text']],
      [embed?.author?.name, LIMITS.authorName, ['author', 'name']],
      ...list(embed?.fields).flatMap((f, j): Text[] => [
        [f?.name, LIMITS.fieldName, ['fields', j, 'name']],
        [f?.value, LIMITS.fieldValue, ['fields', j, 'value']],
      ]),
    ];
    for (const [text, limit, path] of texts) {
      check(length(text), limit, ['embeds', i, ...path]);
      total += length(text);
    }
    check(list(embed?.fields).length, LIMITS.fields, ['embeds', i, 'fields']);
  });
  if (total > LIMITS.embedTotal) {
    problems.push({
      at: [...at, 'embeds'],
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: `Embed size exceeds maximum size of ${LIMITS.embedTotal}`,
    });
  }
  problems.push(...componentProblems(body, at));
  return problems;
}

function componentProblems(body: MessageBody, at: string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const rows = list(body.components);
  const v2 = ((body.flags ?? 0) & IS_COMPONENTS_V2) !== 0;
  if (!v2 && rows.length > LIMITS.actionRows) {
    problems.push(tooLong([...at, 'components'], LIMITS.actionRows));
  }
  const seen = new Set<string>();
  const visit = (c: Component, path: string[]) => {
    if (length(c?.custom_id) > LIMITS.customId) {
      problems.push(tooLong([...path, 'custom_id'], LIMITS.customId));
    }
    if (length(c?.label) > LIMITS.label) problems.push(tooLong([...path, 'label'], LIMITS.label));
    if (list(c?.options).length > LIMITS.selectOptions) {
      problems.push(tooLong([...path, 'options'], LIMITS.selectOptions));
    }
    const id = typeof c?.custom_id === 'string' ? c.custom_id : undefined;
    if (id !== undefined && seen.has(id)) {
      problems.push({
        at: [...path, 'custom_id'],
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id cannot be duplicated',
      });
    }
    if (id !== undefined) seen.add(id);
    const children = list(c?.components);
    if (c?.type === 1 && children.length > LIMITS.rowComponents) {
      problems.push(tooLong([...path, 'components'], LIMITS.rowComponents));
    }
    children.forEach((child, i) => visit(child, [...path, 'components', String(i)]));
  };
  rows.forEach((row, i) => visit(row, [...at, 'components', String(i)]));
  return problems;
}

/**
 * Whether a message would show nothing: no content, embed, component, attachment, sticker or
 * poll. Discord refuses to create one (50006), or to edit a message into one.
 */
export function isEmptyMessage(m: MessageBody): boolean {
  const some = (l: unknown[] | null | undefined) => list(l).length > 0;
  return (
    !m.content &&
    !some(m.embeds) &&
    !some(m.components) &&
    !some(m.attachments) &&
    !some(m.sticker_ids) &&
    !some(m.stickers) &&
    (m.poll === undefined || m.poll === null)
  );
}

export const EMPTY_MESSAGE = {
  status: 400,
  body: { code: 50006, message: 'Cannot send an empty message' },
};
