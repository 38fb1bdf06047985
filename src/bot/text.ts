import { clip, markdownLiteral, oneLine } from '../domain/chat-text';
import { withoutBidiControls } from '../domain/names';

/**
 * Text the bot puts in front of people, inside what Discord accepts (its documented limits, which
 * the fake Discord enforces in tests): names shown as written, never as markdown or reordered by
 * bidi controls, and every echo of what someone typed clipped.
 */
export const LIMITS = {
  content: 2000,
  embedTitle: 256,
  embedDescription: 4096,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedTotal: 6000,
  customId: 100,
  buttonLabel: 80,
} as const;

/** How much of someone's input a refusal quotes back. */
export const ECHO_MAX = 100;

/** A name (board, team, player) as chat shows it: literal text, no formatting, no reordering. */
export const shown = (name: string) => markdownLiteral(name);

export { clip };

/** What someone typed, quoted back in a reply: clipped, and shown as code so it renders as typed. */
export function echo(input: string): string {
  const clipped = clip(oneLine(withoutBidiControls(input)), ECHO_MAX);
  return `\`${clipped.replace(/`/g, 'ˋ')}\``;
}

/** An id (board, key, team) as inline code, or escaped text if it holds a backtick itself. */
export const code = (id: string) => (id.includes('`') ? shown(id) : `\`${id}\``);
