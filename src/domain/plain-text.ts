import { withoutBidiControls } from './names';

/**
 * Text for a place that has no markup of its own: a page's <title> (the browser tab), an
 * OpenGraph or Twitter tag (Discord's unfurl), an image's alt text, an SVG's <title>. A page's
 * body isolates each name in <bdi>; here nothing can, so one name's unclosed override (U+202E)
 * or embedding would reverse everything after it, the board's name included. The bidirectional
 * controls (embeddings, overrides, isolates and marks: names.ts's list) are removed rather than
 * balanced: a tab title or an unfurl is not guaranteed to honour isolates, while letters keep
 * their own direction without them, so a right-to-left name still reads right to left.
 */
export const plainTitle = (text: string): string => withoutBidiControls(text);

/** Whether text holds a bidirectional control (what `plainTitle` removes). */
export const hasBidiControl = (text: string): boolean => withoutBidiControls(text) !== text;
