import type { Request } from 'express';
import { LANGUAGES, languageOf, SOURCE_LANGUAGE, type Language } from '../domain/i18n';
import { readCookie } from './dashboard/session';

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
