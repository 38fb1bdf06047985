import { describe, expect, it } from 'vitest';
import type { ContestEntry } from '../../entities/contest';
import type { RankedEntry } from '../../src/domain/contest';
import {
  entryTile,
  periodsText,
  rankedGallery,
  thumbSize,
  votesChart,
} from '../../src/web/contest-view';
import { Links } from '../../src/web/links';
import { aBoard, AT } from '../support/views';
import { items, links, text } from './read-html';

/**
 * The contest pages' pieces as pure functions of what the use cases return: laid out without a
 * database or a server (the pages themselves: contest-pages.test.ts).
 */
const board = aBoard({ type: 'Rating', displayName: 'Skies', id: 'skies' });
const at = new Links('http://tally.test/prefix');

function anEntry(pk: number, rank: number | null, parts: Partial<ContestEntry> = {}) {
  const entry = {
    pk,
    boardPk: board.pk,
    authorId: `chat:10000000000000000${pk}`,
    authorName: `Author ${pk}`,
    title: `Entry ${pk}`,
    imageHash: `${pk}`.repeat(64).slice(0, 64),
    thumbHash: `f${pk}`.repeat(32).slice(0, 64),
    width: 1920,
    height: 1080,
    status: 'live',
    votes: 4,
    voteSum: 34,
    createdAt: AT,
    ...parts,
  } as ContestEntry;
  return {
    ...entry,
    rank,
    score: 8.04,
    average: entry.voteSum / entry.votes,
  } as RankedEntry<ContestEntry>;
}

describe('the contest views', () => {
  it.each([
    [1920, 1080, 480, 270],
    [1080, 1920, 270, 480],
    [300, 200, 300, 200],
    [1920, 1, 480, 1],
  ])('GIVEN a %i×%i picture THEN its thumbnail is %i×%i', (width, height, w, h) => {
    expect(thumbSize({ width, height })).toEqual({ width: w, height: h });
  });

  it('GIVEN a tile THEN one link holds the thumbnail and the title; names are escaped; paths keep the prefix', () => {
    const e = anEntry(3, 2, { title: '<img src=x onerror=alert(1)>', authorName: 'Bo & "Co"' });
    const html = entryTile(board, e, 3, at, 0, { byline: true });
    expect(html).not.toContain('<img src=x');
    expect(links(html)).toEqual([
      {
        href: '/prefix/boards/guild%3A804615273910462851/skies/entries/3',
        label: '#2 <img src=x onerror=alert(1)>',
      },
      {
        href: '/prefix/boards/guild%3A804615273910462851/skies/players/chat%3A100000000000000003',
        label: 'Bo & "Co"',
      },
    ]);
    expect(html).toContain(
      `<img src="/prefix/images/${e.thumbHash}.webp" width="480" height="270" alt="" decoding="async">`,
    );
    expect(text(html)).toContain('8.04 · avg 8.50 · 4 votes');
    expect(entryTile(board, e, 3, at, 8, { byline: false })).toContain('loading="lazy"');
    expect(entryTile(board, e, 3, at, 8, { byline: false })).not.toContain('class="by"');
  });

  it('GIVEN ranked and unranked entries THEN the ranked come first, the others under their own heading with the minimum', () => {
    const html = rankedGallery(
      board,
      [anEntry(1, 1), anEntry(2, 1), anEntry(3, null, { votes: 1, voteSum: 9 })],
      5,
      at,
    );
    expect(items(html).map((t) => t.split(' · ')[0])).toEqual([
      '#1 Entry 1 by Author 1 8.04',
      '#1 Entry 2 by Author 2 8.04',
      'Entry 3 by Author 3 unranked',
    ]);
    expect(text(html)).toContain('Not ranked yet An entry is ranked once it has 5 votes.');
    expect(rankedGallery(board, [anEntry(1, 1)], 5, at)).not.toContain('Not ranked yet');
  });

  it('GIVEN votes THEN a row per value 10 down to 1, bars scaled to the most given, counts in text', () => {
    const html = votesChart([0, 0, 0, 0, 1, 0, 0, 2, 4, 1]);
    const rows = [
      ...html.matchAll(
        /<tr><th scope="row">(\d+)<\/th><td class="lane" aria-hidden="true">(.*?)<\/td><td class="num">(\d+)<\/td><\/tr>/g,
      ),
    ];
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['10', '<span class="bar" style="width:25%"></span>', '1'],
      ['9', '<span class="bar" style="width:100%"></span>', '4'],
      ['8', '<span class="bar" style="width:50%"></span>', '2'],
      ['7', '', '0'],
      ['6', '', '0'],
      ['5', '<span class="bar" style="width:25%"></span>', '1'],
      ['4', '', '0'],
      ['3', '', '0'],
      ['2', '', '0'],
      ['1', '', '0'],
    ]);
    expect(html).toContain(
      '<caption>8 votes, counted by value; who gave them is never shown</caption>',
    );
    expect(votesChart([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe('<p class="empty">No votes yet.</p>');
  });

  it('GIVEN the periods THEN open, open until, closed since, in UTC', () => {
    const now = new Date('2026-11-26T18:00:00Z');
    const settings = { submissionsUntil: new Date('2026-11-20T07:05:00Z'), votingUntil: null };
    expect(periodsText(settings as never, now)).toBe(
      'Submissions closed since 2026-11-20 07:05 UTC · voting open',
    );
  });
});
