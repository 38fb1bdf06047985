import { CATALOGUES, languageOf, SOURCE_LANGUAGE, type Language } from './i18n';

/**
 * What a picture needs to speak a language (issue 32): the language's tag, which the renderer
 * writes dates and numbers in with Intl, and the catalogue's `pictures` part, whose texts it
 * fills itself (src/render/words.ts: the renderer may not import the domain). Spread it into a
 * card's or a chart's data: `{ ...chart, ...pictureLanguage(interaction.locale) }`; the renderer
 * keys its cache by the language, so pictures in two languages never meet. English is nothing to
 * add (the renderer's own words), so an English picture's data, and its version, stay as they
 * always were.
 */
export function pictureLanguage(locale: string | null | undefined): {
  language?: Language;
  words?: (typeof CATALOGUES)[Language]['pictures'];
} {
  const language = languageOf(locale);
  return language === SOURCE_LANGUAGE ? {} : { language, words: CATALOGUES[language].pictures };
}
