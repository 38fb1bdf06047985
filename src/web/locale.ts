import type { Request, RequestHandler } from 'express';
import { LANGUAGES, languageOf, SOURCE_LANGUAGE, type Language } from '../domain/i18n';
import { readCookie } from './dashboard/session';
import type { PageFrame } from './html';

/**
 * The language a page speaks (issue 32), the public pages' and the dashboard's alike: the one the
 * visitor picked with the page's switch (`?lang=de`, remembered in the `tally_lang` cookie), else
 * the first shipped one their browser asks for (`Accept-Language`, by its q-values), else English.
 */
export const LANGUAGE_COOKIE = 'tally_lang';

/** A shipped language named exactly (`de`, `pt-BR`, any case), or null. */
export function shippedLanguage(tag: unknown): Language | null {
  if (typeof tag !== 'string') return null;
  return LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase()) ?? null;
}

export function pageLanguage(req: Request): Language {
  const picked =
    shippedLanguage(req.query.lang) ?? shippedLanguage(readCookie(req, LANGUAGE_COOKIE));
  if (picked) return picked;
  // The browser's languages by q-value (Express's `accepts`); the first Tally ships wins, a
  // regional tag by its language (`de-AT`, `es-MX`, `pt-PT`), `*` and the unshipped pass.
  for (const tag of req.acceptsLanguages()) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'en' || languageOf(tag) !== SOURCE_LANGUAGE) return languageOf(tag);
  }
  return SOURCE_LANGUAGE;
}

/** A year: how long the switch's choice is remembered. */
const REMEMBERED_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Every page answers by language, so every answer varies by what picks it (a cache must not hand
 * a German page to an English reader); a `?lang=` the switch sent is remembered for the pages
 * after it (a cookie scripts may read: it says nothing but a language).
 */
export const rememberLanguage: RequestHandler = (req, res, next) => {
  res.vary('Accept-Language');
  res.vary('Cookie');
  const asked = shippedLanguage(req.query.lang);
  if (asked)
    res.cookie(LANGUAGE_COOKIE, asked, { path: '/', sameSite: 'lax', maxAge: REMEMBERED_MS });
  next();
};

/** The page's language and the query its switch's links keep (html.ts languageSwitch). */
export function pageFrame(req: Request): PageFrame {
  const search = req.originalUrl.includes('?')
    ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
    : '';
  return { lang: pageLanguage(req), query: new URLSearchParams(search) };
}
