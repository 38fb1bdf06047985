import { escapeXml } from '../render/chart-svg';
import type { Board } from '../../entities/board';
import { plainTitle } from '../domain/plain-text';
import { formatTime } from '../domain/score-text';
import { STYLE } from './style';
import { valueHeading } from '../domain/display';
import { LANGUAGES, t, type Language } from '../domain/i18n';

/**
 * The markup every public page shares: escaping, the document with its head (OpenGraph tags
 * included), and values as people read them. Pages are strings built from escaped pieces; no
 * script is ever emitted (the CSP in respond.ts makes that hold even if escaping slipped).
 */

/** Every piece of stored or requested text goes through this before it meets markup. */
export const escapeHtml = escapeXml;

/** Trusted markup, built only by this folder from escaped pieces. */
export type Html = string;

/** A name as text that keeps its own direction: a right-to-left name never reorders the line. */
export const bdi = (text: string): Html => `<bdi>${escapeHtml(text)}</bdi>`;

export const link = (href: string, content: Html, attrs = ''): Html =>
  `<a href="${escapeHtml(href)}"${attrs}>${content}</a>`;

/** A page's language and where its switch points (locale.ts `pageFrame`). */
export interface PageFrame {
  lang: Language;
  /** The query string of this page, so each language's link is this page in that language. */
  query: URLSearchParams;
}

/** English, with no switch: a page made outside a request (tests, the dashboard until it passes one). */
export const ENGLISH: PageFrame = { lang: 'en', query: new URLSearchParams() };

/** The locale numbers and dates are written in: Intl's tag for each shipped language. */
const NUMBER_LOCALE: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  'pt-BR': 'pt-BR',
  de: 'de-DE',
};

/** A whole number grouped the language's way: 1,234 in English, 1.234 in German. */
export const grouped = (n: number | null, lang: Language = 'en') =>
  n === null ? '—' : n.toLocaleString(NUMBER_LOCALE[lang]);

/** A board's ranking value as its standings show it (spec 2.4: elo on ELO boards, else score). */
export function valueText(
  board: Pick<Board, 'type'>,
  value: number | null,
  lang: Language = 'en',
): string {
  if (value === null) return '—';
  if (board.type === 'Time') return formatTime(value);
  if (board.type === 'ELO') return String(value);
  return grouped(value, lang);
}

/** What a board's value is called, in a column heading and as a label (domain/display.ts). */
export const valueName = (board: Pick<Board, 'type'>, lang: Language = 'en'): string =>
  valueHeading(board.type, lang);

export { isMatchBoard } from '../domain/board-rules';

/** A result as one letter, as a table's columns abbreviate it: W D L, German S U N, … */
export const resultLetter = (result: 'W' | 'D' | 'L', lang: Language = 'en'): string =>
  t(lang, `web.standings.${result === 'W' ? 'wins' : result === 'D' ? 'draws' : 'losses'}.short`);

export const boardName = (board: Pick<Board, 'displayName' | 'id'>) =>
  board.displayName || board.id;

