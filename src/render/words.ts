import type { PictureWords } from './types';

/**
 * The words a picture draws itself, in the language it is asked for (issue 32). The renderer may
 * not import the domain's catalogue (eslint.config.js layers), so a caller hands it the
 * catalogue's `pictures` part as plain data (src/domain/picture-words.ts) with the language's
 * tag; without them a picture is English, and these are English's words
 * (test/render/picture-words.test.ts keeps them equal to src/domain/i18n/pictures/en.ts).
 */
export const ENGLISH: PictureWords = {
  card: {
    noEntries: 'No entries yet',
  },
  chart: {
    labelled: '{{label}}: {{summary}}',
    last: 'last {{value}}',
    min: 'min {{value}}',
    max: 'max {{value}}',
    described_one:
      '{{count, number}} value from {{from}} to {{to}}; last {{last}}, min {{min}}, max {{max}}.',
    described_other:
      '{{count, number}} values from {{from}} to {{to}}; last {{last}}, min {{min}}, max {{max}}.',
  },
};

export const SOURCE = 'en';

/** A picture's language and its words: English unless the data names both. */
export function wordsOf(data: { language?: string; words?: PictureWords }): {
  language: string;
  words: PictureWords;
} {
  return data.language && data.words
    ? { language: data.language, words: data.words }
    : { language: SOURCE, words: ENGLISH };
}

/**
 * A text of the words with its placeholders filled (`{{value}}`, `{{count, number}}`): numbers
 * are written as the language writes them; `{{count}}` picks the plural form (`described_one`,
 * `described_other`, …) by the language's Intl.PluralRules.
 */
export function said(
  language: string,
  texts: Readonly<Record<string, string | undefined>>,
  key: string,
  vars: Readonly<Record<string, string | number>> = {},
): string {
  const count = vars.count;
  const form =
    typeof count === 'number'
      ? (texts[`${key}_${new Intl.PluralRules(language).select(count)}`] ?? texts[`${key}_other`])
      : texts[key];
  if (form === undefined) throw new Error(`a picture has no text at ${key}`);
  return form.replace(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`no ${name} for ${key}`);
    return typeof value === 'number' ? value.toLocaleString(language) : value;
  });
}
