import type { PluralSuffix } from './plural';

/**
 * The shape another language's catalogue (or part of one) must have, given English's: the same
 * keys, any text; a plural's forms are the language's own (`waiting_one` and `waiting_other` in
 * English, `waiting_many` too in Spanish).
 */
export type Shape<T> = {
  readonly [K in keyof T as K extends `${string}_${PluralSuffix}` ? never : K]: T[K] extends string
    ? string
    : Shape<T[K]>;
} & {
  readonly [
    K in keyof T as K extends `${infer Stem}_other` ? `${Stem}_${PluralSuffix}` : never
  ]?: string;
};
