import type { Board } from '../../entities/board';
import type { SeasonStanding } from '../domain/season';
import type { RankedEntry } from '../pipeline/standings';
import { leagueColumns, type LeagueColumns } from '../pipeline/league-table';
import type { Context } from '../pipeline/context';
import { avatarImg, withAvatars } from './avatar';
import { playerLink } from './boards';
import { standingsColumns, tableColumns, type StandingsColumn } from '../domain/board-display';
import { rankedValue } from '../domain/display';
import { formLabel, goalDifferenceText, playedOf } from '../domain/league-table';
import { t, type Language } from '../domain/i18n';
import { escapeHtml, grouped, resultLetter, valueName, valueText, type Html } from './html';
import type { Links } from './links';

/** One row of standings, live (an entry) or archived (a season's final row). */
export interface StandingRow {
  rank: number;
  /** `avatar`: the player's picture (avatar.ts withAvatars), absent until read. */
  player: { id: string; name: string; avatar?: string | null };
  value: number | null;
  wins: number | null;
  draws: number | null;
  losses: number | null;
  submissions: number | null;
  /** A League's goals and form (pipeline/league-table.ts); null where none were read. */
  league: LeagueColumns | null;
}

export const rowOfEntry = (
  board: Pick<Board, 'type'>,
  e: RankedEntry,
  league: LeagueColumns | null = null,
): StandingRow => ({
  rank: e.rank,
  player: { id: e.playerId, name: e.playerName },
  value: rankedValue(board, e),
  wins: e.wins,
  draws: e.draws,
  losses: e.losses,
  submissions: e.submissions,
  league,
});

/** A page of entries as the table's rows, with a League's goals and form. */
export async function rowsOfEntries(
  ctx: Context,
  board: Board,
  entries: readonly RankedEntry[],
): Promise<StandingRow[]> {
  const league = await leagueColumns(ctx, board, entries);
  const rows = entries.map((e) => rowOfEntry(board, e, league.get(e.playerId) ?? null));
  return withAvatars(ctx, board.ownerId, rows);
}

export const rowOfArchive = (s: SeasonStanding): StandingRow => ({
  rank: s.rank,
  player: { id: s.playerId, name: s.playerName },
  value: s.value,
  wins: s.wins,
  draws: s.draws,
  losses: s.losses,
  submissions: s.submissions,
  league: null,
});

/** "10–2–3": wins, draws, losses. */
export const recordText = (r: Pick<StandingRow, 'wins' | 'draws' | 'losses'>) =>
  `${r.wins ?? 0}–${r.draws ?? 0}–${r.losses ?? 0}`;

interface Column {
  heading: Html;
  cell: (row: StandingRow, lang: Language) => string;
  /** The cells' class: `num`, and what a phone hides (`wide`: goals for and against). */
  className?: string;
}

const abbr = (title: string, text: string): Html =>
  `<abbr title="${escapeHtml(title)}">${escapeHtml(text)}</abbr>`;
/** A heading in full, and its short form on a phone (style.ts: .wide, .narrow). */
const shortOnPhone = (full: string, short: string): Html =>
  `<span class="wide">${escapeHtml(full)}</span><abbr class="narrow" title="${escapeHtml(full)}">${escapeHtml(short)}</abbr>`;
/** A column's heading in the page's language: its name in full and its short form. */
const headed = (lang: Language, column: ColumnWord): Html =>
  abbr(t(lang, `web.standings.${column}.full`), t(lang, `web.standings.${column}.short`));
type ColumnWord =
  'played' | 'wins' | 'draws' | 'losses' | 'goalsFor' | 'goalsAgainst' | 'goalDifference' | 'form';
const goals = (r: StandingRow) => r.league ?? { goalsFor: 0, goalsAgainst: 0, form: [] };

/** A League's form: W/D/L marks, newest last, and the same in words for a screen reader. */
function formCell(r: StandingRow, lang: Language): Html {
  const form = goals(r).form;
  const marks = form
    .map((x) => `<span class="result result-${x}">${escapeHtml(resultLetter(x, lang))}</span>`)
    .join('');
  return `<span class="sr-only">${escapeHtml(formLabel(form, lang))}</span><span class="marks" aria-hidden="true">${marks || '—'}</span>`;
}

/**
 * Each optional column's cells (spec 2.4: a match board's record, another's submissions; issue
 * 29 item 5: a League's played, goals and form). On a phone the submissions heading is short
 * and goals for and against give way to their difference, so the name keeps its line.
 */
