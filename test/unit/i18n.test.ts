import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands';
import {
  CATALOGUES,
  discordLocalizations,
  DISCORD_LOCALES,
  languageOf,
  LANGUAGES,
  LOCALIZED,
  t,
  type Language,
} from '../../src/domain/i18n';
import { PLURAL_SUFFIXES } from '../../src/domain/i18n/plural';
import { commandNodes as nodes, type CommandNode as Node } from '../support/command-tree';

/**
 * Issue 32: every shipped language says everything English says, with the same placeholders and
 * its own plural forms; a locale finds its language or English; the slash commands' words in
 * every language keep Discord's rules.
 */
type Tree = { readonly [key: string]: string | Tree };

/** Every text of a catalogue by its dotted key (`play.queue.waiting_one`). */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) found.set(k, v);
  }
  return found;
}

const PLURAL = new RegExp(`_(${PLURAL_SUFFIXES.join('|')})$`);
const stem = (key: string) => key.replace(PLURAL, '');
/** A text's placeholders, formats aside: `{{count, number}}` is `count`. */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

const ENGLISH = leaves(CATALOGUES.en as Tree);
const OTHERS = LANGUAGES.filter((l) => l !== 'en');

describe('the catalogues', () => {
  it('GIVEN English, the source THEN it has texts, and Spanish, Brazilian Portuguese and German ship beside it', () => {
    expect(LANGUAGES).toEqual(['en', 'es', 'pt-BR', 'de']);
    expect(ENGLISH.size).toBeGreaterThan(300);
  });

  it.each(OTHERS)(
    'GIVEN %s THEN it has every key English has and none it lacks, plurals in its own forms',
    (language) => {
      const texts = leaves(CATALOGUES[language] as Tree);
      const plain = (keys: Iterable<string>) => [...keys].filter((k) => !PLURAL.test(k)).sort();
      expect(plain(texts.keys())).toEqual(plain(ENGLISH.keys()));
      // A plural has exactly the forms Intl.PluralRules picks in this language.
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = (keys: Iterable<string>) =>
        new Set([...keys].filter((k) => PLURAL.test(k)).map(stem));
      expect(plurals(texts.keys())).toEqual(plurals(ENGLISH.keys()));
      for (const s of plurals(texts.keys())) {
        const forms = [...texts.keys()].filter((k) => PLURAL.test(k) && stem(k) === s);
        expect(forms.sort(), s).toEqual(categories.map((c) => `${s}_${c}`).sort());
      }
    },
  );

  it.each(OTHERS)(
    'GIVEN %s THEN each text has the placeholders the English one has',
    (language) => {
      const texts = leaves(CATALOGUES[language] as Tree);
      const english = new Map([...ENGLISH].map(([k, v]) => [stem(k), placeholders(v)]));
      for (const [key, text] of texts) {
        // A singular may say its number in words (`Letztes Match`, `a vote`): `count` picks the
        // form either way.
        const expected = english.get(stem(key)) ?? [];
        const own = placeholders(text);
        const said = key.endsWith('_one')
          ? expected.filter((p) => p !== 'count' || own.includes(p))
          : expected;
        expect(own, `${language} ${key}`).toEqual(said);
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    },
  );

  it('GIVEN English plurals THEN each has its forms for English, one and other', () => {
    const forms = [...ENGLISH.keys()].filter((k) => PLURAL.test(k));
    expect(forms.length).toBeGreaterThan(0);
    for (const key of forms) expect(key).toMatch(/_(one|other)$/);
  });
});

describe('a locale’s language', () => {
  it.each<[string | null | undefined, Language]>([
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['es-ES', 'es'],
    ['es-419', 'es'],
    ['pt-BR', 'pt-BR'],
    ['de', 'de'],
    ['fr', 'en'],
    ['ja', 'en'],
    ['zh-TW', 'en'],
    ['es-MX', 'es'],
    ['de-AT', 'de'],
    ['pt-PT', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['xx', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('GIVEN %j THEN %s', (locale, language) => {
    expect(languageOf(locale)).toBe(language);
  });

  it('GIVEN Discord’s locales as Tally lists them THEN they are discord-api-types’ own', () => {
    expect([...DISCORD_LOCALES].sort()).toEqual(Object.values(Locale).sort());
  });

  it('GIVEN the locales served THEN each is one of Discord’s and names a shipped language', () => {
    for (const [locale, language] of Object.entries(LOCALIZED)) {
      expect(DISCORD_LOCALES).toContain(locale);
      expect(LANGUAGES).toContain(language);
    }
    expect(Object.keys(LOCALIZED).sort()).toEqual(['de', 'es-419', 'es-ES', 'pt-BR']);
  });
});

describe('t: a text in the member’s language', () => {
  it('GIVEN a count THEN the plural form and the number are the language’s own (Intl)', () => {
    const waiting = (locale: string, count: number) => t(locale, 'play.queue.waiting', { count });
    expect(waiting('en-US', 1)).toBe('1 waiting');
    expect(waiting('en-US', 1234)).toBe('1,234 waiting');
    expect(waiting('de', 1)).toBe('1 wartet');
    expect(waiting('de', 1234)).toBe('1.234 warten');
    expect(waiting('es-ES', 1_000_000)).toBe('1.000.000 en espera');
    expect(waiting('pt-BR', 2)).toBe('2 aguardando');
    expect(waiting('fr', 2)).toBe('2 waiting');
  });

  it('GIVEN text to interpolate THEN it is kept as given (escaping is where it is shown)', () => {
    expect(t('de', 'play.queue.leftBoard', { board: '**<Ladder>**', waiting: 'x' })).toBe(
      'Du hast die Warteschlange von **<Ladder>** verlassen (x).',
    );
  });

  it('GIVEN a command’s text THEN Discord’s localizations map each served locale to its language', () => {
    expect(discordLocalizations('names.board')).toEqual({
      'es-ES': 'tabla',
      'es-419': 'tabla',
      'pt-BR': 'ranking',
      de: 'rangliste',
    });
    expect(() => discordLocalizations('commands.nope.description')).toThrow(/no text/);
  });
});

describe('the slash commands in every language', () => {
  const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
  const registered = COMMANDS.commands.map((c) => c.data) as unknown as Node[];
  const served = Object.keys(LOCALIZED);

  it('GIVEN every command, option and choice THEN each served locale has a name and description within Discord’s limits', () => {
    let texts = 0;
    for (const [path, node] of nodes(registered)) {
      for (const locale of served) {
        const name = node.name_localizations?.[locale];
        const description = node.description_localizations?.[locale];
        expect(name, `${path} ${locale}`).toMatch(NAME);
        expect(name, `${path} ${locale}`).toBe(name!.toLowerCase());
        expect(description?.length, `${path} ${locale}`).toBeGreaterThan(0);
        expect([...description!].length, `${path} ${locale}`).toBeLessThanOrEqual(100);
        for (const choice of node.choices ?? []) {
          const shown = choice.name_localizations?.[locale] ?? '';
          expect([...shown].length, `${path} ${choice.name} ${locale}`).toBeGreaterThan(0);
          expect([...shown].length).toBeLessThanOrEqual(100);
          texts++;
        }
        texts += 2;
      }
    }
    expect(texts).toBeGreaterThan(1500);
  });

  it('GIVEN each locale THEN no two commands, and no two options side by side, share a name', () => {
    const clashes: string[] = [];
    const check = (siblings: readonly Node[], where: string) => {
      for (const locale of [undefined, ...served]) {
        const names = siblings.map((n) => (locale && n.name_localizations?.[locale]) || n.name);
        const twice = names.filter((n, i) => names.indexOf(n) !== i);
        if (twice.length > 0) clashes.push(`${where} ${locale ?? 'default'}: ${twice.join(', ')}`);
      }
      for (const n of siblings) check(n.options ?? [], `${where} ${n.name}`);
    };
    check(registered, '');
    expect(clashes).toEqual([]);
  });

  it('GIVEN a description naming a command (/season list) THEN it names it as that language shows it', () => {
    const shownPaths = (locale: string) =>
      new Set(
        nodes(registered).map(([path]) =>
          path
            .split(' ')
            .map((name) => t(locale, `names.${name}` as 'names.board'))
            .join(' '),
        ),
      );
    for (const locale of served) {
      const paths = shownPaths(locale);
      for (const [path, node] of nodes(registered)) {
        const description = node.description_localizations?.[locale] ?? '';
        for (const [, mention] of description.matchAll(
          /(?:^|[\s(])\/([\p{L}_-]+(?: [\p{L}_-]+)?)/gu,
        )) {
          // `/team create` may be followed by plain words: the longest shown path counts.
          const [first, second] = mention!.split(' ');
          const found = paths.has(`${first} ${second}`) || paths.has(first!);
          expect(found, `${locale} ${path}: /${mention}`).toBe(true);
        }
      }
    }
  });
});
