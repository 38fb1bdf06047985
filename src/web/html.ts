import { escapeXml } from '../render/chart-svg';
import type { Board } from '../../entities/board';
import { plainTitle } from '../domain/plain-text';
import { formatTime } from '../domain/score-text';
import { STYLE } from './style';
import { valueHeading } from '../domain/display';

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

export const grouped = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

/** A board's ranking value as its standings show it (spec 2.4: elo on ELO boards, else score). */
export function valueText(board: Pick<Board, 'type'>, value: number | null): string {
  if (value === null) return '—';
  if (board.type === 'Time') return formatTime(value);
  if (board.type === 'ELO') return String(value);
  return grouped(value);
}

/** What a board's value is called, in a column heading and as a label (domain/display.ts). */
export const valueName = (board: Pick<Board, 'type'>): string => valueHeading(board.type);

export { isMatchBoard } from '../domain/board-rules';

export const boardName = (board: Pick<Board, 'displayName' | 'id'>) =>
  board.displayName || board.id;

/** 24 Nov 2026, in UTC like every time Tally shows without a time zone of the visitor's. */
export function dayText(at: Date): string {
  return at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const timeTag = (at: Date): Html =>
  `<time datetime="${at.toISOString()}">${dayText(at)}</time>`;

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

function previewTags(preview: Preview): Html {
  const tags: [string, string, string][] = [
    ['name', 'description', preview.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Tally'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
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
  return [...meta, `<link rel="canonical" href="${escapeHtml(preview.url)}">`].join('\n');
}

/**
 * A page; `title` and the preview's texts are plain text (a tab and an unfurl show them).
 * `extraStyle`: rules only some pages need (the dashboard's forms).
 */
export function documentHtml(title: string, body: Html, preview?: Preview, extraStyle = ''): Html {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#5865f2">
<title>${escapeHtml(plainTitle(title))}</title>
${preview ? `${previewTags(preview)}\n` : ''}<style>${STYLE}${extraStyle}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
