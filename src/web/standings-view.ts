import type { Board } from '../../entities/board';
import type { SeasonStanding } from '../domain/season';
import type { RankedEntry } from '../pipeline/standings';
import { playerLink } from './boards';
import { standingsColumns, type StandingsColumn } from '../domain/board-display';
import { rankedValue } from '../domain/display';
import { grouped, valueName, valueText, type Html } from './html';
import type { Links } from './links';

/** One row of standings, live (an entry) or archived (a season's final row). */
export interface StandingRow {
  rank: number;
  player: { id: string; name: string };
  value: number | null;
  wins: number | null;
  draws: number | null;
  losses: number | null;
  submissions: number | null;
}

export const rowOfEntry = (board: Pick<Board, 'type'>, e: RankedEntry): StandingRow => ({
  rank: e.rank,
  player: { id: e.playerId, name: e.playerName },
  value: rankedValue(board, e),
  wins: e.wins,
  draws: e.draws,
  losses: e.losses,
  submissions: e.submissions,
});

export const rowOfArchive = (s: SeasonStanding): StandingRow => ({
  rank: s.rank,
  player: { id: s.playerId, name: s.playerName },
  value: s.value,
  wins: s.wins,
  draws: s.draws,
  losses: s.losses,
  submissions: s.submissions,
});

/** "10–2–3": wins, draws, losses. */
export const recordText = (r: Pick<StandingRow, 'wins' | 'draws' | 'losses'>) =>
  `${r.wins ?? 0}–${r.draws ?? 0}–${r.losses ?? 0}`;

interface Column {
  heading: Html;
  cell: (row: StandingRow) => string;
}

/** Each optional column's cells (spec 2.4: a match board's record, another's submissions). */
const OPTIONAL: Record<StandingsColumn, Column[]> = {
  record: [
    { heading: '<abbr title="Wins">W</abbr>', cell: (r) => grouped(r.wins ?? 0) },
    { heading: '<abbr title="Draws">D</abbr>', cell: (r) => grouped(r.draws ?? 0) },
    { heading: '<abbr title="Losses">L</abbr>', cell: (r) => grouped(r.losses ?? 0) },
  ],
  submissions: [{ heading: 'Submissions', cell: (r) => grouped(r.submissions ?? 0) }],
};

/** The value, then the optional columns the board shows (domain/board-display.ts). */
function columnsOf(board: Board): Column[] {
  const value: Column = { heading: valueName(board), cell: (r) => valueText(board, r.value) };
  return [value, ...standingsColumns(board).flatMap((c) => OPTIONAL[c])];
}

const td = (content: string | number, className = 'num') =>
  `<td class="${className}">${content}</td>`;

/** The standings table; it scrolls inside its own box on a narrow screen, never the page. */
export function standingsTable(board: Board, rows: StandingRow[], links: Links): Html {
  const columns = columnsOf(board);
  const head = columns.map((c) => `<th scope="col" class="num">${c.heading}</th>`).join('');
  const body = rows.map((row) => {
    const values = columns.map((c) => td(c.cell(row)));
    return `<tr>${td(row.rank)}${td(playerLink(links, board, row.player), 'player')}${values.join('')}</tr>`;
  });
  return `<div class="scroll"><table>
<thead><tr><th scope="col" class="num">Rank</th><th scope="col">Player</th>${head}</tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table></div>`;
}

/**
 * The top three, second–first–third like a podium (in reading order: first, second, third). The
 * slots follow positions (the first row stands tallest in the middle), the label and the medal's
 * colour the rank each row shares: a tie at the top is two gold "#1", then a bronze "#3".
 */
export function podium(board: Board, rows: StandingRow[], links: Links): Html {
  const top = rows.slice(0, 3);
  if (top.length === 0) return '';
  const steps = top.map((row, i) => {
    const record = standingsColumns(board).includes('record')
      ? `<span class="record">${recordText(row)}</span>`
      : '';
    return `<li class="p${i + 1} m${row.rank}"><span class="place">#${row.rank}</span>
${playerLink(links, board, row.player)}
<span class="value">${valueText(board, row.value)}</span>${record}</li>`;
  });
  return `<ol class="podium" aria-label="Top three">\n${steps.join('\n')}\n</ol>`;
}
