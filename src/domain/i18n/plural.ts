/**
 * The plural suffixes i18next reads (`waiting_one`, `waiting_other`, …), one per category of
 * `Intl.PluralRules`: English has one and other, Spanish and Portuguese add many (a million),
 * other languages few, two or zero. Each catalogue has exactly its language's categories
 * (test/unit/i18n.test.ts).
 */
export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralSuffix = (typeof PLURAL_SUFFIXES)[number];
