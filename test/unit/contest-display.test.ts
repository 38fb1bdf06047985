import { describe, expect, it } from 'vitest';
import { periodState } from '../../src/domain/display';

/** The contest's periods as members read them: the same words in chat, on the pages, in the CLI. */
describe('a contest period', () => {
  const now = new Date('2026-11-26T18:00:00Z');
  it.each([
    [null, 'open'],
    [new Date('2026-11-30T09:30:00Z'), 'open until 2026-11-30 09:30 UTC'],
    [new Date('2026-11-26T18:00:00Z'), 'closed since 2026-11-26 18:00 UTC'],
    [new Date('2026-11-20T07:05:00Z'), 'closed since 2026-11-20 07:05 UTC'],
  ])('GIVEN a period until %s THEN it reads "%s"', (until, words) => {
    expect(periodState(until, now)).toBe(words);
  });
});
