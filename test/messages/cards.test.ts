import { describe, expect, it } from 'vitest';
import { boardInfo } from '../../src/bot/board-info-message';
import { profileEmbed, sparkline } from '../../src/bot/profile-message';
import { rolesEmbed } from '../../src/bot/roles-message';
import type { Profile } from '../../src/pipeline/profile';
import { discordRefuses } from '../support/discord-check';
import { aBoard, AT } from '../support/views';

/** /profile, /board info and /roles list as members read them, from plain data (the fast tier). */
describe('cards', () => {
  const profile = (parts: Partial<Profile> = {}): Profile => ({
    board: aBoard(),
    player: { id: 'chat:1', name: 'Ann' },
    rank: 2,
    of: 14,
    value: 1016,
    peak: 1031,
    record: { wins: 3, draws: 1, losses: 1 },
    winRate: 0.6,
    streaks: { current: { result: 'W', length: 2 }, longestWin: 3 },
    submissions: null,
    recent: [
      {
        number: 9,
        at: AT,
        result: 'W',
        teammates: [],
        opponents: [{ id: 'custom:Bo', name: 'Bo' }],
        score: null,
        delta: 0,
        status: 'approved',
      },
    ],
    history: [],
    ...parts,
  });

  it('GIVEN a ladder player THEN rank of N, the rating by its name, the record, the streak and the last match with its change', () => {
    const card = profileEmbed(profile(), false);
    expect(card.title).toBe('Ann on Ladder');
    expect(card.description?.split('\n')).toEqual([
      'Rank **#2** of 14 · rating **1016** · peak 1031',
      '3 won, 1 drawn, 1 lost · 60% won',
      'On a 2-win streak · longest winning streak 3',
    ]);
    expect(card.fields?.[0]?.value).toMatch(/^\*\*W\*\* vs Bo \(±0\) · <t:\d+:R>$/);
    expect(discordRefuses({ embeds: [card] })).toEqual([]);
  });

  it('GIVEN a Time board THEN the value is called time and reads as a time', () => {
    const card = profileEmbed(
      profile({
        board: aBoard({ type: 'Time' }),
        value: 62_500,
        peak: 61_000,
        record: null,
        streaks: null,
        submissions: 4,
        recent: [],
      }),
      false,
    );
    expect(card.description).toContain('time **1:02.500** · peak 1:01.000');
  });

  it('GIVEN a series THEN the sparkline has a bar a point, lowest to highest', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
  });

  it('GIVEN a Rating board THEN /board info adds its contest line', () => {
    const card = boardInfo('http://localhost:3000', aBoard({ type: 'Rating' }), {
      contest: 'submissions open · voting open',
    });
    expect(card.description?.split('\n').at(-1)).toBe('contest: submissions open · voting open');
    expect(discordRefuses({ embeds: [card] })).toEqual([]);
  });

  it('GIVEN a board with its settings THEN /board info says them in words, linked to the public page', () => {
    const card = boardInfo(
      'http://localhost:3000',
      aBoard({ moderatorRoleId: '900000000000000003' }),
    );
    expect(card.url).toBe('http://localhost:3000/boards/guild%3A804615273910462851/board_7');
    expect(card.description?.split('\n')).toEqual([
      'Type **ELO**, best is highest',
      'k 32, start 1000',
      'reviewed in <#900000000000000001> by <@&900000000000000003> or Manage Server, window 24 h',
      'standings: 10 ranks a page in chat, medals and podium, record shown',
    ]);
    expect(discordRefuses({ embeds: [card] })).toEqual([]);
  });

  it('GIVEN rank roles THEN each rule by the value’s name, with a refusal Discord gave', () => {
    const card = rolesEmbed(aBoard(), {
      roles: [
        { boardPk: 7, roleId: '5', kind: 'value', threshold: 1200, keep: 1150, problem: null },
        {
          boardPk: 7,
          roleId: '6',
          kind: 'top',
          threshold: 3,
          keep: null,
          problem: 'no Manage Roles',
        },
      ] as never,
      settings: { minGames: 5, stack: false } as never,
    });
    expect(card.description).toContain('rating 1200');
    expect(card.description).toContain('⚠️ no Manage Roles');
    expect(card.description).toContain('From 5 results; one role at a time, the best earned.');
  });
});
