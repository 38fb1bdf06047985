import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emojiDataUri, isDrawnEmoji } from '../../src/render/emoji';
import { faceFor, familyOrder, hasGlyph, latinFace } from '../../src/render/font-catalog';
import { PLACEHOLDER, prepareText } from '../../src/render/text-prep';
import { fitText } from '../../src/render/text-width';
import { woffCodePoints, woffToSfnt } from '../../src/render/woff';
import { SCRIPTS } from './pictures';

describe('text for pictures', () => {
  it.each(SCRIPTS)(
    'GIVEN a %s name THEN every character is kept and drawn by its font',
    (_, name, font) => {
      const prepared = prepareText(name);
      expect(prepared.text).toBe(name);
      expect(prepared.faces.some((f) => f.id.startsWith(font))).toBe(true);
      for (const char of name.replace(/\s/g, '')) {
        expect(prepared.faces.some((f) => hasGlyph(f, char.codePointAt(0)!))).toBe(true);
      }
    },
  );

  it('GIVEN emoji THEN they are kept for Twemoji, which has a picture for each', () => {
    for (const emoji of ['🎮', '🔥', '❤️', '👩‍💻', '🇯🇵', '#️⃣', '👍🏽']) {
      expect(isDrawnEmoji(emoji)).toBe(true);
      expect(emojiDataUri(emoji)).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    expect(prepareText('Gamer 🎮🔥').text).toBe('Gamer 🎮🔥');
  });

  it('GIVEN symbols that are not emoji THEN Noto Sans Symbols 2 draws them, not the placeholder', () => {
    const name = 'Chess Ladder ♞♛ ★☆ ✓✗ ✦ ►';
    const prepared = prepareText(name);
    expect(prepared.text).toBe(name);
    const symbols = prepared.faces.find((f) => f.family === 'symbols')!;
    expect(symbols.id).toBe('noto-sans-symbols-2-symbols');
    for (const char of '♞♛★☆✓✗✦►')
      expect(faceFor(char.codePointAt(0)!, familyOrder(name))).toBe(symbols);
    // Emoji among them stay Twemoji pictures; the one file serves bold too.
    expect(prepareText('Cup ⚽🏆').faces.some((f) => f.family === 'symbols')).toBe(false);
    expect(symbols.file(700)).toBe(symbols.file(400));
  });

  it('GIVEN a script no bundled font has THEN each run becomes one visible placeholder', () => {
    expect(prepareText('สวัสดี Robin').text).toBe(`${PLACEHOLDER} Robin`);
    expect(prepareText('שלום').text).toBe(PLACEHOLDER);
    expect(hasGlyph(latinFace(), PLACEHOLDER.codePointAt(0)!)).toBe(true);
  });

  it('GIVEN styled letters or marks no font has THEN the plain letters are shown', () => {
    expect(prepareText('𝓡𝓸𝓫𝓲𝓷').text).toBe('Robin'); // mathematical script → NFKC
    expect(prepareText('Z̴̛a̷lgo').text).toBe('Zalgo'); // combining marks without a glyph dropped
  });

  it('GIVEN invisible controls THEN they are dropped, not shown as placeholders', () => {
    expect(prepareText('Ro\u202Ebin\u0007\u2066').text).toBe('Robin');
  });

  it('GIVEN a Han name THEN the font follows the name’s other script', () => {
    const face = (name: string) =>
      prepareText(name).faces.find((f) => !f.id.startsWith('noto-sans-latin'))!.id;
    expect(face('山田')).toMatch(/^noto-sans-sc-/);
    expect(face('山田たろう')).toMatch(/^noto-sans-jp-/);
    expect(faceFor('山'.codePointAt(0)!, ['sans', 'arabic', 'kr', 'sc', 'jp'])!.id).toMatch(
      /^noto-sans-kr-/,
    );
  });

  it('GIVEN a subset file THEN its cmap, not its unicode-range, says what it draws, in both weights', () => {
    const latin = woffCodePoints(readFileSync(latinFace().file(400)));
    expect(latin.has('A'.codePointAt(0)!)).toBe(true);
    expect(latin.has('中'.codePointAt(0)!)).toBe(false);
    const han = faceFor('中'.codePointAt(0)!, ['sc'])!;
    for (const face of [latinFace(), han]) {
      const bold = woffCodePoints(readFileSync(face.file(700)));
      expect([...woffCodePoints(readFileSync(face.file(400)))].every((c) => bold.has(c))).toBe(
        true,
      );
    }
    const ttf = woffToSfnt(readFileSync(latinFace().file(400)));
    expect(ttf.readUInt32BE(0)).toBe(0x00010000);
  });

  it('GIVEN a long title THEN it is cut at a grapheme with an ellipsis', () => {
    expect(fitText('Robin', 100, 10)).toBe('Robin');
    expect(fitText('中文名字中文名字', 40, 10)).toBe('中文名…');
    expect(fitText('👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻', 30, 10)).toBe('👩‍💻👩‍💻…');
  });
});
