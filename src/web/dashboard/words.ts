import type { Request } from 'express';
import { TallyError, type ErrorCode } from '../../domain/errors';
import { t, type Language, type TextKey, type TextVars } from '../../domain/i18n';
import type { BoardType } from '../../domain/vocabulary';
import { escapeHtml, type Html, type PageFrame } from '../html';
import { pageFrame } from '../locale';

/**
 * The dashboard's words in the page's language (issue 32): `dashboard.*` of the catalogue,
 * asked for by their key within the part. `t` is plain text (escaped where it meets markup),
 * `h` the same text escaped, `m` a text with markup of its own whose variables are markup
 * already (escaped pieces).
 */
export type DashboardKey = {
  [K in TextKey]: K extends `dashboard.${infer Rest}` ? Rest : never;
}[TextKey];

export interface Words {
  readonly lang: Language;
  /** The page's language and the query its language switch keeps (html.ts languageSwitch). */
  readonly frame: PageFrame;
  t(key: DashboardKey, vars?: TextVars): string;
  h(key: DashboardKey, vars?: TextVars): Html;
  m(key: DashboardKey & `${string}Html`, vars?: Readonly<Record<string, Html | number>>): Html;
  /** A board type as /board create's choices name it in this language. */
  type(type: BoardType): string;
}

export function wordsFor(
  lang: Language,
  frame: PageFrame = { lang, query: new URLSearchParams() },
): Words {
  const text = (key: DashboardKey, vars?: TextVars) => t(lang, `dashboard.${key}` as TextKey, vars);
  return {
    lang,
    frame,
    t: text,
    h: (key, vars) => escapeHtml(text(key, vars)),
    m: (key, vars) => text(key, vars),
    type: (type) => t(lang, `commands.board.options.create.options.type.choices.${type}`),
  };
}

/** The words of the page a request asks for (`?lang=`, the switch's cookie, Accept-Language). */
export function wordsOf(req: Request): Words {
  const frame = pageFrame(req);
  return wordsFor(frame.lang, frame);
}

/** English, for what stays English (the API's `detail` of a refusal). */
export const ENGLISH = wordsFor('en');

/**
 * A refusal the dashboard words itself: its English `detail`, and what it says to the member
 * (`said`) in the page's language, rendered by the error pages with `toldIn`.
 */
export function refusal(
  w: Words,
  code: ErrorCode,
  key: DashboardKey,
  vars: (words: Words) => TextVars = () => ({}),
  options: { status?: number } = {},
): TallyError {
  return new TallyError(code, ENGLISH.t(key, vars(ENGLISH)), {
    ...options,
    said: { key: `dashboard.${key}` as TextKey, vars: vars(w) },
  });
}

/** The flash a `?done=` names in a page's table of them, or none: never the member's text in a URL. */
export function doneKey<K extends DashboardKey>(
  table: Readonly<Record<string, K>>,
  done: unknown,
): K | undefined {
  return typeof done === 'string' && Object.hasOwn(table, done) ? table[done] : undefined;
}
