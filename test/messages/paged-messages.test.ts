import { describe, expect, it } from 'vitest';
import {
  boardListMessage,
  keyListMessage,
  LIST_PAGE,
  seasonListMessage,
  teamListMessage,
} from '../../src/bot/list-message';
import { archivedStandingsMessage } from '../../src/bot/season-message';
import { standingsMessage } from '../../src/bot/standings-message';
import type { KeySummary } from '../../src/pipeline/keys';
import type { Season } from '../../src/domain/season';
import { discordRefuses } from '../support/discord-check';
import { aBoard, anEntry, AT } from '../support/views';

/**
 * Every paged message in chat from the rows a use case read (the fast tier): what a member reads,
 * and the one page-button scheme under each (src/bot/page-button.ts).
 */
type Body = { embeds: { description?: string; title?: string }[]; components: unknown[] };
const text = (body: Body) => body.embeds[0]?.description ?? '';
const ids = (body: Body) =>
  (body.components as { components: { custom_id?: string; label?: string; url?: string }[] }[])
    .flatMap((row) => row.components)
    .map((b) => `${b.label}:${b.custom_id ?? b.url}`);

describe('paged messages', () => {
  const board = aBoard({ type: 'ELO', displayName: 'Ladder' });
  const url = 'http://localhost:3000/boards/guild%3A1/board_7';

  it('GIVEN a first page of standings with more THEN ranked lines with the record, and Next carries the entries cursor', () => {
    const page = {
      board,
      entries: [
        anEntry(1, 'Ann', { elo: 1031, wins: 2, draws: 0, losses: 0 }),
        anEntry(2, 'Bo **bold**', { elo: 1000, wins: 0, draws: 1, losses: 1 }),
      ],
      nextCursor: 'eyJ2IjoxMDAwfQ',
    };
    const body = standingsMessage(board, page, '', url);
    expect(body.embeds[0]?.title).toBe('Ladder — standings');
    expect(text(body).split('\n')).toEqual([
      '🥇 Ann — 1031 (2-0-0)',
      '🥈 Bo \\*\\*bold\\*\\* — 1000 (0-1-1)',
    ]);
    expect(ids(body)).toEqual(['Next:page:standings:7:eyJ2IjoxMDAwfQ']);
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN a cursor too long for a button THEN a link to the public page, and First on a later page', () => {
    const body = standingsMessage(
      board,
      { board, entries: [], nextCursor: 'c'.repeat(120) },
      'x',
      url,
    );
    expect(ids(body)).toEqual(['First:page:standings:7:', `More:${url}`]);
    expect(text(body)).toBe('No more entries.');
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN more boards than a page THEN ten lines and Next after the last board shown', () => {
    const boards = Array.from({ length: LIST_PAGE }, (_, i) =>
      aBoard({ pk: i + 1, id: `board_${i + 1}`, displayName: `Board ${i + 1}` }),
    );
    const body = boardListMessage({ items: boards, next: 10 }, true);
    expect(text(body).split('\n')).toHaveLength(10);
    expect(text(body).split('\n')[0]).toBe('`board_1` **Board 1** · ELO');
    expect(ids(body)).toEqual(['Next:page:boards:0:10']);
    expect(discordRefuses(body)).toEqual([]);
  });

  it('GIVEN no teams yet THEN the first page says how to add one; a later empty page says no more', () => {
    expect(text(teamListMessage(board, { items: [], next: null }, true))).toMatch(/\/team create/);
    expect(text(teamListMessage(board, { items: [], next: null }, false))).toBe('No more.');
  });

  it('GIVEN live and revoked keys THEN live first, never more than the hint, and offsets page', () => {
    const key = (n: number, revoked: boolean): KeySummary => ({
      id: `key_${n}`,
      owner: 'guild:1',
      type: 'live',
      scopes: ['boards:read'],
      label: n === 1 ? '**ci**' : '',
      hint: `sk_live_…ab${n}`,
      created_at: AT.toISOString(),
      revoked_at: revoked ? AT.toISOString() : null,
    });
    const keys = [key(1, true), ...Array.from({ length: 11 }, (_, i) => key(i + 2, false))];
    const first = keyListMessage(keys, 0);
    expect(text(first).split('\n')[0]).toBe('**key_2** sk_live_…ab2 · boards:read');
    expect(ids(first)).toEqual(['Next:page:keys:0:10']);
    const second = keyListMessage(keys, 10);
    expect(text(second).split('\n').at(-1)).toBe(
      '**key_1** sk_live_…ab1 · boards:read · \\*\\*ci\\*\\* · revoked',
    );
    expect(ids(second)).toEqual(['First:page:keys:0:']);
  });

  const season = (n: number, ended: boolean): Season =>
    ({
      pk: 40 + n,
      boardPk: 7,
      number: n,
      name: n === 1 ? 'Autumn Cup' : `Season ${n}`,
      startedAt: new Date('2026-09-01T00:00:00Z'),
      endsAt: ended ? new Date('2026-10-01T00:00:00Z') : null,
      endedAt: ended ? new Date('2026-10-01T00:00:00Z') : null,
      reset: 'soft',
      softPercent: 50,
      channelId: null,
      topN: 10,
      repeat: false,
    }) as Season;

  it('GIVEN a running season and an ended one THEN the running one first, then champions', () => {
    const body = seasonListMessage(
      board,
      {
        running: season(2, false),
        ended: [{ season: season(1, true), champions: [{ playerName: 'Ann' } as never] }],
        nextBefore: null,
      },
      true,
    );
    const lines = text(body).split('\n');
    expect(lines[0]).toMatch(/^▶️ \*\*Season 2\*\* · since <t:\d+:d> · no end set$/);
    expect(lines[1]).toMatch(/^\*\*Season 1 “Autumn Cup”\*\* · <t:\d+:d> – <t:\d+:d> · 🏆 Ann$/);
    expect(ids(body)).toEqual([]);
  });

  it('GIVEN an ended season with more rows THEN medals, records and Next by offset', () => {
    const row = (rank: number, name: string) =>
      ({ rank, playerName: name, value: 1000 + rank, wins: 1, draws: 0, losses: rank }) as never;
    const body = archivedStandingsMessage(
      board,
      season(1, true),
      { season: season(1, true), rows: [row(1, 'Ann'), row(2, 'Bo'), row(4, 'Cy')], more: true },
      0,
      `${url}?season=1`,
    );
    expect(text(body).split('\n')).toEqual([
      '🥇 Ann — 1001 (1-0-1)',
      '🥈 Bo — 1002 (1-0-2)',
      '**4.** Cy — 1004 (1-0-4)',
    ]);
    expect(ids(body)).toEqual(['Next:page:archive:41:3']);
    expect(discordRefuses(body)).toEqual([]);
  });
});
