import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Emoji are drawn from Twemoji's SVGs (@twemoji/svg: Twemoji 15 graphics, CC-BY 4.0), the set
 * Discord itself shows, so a name looks in the picture as it does in chat. satori asks for one
 * image per emoji grapheme through loadAdditionalAsset, only when a text has one.
 */
const dir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
let available: Set<string> | undefined;

/**
 * satori's test for "this grapheme is an emoji" (emoji-regex-xs, which it uses), anchored: what
 * it matches is asked of the emoji loader, so only what it matches may rely on Twemoji.
 */
const EMOJI_PART = String.raw`\p{Emoji}(?:\p{EMod}|[\u{E0020}-\u{E007E}]+\u{E007F}|\uFE0F?\u20E3?)`;
const EMOJI = new RegExp(
  String.raw`^(?:\p{RI}{2}|(?![#*\d](?!\uFE0F?\u20E3))${EMOJI_PART}(?:\u200D${EMOJI_PART})*)$`,
  'u',
);

/** Twemoji's file name: code points in hex; FE0F dropped unless the sequence has a ZWJ. */
function fileName(grapheme: string): string | undefined {
  available ??= new Set(readdirSync(dir).filter((f) => f.endsWith('.svg')));
  const hex = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16)).join('-');
  const names = [hex(grapheme), hex(grapheme.replace(/\uFE0F/g, ''))].map((n) => `${n}.svg`);
  const name = grapheme.includes('\u200D') ? names : names.reverse();
  return name.find((n) => available!.has(n));
}

/** Whether a grapheme will be drawn as a Twemoji picture. */
export const isDrawnEmoji = (grapheme: string): boolean =>
  EMOJI.test(grapheme) && fileName(grapheme) !== undefined;

const uris = new Map<string, string>();
/** The grapheme's picture as a data URI for satori; undefined if Twemoji has none. */
export function emojiDataUri(grapheme: string): string | undefined {
  const cached = uris.get(grapheme);
  if (cached) return cached;
  const name = EMOJI.test(grapheme) ? fileName(grapheme) : undefined;
  if (!name) return undefined;
  const uri = `data:image/svg+xml;base64,${readFileSync(join(dir, name)).toString('base64')}`;
  if (uris.size >= 512) uris.delete(uris.keys().next().value!);
  uris.set(grapheme, uri);
  return uri;
}
