import { describe, expect, it } from 'vitest';
import {
  pageButtonId,
  pageButtons,
  parsePageButton,
  PAGED_LISTS,
  positionNumber,
  type PageAt,
} from '../../src/bot/page-button';

/** One page-button scheme for every paged message in chat (issue 25 item 2). */
describe('page buttons', () => {
  it.each(PAGED_LISTS.map((list) => [list]))(
    'GIVEN a %s page THEN its id reads back as the same list, scope and position',
    (list) => {
      for (const position of ['', '20', 'eyJ2IjoxMCwicCI6ImN1c3RvbTpBbm4ifQ']) {
        const at: PageAt = { list, scope: 7, position };
        expect(parsePageButton(pageButtonId(at))).toEqual(at);
      }
    },
  );

  it.each<[string, PageAt]>([
    ['lb:7:eyJ2IjoxMH0', { list: 'standings', scope: 7, position: 'eyJ2IjoxMH0' }],
    ['lb:7:', { list: 'standings', scope: 7, position: '' }],
    ['ss:12:0', { list: 'archive', scope: 12, position: '' }],
    ['ss:12:10', { list: 'archive', scope: 12, position: '10' }],
    ['list:boards:0:0', { list: 'boards', scope: 0, position: '' }],
    ['list:teams:3:41', { list: 'teams', scope: 3, position: '41' }],
    ['list:seasons:3:5', { list: 'seasons', scope: 3, position: '5' }],
    ['list:keys:0:10', { list: 'keys', scope: 0, position: '10' }],
  ])('GIVEN %s posted before the one scheme THEN it still pages: %o', (id, at) => {
    expect(parsePageButton(id)).toEqual(at);
  });

  it.each([
    'lb::abc',
    'lb:7:a b',
    'lb:x:abc',
    'review:approve:sub_1',
    'page:nope:1:',
    'page:boards:x:',
    'page:standings:1:a b',
    'list:keys:0:x',
    'ss:1:abc',
  ])('GIVEN %s THEN it is no page button', (junk) => {
    expect(parsePageButton(junk)).toBeNull();
  });

  it.each<[string, number | null]>([
    ['', 0],
    ['10', 10],
    ['eyJ2Ijo', null],
    ['-1', null],
  ])('GIVEN position %j THEN the number %s', (position, n) => {
    expect(positionNumber(position)).toBe(n);
  });

  it('GIVEN a first page with more THEN only Next; a later last page THEN only First', () => {
    const labels = (rows: ReturnType<typeof pageButtons>) =>
      rows.flatMap((row) => row.components.map((b) => ('label' in b ? b.label : undefined)));
    expect(labels(pageButtons({ list: 'boards', scope: 0 }, { first: true, next: '5' }))).toEqual([
      'Next',
    ]);
    expect(labels(pageButtons({ list: 'boards', scope: 0 }, { first: false, next: null }))).toEqual(
      ['First'],
    );
    expect(pageButtons({ list: 'boards', scope: 0 }, { first: true, next: null })).toEqual([]);
  });

  it('GIVEN a Next id over Discord’s 100 characters THEN a link to the page instead, never a longer id', () => {
    const long = 'x'.repeat(100);
    const [row] = pageButtons(
      { list: 'standings', scope: 1 },
      { first: true, next: long, more: 'http://localhost/boards/guild%3A1/board_1' },
    );
    expect(row?.components).toEqual([
      { type: 2, style: 5, label: 'More', url: 'http://localhost/boards/guild%3A1/board_1' },
    ]);
  });
});