/** 24 Nov 2026 (24. Nov. 2026 in German), in UTC like every time Tally shows without a zone. */
export function dayText(at: Date, lang: Language = 'en'): string {
  return at.toLocaleDateString(lang === 'en' ? 'en-GB' : NUMBER_LOCALE[lang], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const timeTag = (at: Date, lang: Language = 'en'): Html =>
  `<time datetime="${at.toISOString()}">${dayText(at, lang)}</time>`;

/** What a link to the page unfurls as (OpenGraph, Twitter cards): Discord reads these. */
export interface Preview {
  title: string;
  description: string;
  /** Absolute: an unfurler fetches it from elsewhere. */
  url: string;
  /** Absolute URL of a PNG (or of `imageType`), or null when no picture can be made. */
  image: string | null;
  /** Default image/png (the rendered pictures); a contest entry's page names its WebP. */
  imageType?: string;
  imageAlt?: string;
  /** Pixels, so an unfurler can lay the preview out before fetching it. */
  imageSize?: { width: number; height: number };
}

/**
 * The picture a board's page unfurls as, or none for a private board: its card and charts are
 * never made (a 404 to everyone, images.ts), and a member's page must not hand an unfurler one.
 */
export const shareImage = (board: Pick<Board, 'private'>, url: string | null): string | null =>
  board.private ? null : url;

/** The renderer's picture sizes (src/render: the card 1200×630, the OpenGraph size; the chart 1200×600). */
export const PICTURE_SIZE = {
  card: { width: 1200, height: 630 },
  chart: { width: 1200, height: 600 },
} as const;

/** OpenGraph's locale of each language (language_TERRITORY). */
const OG_LOCALE: Record<Language, string> = {
  en: 'en_US',
  es: 'es_ES',
  'pt-BR': 'pt_BR',
  de: 'de_DE',
};

/** Each language's name in itself, as the switch shows it. */
const OWN_NAME: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português',
  de: 'Deutsch',
};

/**
 * The language switch on every page: this page in each language (`?lang=…` with the rest of its
 * query kept; a relative link, so it holds behind a proxy's prefix), each named in its own
 * language, the current one marked. No script: the link sets the cookie (locale.ts).
 */
export function languageSwitch(frame: PageFrame): Html {
  const items = LANGUAGES.map((lang) => {
    const query = new URLSearchParams(frame.query);
    query.set('lang', lang);
    const attrs = ` hreflang="${lang}" lang="${lang}"${lang === frame.lang ? ' aria-current="true"' : ''}`;
    return `<li>${link(`?${query}`, escapeHtml(OWN_NAME[lang]), attrs)}</li>`;
  });
  return `<nav class="languages" aria-label="${escapeHtml(t(frame.lang, 'web.page.languages'))}"><ul>${items.join('')}</ul></nav>`;
}

function previewTags(preview: Preview, lang: Language): Html {
  const tags: [string, string, string][] = [
    ['name', 'description', preview.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Tally'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:locale', OG_LOCALE[lang]],
    ...LANGUAGES.filter((other) => other !== lang).map((other): [string, string, string] => [
      'property',
      'og:locale:alternate',
      OG_LOCALE[other],
    ]),
  ];
  if (preview.image) {
    tags.push(['property', 'og:image', preview.image]);
    tags.push(['property', 'og:image:type', preview.imageType ?? 'image/png']);
    if (preview.imageSize) {
      tags.push(['property', 'og:image:width', String(preview.imageSize.width)]);
      tags.push(['property', 'og:image:height', String(preview.imageSize.height)]);
    }
    tags.push(['property', 'og:image:alt', preview.imageAlt ?? preview.title]);
  }
  tags.push(['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary']);
  // Unfurlers show these as plain text: no name's bidi control may reorder the rest.
  const meta = tags.map(
    ([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(plainTitle(value))}">`,
  );
  // The same page in each language, for search engines (the switch's ?lang=, absolute).
  const alternates = LANGUAGES.map((other) => {
    const url = new URL(preview.url);
    url.searchParams.set('lang', other);
    return `<link rel="alternate" hreflang="${other}" href="${escapeHtml(url.href)}">`;
  });
  return [...meta, `<link rel="canonical" href="${escapeHtml(preview.url)}">`, ...alternates].join(
    '\n',
  );
}

/**
 * A page; `title` and the preview's texts are plain text (a tab and an unfurl show them).
 * `extraStyle`: rules only some pages need (the dashboard's forms). `frame`: the page's language
 * (`<html lang>`, og:locale) and its switch.
 */
export function documentHtml(
  title: string,
  body: Html,
  preview?: Preview,
  extraStyle = '',
  frame: PageFrame = ENGLISH,
): Html {
  return `<!doctype html>
<html lang="${frame.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#5865f2">
<title>${escapeHtml(plainTitle(title))}</title>
${preview ? `${previewTags(preview, frame.lang)}\n` : ''}<style>${STYLE}${extraStyle}</style>
</head>
<body>
<main>
${body}
${languageSwitch(frame)}
</main>
</body>
</html>
`;
}
