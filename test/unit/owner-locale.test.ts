import { describe, expect, it } from 'vitest';
import { localeOfOwner, pickedLanguage } from '../../src/pipeline/owner-locale';

/** Issue 32: which locale a server's posts speak, one rule (pipeline/owner-locale.ts). */
describe('the locale of a server’s posts', () => {
  it.each([
    [{ language: 'pt-BR', discordLocale: 'de' }, 'pt-BR', 'the language its admins picked'],
    [{ language: null, discordLocale: 'de' }, 'de', 'else Discord’s locale of the server'],
    [{ language: null, discordLocale: 'fr' }, 'fr', 'an unshipped one too (t reads it as English)'],
    [{ language: 'fr', discordLocale: 'es-419' }, 'es-419', 'a pick no longer shipped: none'],
    [{ language: null, discordLocale: null }, 'en-US', 'else en-US'],
    [null, 'en-US', 'no owner row: en-US'],
  ])('GIVEN %j THEN %s (%s)', (owner, locale, _why) => {
    expect(localeOfOwner(owner)).toBe(locale);
  });

  it('GIVEN a stored pick THEN only a shipped language counts', () => {
    expect(pickedLanguage({ language: 'de' })).toBe('de');
    expect(pickedLanguage({ language: 'xx' })).toBeNull();
    expect(pickedLanguage(null)).toBeNull();
  });
});
