import { createInstance } from 'i18next';
import { de } from './de';
import { en, type Catalogue } from './en';
import { es } from './es';
import type { PluralSuffix } from './plural';
import { ptBR } from './pt-BR';

/**
 * Tally's words in the member's language (issue 32): one catalogue per language in this folder,
 * English the source, read through i18next, which picks plural forms with `Intl.PluralRules` and
 * formats `{{n, number}}` and `{{when, datetime}}` with `Intl` in the language asked for.
 *
 * `t(locale, key, vars)` is how a reply, a post or a page asks for a text; `discordLocalizations`
 * is what a slash command registers (src/bot/command-text.ts).
 */

/** The shipped languages and their catalogues; English first, the fallback for everything. */
export const CATALOGUES = { en, es, 'pt-BR': ptBR, de } as const satisfies Record<
  string,
  Catalogue
>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];
export const SOURCE_LANGUAGE: Language = 'en';

/** Discord's locales, exactly as it spells them (discord.com/developers/docs/reference#locales). */
export const DISCORD_LOCALES = [
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
] as const;
export type DiscordLocale = (typeof DISCORD_LOCALES)[number];

/**
 * The Discord locales a shipped language other than English serves: their commands carry
 * localizations, and a member in one of them will read Tally in it. Every other locale (en-US,
 * en-GB, fr, …) reads English.
 */
export const LOCALIZED: Readonly<Partial<Record<DiscordLocale, Exclude<Language, 'en'>>>> = {
  'es-ES': 'es',
  'es-419': 'es',
  'pt-BR': 'pt-BR',
  de: 'de',
};

/**
 * The shipped language for a locale: Discord's (`es-419`, `pt-BR`, `fr`), or any BCP 47 tag
 * (`es-MX`, `de-AT`, `pt-PT` take their language's catalogue). Unknown, missing or unshipped:
 * English.
 */
export function languageOf(locale: string | null | undefined): Language {
  if (!locale) return SOURCE_LANGUAGE;
  const exact = LOCALIZED[locale as DiscordLocale];
  if (exact) return exact;
  const primary = locale.toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  return LANGUAGES.find((language) => language === primary) ?? SOURCE_LANGUAGE;
}

/** Every text's dotted key (`commands.board.options.create.description`); plurals by their stem. */
export type TextKey = Leaves<typeof en>;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Stem}_${PluralSuffix}` ? Stem : K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** What a text may interpolate: numbers and dates are formatted with Intl in its language. */
export type TextVars = Readonly<Record<string, string | number | Date>>;

const i18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [language, { translation: CATALOGUES[language] }]),
  ),
  lng: SOURCE_LANGUAGE,
  fallbackLng: SOURCE_LANGUAGE,
  supportedLngs: LANGUAGES,
  // Resources are in memory: ready before init returns, so `t` never waits.
  initAsync: false,
  // Texts are escaped where they are shown (Discord markdown, HTML), never here.
  interpolation: { escapeValue: false },
  // Keys are dotted paths; `:` and the like are text.
  nsSeparator: false,
  returnNull: false,
  returnEmptyString: false,
});

/** Whether the source catalogue has this dotted key (for keys built from a command's names). */
export const hasText = (key: string) => i18n.exists(key, { lng: SOURCE_LANGUAGE });

/**
 * The text for `key` in the language that serves `locale` (English when none does), with `vars`
 * interpolated; `count` picks the plural form.
 */
export function t(locale: string | null | undefined, key: TextKey, vars: TextVars = {}): string {
  return i18n.t(key, { ...vars, lng: languageOf(locale) });
}

/** `t` for a key built at run time (a command's path); throws if the catalogue lacks it. */
export function textAt(locale: string | null | undefined, key: string, vars: TextVars = {}) {
  if (!hasText(key)) throw new Error(`The catalogue has no text at ${key}`);
  return t(locale, key as TextKey, vars);
}

/**
 * Discord's `*_localizations` for a text: each locale a shipped language serves, mapped to that
 * language's text (es-ES and es-419 both to Spanish).
 */
export function discordLocalizations(key: string, vars: TextVars = {}) {
  return Object.fromEntries(
    Object.keys(LOCALIZED).map((locale) => [locale, textAt(locale, key, vars)]),
  ) as Partial<Record<DiscordLocale, string>>;
}
