import { describe, expect, it } from 'vitest';
import { nameOf, withoutBidiControls } from '../../src/domain/names';
import { clip, echo, shown } from '../../src/bot/text';

/** The one name rule (boards and teams, chat and CLI) and how chat shows names and echoes. */
describe('names', () => {
  it('GIVEN bidi controls, zero-width spaces and runs of whitespace THEN they are removed or collapsed', () => {
    expect(nameOf('  Spring\u202E  \n\tCup\u200B ', 'board name')).toBe('Spring Cup');
    expect(nameOf('\u2067Ladder\u2069', 'board name')).toBe('Ladder');
    // Joiners stay: emoji sequences and scripts such as Persian need them.
    expect(nameOf('👩\u200D💻 coders', 'team name')).toBe('👩\u200D💻 coders');
    expect(nameOf('می\u200Cخواهم', 'team name')).toBe('می\u200Cخواهم');
  });

  it('GIVEN nothing visible THEN the name is refused, naming the field', () => {
    for (const invisible of ['', '   ', '\u200B', '\u200D\u200C', '\u3164\u2800', '\uFEFF\u202E']) {
      expect(() => nameOf(invisible, 'team name')).toThrow(
        'team name must have a visible character',
      );
    }
    expect(nameOf('.', 'board name')).toBe('.');
  });

  it('GIVEN 101 characters THEN it is refused; 100 emoji (200 UTF-16 units) are accepted', () => {
    expect(() => nameOf('x'.repeat(101), 'board name')).toThrow(
      'board name must be at most 100 characters (this one has 101)',
    );
    expect(nameOf('🏆'.repeat(100), 'board name')).toHaveLength(200);
  });

  it('GIVEN a stored name THEN chat shows it literally: markdown escaped, bidi controls gone', () => {
    expect(shown('**Bold** _x_ \u202Eevil')).toBe('\\*\\*Bold\\*\\* \\_x\\_ evil');
    expect(withoutBidiControls('a\u200Fb\u061Cc')).toBe('abc');
    // A nickname is anyone's to choose: no links, headings, lists or pills from it.
    expect(shown('[Free Nitro](https://evil.example)')).toBe(
      '\\[Free Nitro\\](https://evil.example)',
    );
    expect(shown('# ADMIN')).toBe('\\# ADMIN');
    expect(shown('- a')).toBe('\\- a');
    expect(shown('1. b')).toBe('1\\. b');
    expect(shown('<@&123> <t:1:R>')).toBe('\\<@&123\\> \\<t:1:R\\>');
  });

  it('GIVEN text longer than a limit THEN clip cuts on a character boundary with an ellipsis', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect(clip('🏆🏆🏆', 4)).toBe('🏆…'); // never half a surrogate pair
    expect(echo(`a\`b ${'c'.repeat(200)}`)).toBe(`\`aˋb ${'c'.repeat(95)}…\``);
  });
});
