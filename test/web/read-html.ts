import { LIVE_SCRIPT } from '../../src/web/live';

/** Reading the public pages' markup the way a visitor or an unfurler does (it is regular enough). */

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The page without the live pages' own script (src/web/live.ts): what is left runs nothing. */
export const withoutLiveScript = (html: string) =>
  html.replace(`<script>${LIVE_SCRIPT}</script>`, '');

/** Text of markup: tags dropped, whitespace collapsed, the five escapes undone. */
export const text = (html: string) =>
  unescape(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

export const title = (html: string) => text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');

/** An OpenGraph or Twitter tag's content: `og:image`, `twitter:card`. */
export function metaTag(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return tag?.[1] === undefined ? undefined : unescape(tag[1]);
}

/** Every link on the page: its text and its href (unescaped). */
export function links(html: string): { label: string; href: string }[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: unescape(m[1]!),
    label: text(m[2]!),
  }));
}

export const hrefOf = (html: string, label: string) =>
  links(html).find((l) => l.label === label)?.href;

/** The inner markup of the first element with this class (no nesting of the same tag inside). */
export function section(html: string, tag: string, className: string): string {
  const re = new RegExp(
    `<${tag} class="(?:[^"]* )?${className}(?: [^"]*)?"[^>]*>([\\s\\S]*?)</${tag}>`,
  );
  return re.exec(html)?.[1] ?? '';
}

/** The list items of a list, as text. */
export const items = (html: string) =>
  [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
