import { describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { standingsHtml, type BoardView } from '../../src/web/board-view';
import { ENGLISH } from '../../src/web/html';
import { Links } from '../../src/web/links';
import { rowOfEntry } from '../../src/web/standings-view';
import { aBoard, anEntry } from '../support/views';
import { items, section, text } from './read-html';

/**
 * A board's display settings on its public page (issue 27 item 9), laid out from what the use
 * case returned, without a database or a server: the podium only with medals, and the optional
 * columns (a match board's W/D/L, another board's submissions) only where the board shows them.
 */
const at = new Links('http://tally.test');
const viewOf = (board: Board): BoardView => ({
  board,
  deps: { links: at, renderer: null, renderTimeoutMs: 1000 },
  keepLimit: undefined,
  crumbs: '',
  seasons: [],
  frame: ENGLISH,
});
/** The headings as a desktop shows them: a phone's short forms (`.narrow`) left out. */
const headings = (html: string) =>
  [...section(html, 'div', 'scroll').matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
    text(m[1]!.replace(/<abbr class="narrow"[^>]*>[\s\S]*?<\/abbr>/g, '')),
  );
const firstRow = (html: string) =>
  [.../<tbody>\s*<tr>([\s\S]*?)<\/tr>/.exec(html)![1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(
    (m) => text(m[1]!),
  );

function page(board: Board) {
  const entries = ['Ann', 'Bo', 'Cy', 'Di'].map((name, i) =>
    anEntry(i + 1, name, {
      elo: 1100 - 10 * i,
      score: 400 - 100 * i,
      wins: 3 - i,
      draws: 1,
      losses: i,
      submissions: 5 + i,
    }),
  );
  const rows = entries.map((e) => rowOfEntry(board, e));
  return standingsHtml(viewOf(board), rows, rows.slice(0, 3), 'No entries yet.');
}

describe('standings display on the public page', () => {
  it('GIVEN an ELO board as created THEN a podium with records, and W D L columns', () => {
    const html = page(aBoard({ type: 'ELO' }));
    expect(items(section(html, 'ol', 'podium'))).toEqual([
      '#1 Ann 1100 3–1–0',
      '#2 Bo 1090 2–1–1',
      '#3 Cy 1080 1–1–2',
    ]);
    expect(headings(html)).toEqual(['Rank', 'Player', 'Rating', 'W', 'D', 'L']);
  });

  it('GIVEN medals off and the record hidden THEN no podium, and rank, player and rating only', () => {
    const html = page(aBoard({ type: 'ELO', medals: false, showRecord: false }));
    expect(html).not.toContain('class="podium"');
    expect(headings(html)).toEqual(['Rank', 'Player', 'Rating']);
    expect(firstRow(html)).toEqual(['1', 'Ann', '1100']);
  });

  it('GIVEN a score board with the submissions hidden THEN the podium stays and the column goes', () => {
    const shown = page(aBoard({ type: 'Highscore' }));
    expect(headings(shown)).toEqual(['Rank', 'Player', 'Score', 'Submissions']);
    const hidden = page(aBoard({ type: 'Highscore', showSubmissions: false }));
    expect(headings(hidden)).toEqual(['Rank', 'Player', 'Score']);
    expect(firstRow(hidden)).toEqual(['1', 'Ann', '400']);
    expect(items(section(hidden, 'ol', 'podium'))).toEqual([
      '#1 Ann 400',
      '#2 Bo 300',
      '#3 Cy 200',
    ]);
  });

  it('GIVEN a League board THEN a football table, P W D L GF GA GD Pts Form, all under the record setting; an archive row without goals drops those columns', () => {
    const board = aBoard({ type: 'League' });
    const entry = anEntry(1, 'Ann', { score: 7, wins: 2, draws: 1, losses: 1 });
    const live = rowOfEntry(board, entry, {
      played: 4,
      goalsFor: 9,
      goalsAgainst: 4,
      form: ['W', 'L', 'D', 'W'],
    });
    const html = standingsHtml(viewOf(board), [live], null, '');
    expect(headings(html)).toEqual('Rank Player P W D L GF GA GD Points Form'.split(' '));
    // After rank and name (the name's cell is another feature's: avatars).
    expect(firstRow(html).slice(2)).toEqual([
      '4',
      '2',
      '1',
      '1',
      '9',
      '4',
      '+5',
      '7',
      'Last 4, oldest first: won, lost, drew, won W L D W',
    ]);
    const archived = standingsHtml(viewOf(board), [rowOfEntry(board, entry)], null, '');
    expect(headings(archived)).toEqual(['Rank', 'Player', 'P', 'W', 'D', 'L', 'Points']);
    const hidden = standingsHtml(
      viewOf(aBoard({ type: 'League', showRecord: false })),
      [live],
      null,
      '',
    );
    expect(headings(hidden)).toEqual(['Rank', 'Player', 'Points']);
  });
});
