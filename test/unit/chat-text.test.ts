import { describe, expect, it } from 'vitest';
import { clip, markdownLiteral, markdownPlain, oneLine } from '../../src/domain/chat-text';
import { shown } from '../../src/bot/text';
import { literal } from '../../src/pipeline/audit-lines';

/**
 * Someone's text in Discord markdown, one rule for chat replies, review messages and audit lines
 * (issue 25 item 2: `shown` and the audit's `literal` escaped differently).
 */
describe('text in Discord markdown', () => {
  it.each<[string, string]>([
    ['Guest **Star**', 'Guest \\*\\*Star\\*\\*'],
    ['snake_case_name', 'snake\\_case\\_name'],
    ['~~x~~', '\\~\\~x\\~\\~'],
    ['||spoiler||', '\\|\\|spoiler\\|\\|'],
    ['x|y', 'x\\|y'],
    ['`code`', '\\`code\\`'],
    ['[link](http://x)', '\\[link\\](http://x)'],
    ['<@123> <#9> <t:1:R>', '\\<@123\\> \\<#9\\> \\<t:1:R\\>'],
    ['back\\slash', 'back\\\\slash'],
    ['# Head', '\\# Head'],
    ['### h3', '\\### h3'],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['* item', '\\* item'],
    ['1. one', '1\\. one'],
    ['> quote', '\\> quote'],
    ['a\n# b', 'a\n\\# b'],
    ['#notheading', '#notheading'],
    ['-notlist', '-notlist'],
    ['Team #1', 'Team #1'],
    ['12.5 pts', '12.5 pts'],
    ['محمد', 'محمد'],
    ['\u202Eevil', 'evil'],
  ])('GIVEN %j THEN %j', (text, escaped) => {
    expect(markdownLiteral(text)).toBe(escaped);
  });

  it('GIVEN a name THEN chat and the audit line escape it alike; the audit keeps it on one line', () => {
    for (const name of ['Guest **Star**', '# Big', 'a|b', '<@1>']) {
      expect(shown(name)).toBe(markdownLiteral(name));
      expect(literal(name)).toBe(markdownLiteral(name));
    }
    expect(literal('two\nlines\tand  spaces')).toBe('two lines and spaces');
  });

  it.each<[string, number, string]>([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['eleven char', 10, 'eleven ch…'],
    ['😀😀😀😀😀😀', 5, '😀😀…'], // never half a surrogate pair
  ])('GIVEN %j clipped to %d THEN %j', (text, max, clipped) => {
    expect(clip(text, max)).toBe(clipped);
    expect(clip(text, max).length).toBeLessThanOrEqual(max);
  });

  it('GIVEN breaks and tabs THEN one line', () => {
    expect(oneLine('a\n\nb\tc  d')).toBe('a b c d');
  });
});

describe('markdownPlain: a line written for Discord, read on a page', () => {
  it.each([
    ['mod approved sub_1 on **Ladder**', 'mod approved sub_1 on Ladder'],
    ['use `/contest withdraw` first', 'use /contest withdraw first'],
    ['__underlined__ and **bold**', 'underlined and bold'],
    [`set by ${markdownLiteral('**not bold** a_b `c`')}`, 'set by **not bold** a_b `c`'],
    [markdownLiteral('# heading\n- item'), '# heading\n- item'],
    ['plain text', 'plain text'],
  ])('%j → %j', (line, page) => {
    expect(markdownPlain(line)).toBe(page);
  });
});
