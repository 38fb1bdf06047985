import { withoutBidiControls } from './names';

/**
 * Someone's text inside Discord markdown, written once for every line Tally posts (replies,
 * embeds, review messages, audit lines): shown as typed, never as formatting, never as a mention
 * or a link, never reordered by bidi controls. A backslash before any ASCII punctuation is an
 * escape in Discord's markdown, so escaping more than needed shows the same text.
 */
const ANYWHERE = /[\\*_~`|<>[\]]/g;
/** What formats only at the start of a line: a heading, a list item, a quote. */
const LINE_START = /^([ \t]*)(#{1,3}(?=\s)|[-+](?=\s)|(\d+)\.(?=\s))/gm;

export function markdownLiteral(text: string): string {
  return withoutBidiControls(text)
    .replace(ANYWHERE, (c) => `\\${c}`)
    .replace(LINE_START, (_all, indent: string, mark: string, number?: string) =>
      number === undefined ? `${indent}\\${mark}` : `${indent}${number}\\.`,
    );
}

/**
 * A line Tally wrote for Discord (an audit line, a refusal) as plain text for a page: its own
 * formatting marks (bold, italics, code) dropped and the escapes `markdownLiteral` added undone,
 * so a name reads as typed. Mentions are left to the caller, who knows the names.
 */
export function markdownPlain(text: string): string {
  return text.replace(/(?<!\\)(\*\*|__|`)/g, '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** Text on one line: every run of white space (line breaks, tabs) one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

/** At most `max` UTF-16 units, cut on a character boundary with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return `${out}…`;
}
