import { describe, expect, it } from 'vitest';
import { hasBidiControl, plainTitle } from '../../src/domain/plain-text';

/** Text for a tab title, an unfurl's tags, alt text and an SVG title: no bidi control survives. */
describe('plain titles', () => {
  it.each([
    ['Ladder', 'Ladder'],
    ['\u202Eevil — Ladder', 'evil — Ladder'], // right-to-left override
    ['\u202Devil — Ladder', 'evil — Ladder'], // left-to-right override
    ['\u202Aa\u202B b\u202C', 'a b'], // embeddings and their pop
    ['\u2066a\u2069 \u2067b\u2069 \u2068c\u2069', 'a b c'], // isolates
    ['a\u200Eb\u200Fc\u061Cd', 'abcd'], // marks
    ['محمد — Ladder', 'محمد — Ladder'], // right-to-left letters keep their own direction
    ['👩\u200D💻 coders', '👩\u200D💻 coders'], // joiners are not controls
    ['\u202E', ''],
  ])('GIVEN %j THEN the title text is %j', (text, shown) => {
    expect(plainTitle(text)).toBe(shown);
    expect(hasBidiControl(plainTitle(text))).toBe(false);
  });

  it('GIVEN each control of U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C THEN it is seen and removed', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]
      .concat([0x200e, 0x200f, 0x061c])
      .map((c) => String.fromCodePoint(c));
    for (const c of controls) {
      expect(hasBidiControl(`x${c}y`), c.codePointAt(0)!.toString(16)).toBe(true);
      expect(plainTitle(`x${c}y`)).toBe('xy');
    }
    expect(hasBidiControl('plain \u200D\u200C text')).toBe(false);
  });
});