const optional = (lang: Language): Record<StandingsColumn, Column[]> => ({
  played: [{ heading: headed(lang, 'played'), cell: (r) => grouped(playedOf(r), lang) }],
  record: [
    { heading: headed(lang, 'wins'), cell: (r) => grouped(r.wins ?? 0, lang) },
    { heading: headed(lang, 'draws'), cell: (r) => grouped(r.draws ?? 0, lang) },
    { heading: headed(lang, 'losses'), cell: (r) => grouped(r.losses ?? 0, lang) },
  ],
  goals: [
    {
      heading: headed(lang, 'goalsFor'),
      cell: (r) => grouped(goals(r).goalsFor, lang),
      className: 'num wide',
    },
    {
      heading: headed(lang, 'goalsAgainst'),
      cell: (r) => grouped(goals(r).goalsAgainst, lang),
      className: 'num wide',
    },
    {
      heading: headed(lang, 'goalDifference'),
      cell: (r) => goalDifferenceText(goals(r).goalsFor, goals(r).goalsAgainst),
    },
  ],
  form: [{ heading: headed(lang, 'form'), cell: formCell, className: 'form' }],
  submissions: [
    {
      heading: shortOnPhone(
        t(lang, 'web.standings.submissions.full'),
        t(lang, 'web.standings.submissions.short'),
      ),
      cell: (r) => grouped(r.submissions ?? 0, lang),
    },
  ],
});

/**
 * The columns after rank and name in the board's order (domain/board-display.ts tableColumns);
 * goals and form only where they were read (an ended season's archive keeps neither). A full
 * League table is wider than a phone: there it is a football table's compact view, P GD Pts
 * Form, so points and form are in sight beside the name (W, D, L, GF and GA are `wide`).
 */
function columnsOf(board: Board, rows: readonly StandingRow[], lang: Language): Column[] {
  const OPTIONAL = optional(lang);
  const read = rows.some((r) => r.league !== null);
  const shown = tableColumns(board).filter((c) => read || (c !== 'goals' && c !== 'form'));
  const compact = shown.includes('goals');
  const value: Column = {
    heading: compact
      ? shortOnPhone(valueName(board, lang), t(lang, 'web.standings.pointsShort'))
      : escapeHtml(valueName(board, lang)),
    cell: (r) => valueText(board, r.value, lang),
  };
  return shown.flatMap((c) => {
    if (c === 'value') return [value];
    if (c === 'record' && compact)
      return OPTIONAL.record.map((x) => ({ ...x, className: 'num wide' }));
    return OPTIONAL[c];
  });
}

const td = (content: string | number, className = 'num') =>
  `<td class="${className}">${content}</td>`;

/** The standings table; it scrolls inside its own box on a narrow screen, never the page. */
export function standingsTable(
  board: Board,
  rows: StandingRow[],
  links: Links,
  lang: Language = 'en',
): Html {
  const columns = columnsOf(board, rows, lang);
  const head = columns
    .map((c) => `<th scope="col" class="${c.className ?? 'num'}">${c.heading}</th>`)
    .join('');
  const body = rows.map((row) => {
    const values = columns.map((c) => td(c.cell(row, lang), c.className));
    const who = `<span class="with-avatar">${avatarImg(row.player, 24)}${playerLink(links, board, row.player)}</span>`;
    return `<tr>${td(row.rank)}${td(who, 'player')}${values.join('')}</tr>`;
  });
  return `<div class="scroll"><table>
<thead><tr><th scope="col" class="num">${shortOnPhone(t(lang, 'web.standings.rank'), '#')}</th><th scope="col">${t(lang, 'web.standings.player')}</th>${head}</tr></thead>
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
export function podium(
  board: Board,
  rows: StandingRow[],
  links: Links,
  lang: Language = 'en',
): Html {
  const top = rows.slice(0, 3);
  if (top.length === 0) return '';
  const steps = top.map((row, i) => {
    const record = standingsColumns(board).includes('record')
      ? `<span class="record">${recordText(row)}</span>`
      : '';
    return `<li class="p${i + 1} m${row.rank}"><span class="place">#${row.rank}</span>
${avatarImg(row.player, 40)}
${playerLink(links, board, row.player)}
<span class="value">${valueText(board, row.value, lang)}</span>${record}</li>`;
  });
  const label = escapeHtml(t(lang, 'web.standings.topThree'));
  return `<ol class="podium" aria-label="${label}">\n${steps.join('\n')}\n</ol>`;
}
