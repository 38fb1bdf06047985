import { describe, expect, it } from 'vitest';
import { contestSummary, periodState } from '../../src/domain/display';

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

describe('a contest in one line', () => {
  const now = new Date('2026-11-26T18:00:00Z');
  it('GIVEN the defaults THEN everything open, one entry each, live at once, ranked from 3, not posted', () => {
    const settings = {
      boardPk: 1,
      entriesPerMember: 1,
      approval: false,
      channelId: null,
      submissionsUntil: null,
      votingUntil: null,
      minVotes: 3,
      changedAt: null,
    };
    expect(contestSummary(settings, now)).toBe(
      'submissions open · voting open · 1 entry per member · entries go live at once · ranked from 3 votes · not posted in a channel',
    );
    expect(
      contestSummary(
        {
          ...settings,
          entriesPerMember: 2,
          approval: true,
          channelId: '900000000000000009',
          submissionsUntil: now,
          votingUntil: new Date('2026-12-01T12:00:00Z'),
          minVotes: 1,
        },
        now,
      ),
    ).toBe(
      'submissions closed since 2026-11-26 18:00 UTC · voting open until 2026-12-01 12:00 UTC · 2 entries per member · moderators approve entries · ranked from 1 vote · posted in <#900000000000000009>',
    );
  });
});
