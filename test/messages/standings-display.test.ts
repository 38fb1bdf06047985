import { describe, expect, it } from 'vitest';
import { boardInfo } from '../../src/bot/board-info-message';
import { archivedStandingsMessage } from '../../src/bot/season-message';
import { standingsEmbed, standingsMessage } from '../../src/bot/standings-message';
import { displaySummary, standingsColumns } from '../../src/domain/board-display';
import type { Season, SeasonStanding } from '../../src/domain/season';
import { discordRefuses } from '../support/discord-check';
import { aBoard, anEntry, AT } from '../support/views';

/**
 * A board's display settings in chat (issue 27 item 9), from the rows a use case read: medals on
 * the top three or plain numbers, the record shown or hidden, and a page as long as the board's
 * size (the use case reads that many; a page of fifty long names still fits one embed).
 */
const url = 'http://localhost:3000/boards/guild%3A1/board_7';
const lines = (embed: { description?: string }) => (embed.description ?? '').split('\n');
const ladder = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    anEntry(i + 1, `P${i + 1}`, { elo: 1100 - i, wins: 3, draws: 1, losses: i }),
  );

describe('standings display in chat', () => {
  it('GIVEN medals (the default) THEN 🥇🥈🥉 for ranks 1–3 and numbers below, with the record', () => {
    const board = aBoard({ type: 'ELO' });
    const page = { board, entries: ladder(4), nextCursor: null };
    const body = standingsMessage(board, page, '', url);
    expect(lines(body.embeds[0]!)).toEqual([
      '🥇 P1 — 1100 (3-1-0)',
      '🥈 P2 — 1099 (3-1-1)',
      '🥉 P3 — 1098 (3-1-2)',
      '**4.** P4 — 1097 (3-1-3)',
    ]);
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN medals off and the record hidden THEN plain rank numbers, name and rating only', () => {
    const board = aBoard({ type: 'ELO', medals: false, showRecord: false });
    const embed = standingsEmbed(board, ladder(3), url, true);
    expect(lines(embed)).toEqual(['**1.** P1 — 1100', '**2.** P2 — 1099', '**3.** P3 — 1098']);
  });

  it('GIVEN a League board with the record hidden but medals on THEN medals and points only', () => {
    const board = aBoard({ type: 'League', showRecord: false });
    const entries = [anEntry(1, 'Ann', { score: 9, elo: null, wins: 3 })];
    expect(lines(standingsEmbed(board, entries, url, true))).toEqual(['🥇 Ann — 9']);
  });

  it('GIVEN a page as long as the largest size, of long names THEN whole lines that Discord takes', () => {
    const board = aBoard({ type: 'ELO', standingsSize: 50 });
    const long = Array.from({ length: 50 }, (_, i) =>
      anEntry(i + 1, `${'_'.repeat(95)}${i}`, { elo: 2000 - i }),
    );
    const embed = standingsEmbed(board, long, url, true);
    const shown = lines(embed);
    expect(shown.length).toBeLessThan(50);
    expect(shown.at(-1)).toBe('…');
    expect(shown.slice(0, -1).every((l) => l.endsWith('(0-0-0)'))).toBe(true);
    expect(discordRefuses({ embeds: [embed] })).toEqual([]);
    const fifty = standingsEmbed(board, ladder(50), url, true);
    expect(lines(fifty)).toHaveLength(50);
    expect(lines(fifty).at(-1)).toBe('**50.** P50 — 1051 (3-1-49)');
  });

  it('GIVEN an ended season on a board without medals THEN its archive has numbers too, no record when hidden', () => {
    const board = aBoard({ type: 'ELO', medals: false, showRecord: false });
    const season: Season = {
      pk: 4,
      boardPk: board.pk,
      number: 1,
      name: '',
      startedAt: AT,
      endsAt: null,
      endedAt: new Date(AT.getTime() + 86_400_000),
      reset: 'keep',
      softPercent: 0,
      channelId: null,
      topN: 3,
      repeat: false,
    };
    const row = (rank: number, name: string, value: number): SeasonStanding => ({
      seasonPk: 4,
      playerId: `custom:${name}`,
      playerName: name,
      rank,
      value,
      wins: 1,
      draws: 0,
      losses: 0,
      submissions: 1,
    });
    const body = archivedStandingsMessage(
      board,
      season,
      { season, rows: [row(1, 'Ann', 1016), row(2, 'Bo', 984)], more: false },
      0,
      url,
    );
    expect(lines(body.embeds[0]!)).toEqual(['**1.** Ann — 1016', '**2.** Bo — 984']);
  });

  it('GIVEN /board info THEN it says the display settings, in the words of the one rule', () => {
    const board = aBoard({ type: 'ELO', medals: false, standingsSize: 25, showRecord: false });
    expect(standingsColumns(board)).toEqual([]);
    expect(displaySummary(board)).toBe(
      'standings: 25 ranks a page in chat, no medals or podium, record hidden',
    );
    expect(boardInfo(url, board).description.split('\n')).toContain(displaySummary(board));
    const scores = aBoard({ type: 'Highscore' });
    expect(standingsColumns(scores)).toEqual(['submissions']);
    expect(displaySummary(scores)).toBe(
      'standings: 10 ranks a page in chat, medals and podium, submissions shown',
    );
  });
});
