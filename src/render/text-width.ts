/**
 * An SVG <text> cannot wrap or measure itself, so the chart estimates: a wide character (CJK,
 * kana, Hangul, full-width forms, emoji) takes about 1 em, anything else about 0.62 em (Noto
 * Sans bold averages less). Overestimating only truncates a little early.
 */
const WIDE = new RegExp(
  String.raw`[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]` +
    String.raw`|\p{Extended_Pictographic}`,
  'u',
);

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export const graphemes = (text: string): string[] =>
  Array.from(segmenter.segment(text), (s) => s.segment);

const ems = (grapheme: string) => (WIDE.test(grapheme) ? 1 : 0.62);

/** `text`, cut at a grapheme boundary with an ellipsis when it would be wider than `width` px. */
export function fitText(text: string, width: number, fontSize: number): string {
  const budget = width / fontSize;
  const parts = graphemes(text);
  let used = 0;
  for (let i = 0; i < parts.length; i++) {
    used += ems(parts[i]!);
    if (used > budget)
      return `${parts
        .slice(0, Math.max(0, i - 1))
        .join('')
        .trimEnd()}…`;
  }
  return text;
}
