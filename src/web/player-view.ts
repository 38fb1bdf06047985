import type { Board } from '../../entities/board';
import type { HeadToHead, Participant, Profile } from '../pipeline/profile';
import { chartSvg } from '../render/chart-svg';
import type { ChartData } from '../render/types';
import { plainTitle } from '../domain/plain-text';
import { seasonTitle, type Season } from '../domain/season';
import { log } from '../log';
import { playerLink } from './boards';
import { bdi, boardName, escapeHtml, grouped, link, valueName, valueText, type Html } from './html';
import type { Links } from './links';
import { playedMatches } from './matches-view';
import { RESULT_NOUNS, signedDelta, utcMinute, valueName as nameOfValue } from '../domain/display';
import type { SubmittedScore } from '../pipeline/player-history';

/** The pieces of a player's page: the numbers, the chart, head to head. */

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** "3 wins", "1 loss", or a dash. */
function streakText(profile: Profile): string {
  const now = profile.streaks?.current;
  const words = now && RESULT_NOUNS[now.result];
  return now && words ? `${now.length} ${words[now.length === 1 ? 0 : 1]}` : '—';
}

const recordLine = ({ wins, draws, losses }: NonNullable<Profile['record']>) =>
  `${grouped(wins)}–${grouped(draws)}–${grouped(losses)}`;

/**
 * The best value ever held, beside the value, only when the two differ: a Highscore or Time
 * score is the player's best, a Classic total only grows, so in a season they are one number
 * (issue 29); a rating that went down, or a best from an earlier season, is worth its own box.
 */
function peakStat(profile: Profile): [string, string] | null {
  const { board, peak, value } = profile;
  if (peak === null || peak === value) return null;
  const label =
    board.type === 'ELO' || board.type === 'League'
      ? 'Peak'
      : board.type === 'Classic'
        ? 'Best total'
        : 'Best ever';
  return [label, valueText(board, peak)];
}

export function profileStats(profile: Profile): Html {
  const board = profile.board;
  const stats: [string, string][] = [[valueName(board), valueText(board, profile.value)]];
  const peak = peakStat(profile);
  if (peak) stats.push(peak);
  if (profile.record) {
    stats.push(['Wins–draws–losses', recordLine(profile.record)]);
    stats.push(['Win rate', percent(profile.winRate)]);
  }
  if (profile.streaks) {
    stats.push(['Streak', streakText(profile)]);
    stats.push(['Longest win streak', grouped(profile.streaks.longestWin)]);
  }
  if (profile.submissions !== null) stats.push(['Submissions', grouped(profile.submissions)]);
  const items = stats.map(([dt, dd]) => `<div><dt>${dt}</dt><dd>${escapeHtml(dd)}</dd></div>`);
  return `<dl class="stats">${items.join('')}</dl>`;
}

/**
 * The value over time as inline SVG: no script, no request for a picture, follows dark mode.
 * Drawn twice, wide and narrow, and CSS shows the one that fits: a wide chart shrunk onto a
 * phone would have 6 px labels. An SVG scales with the width it is shown at, so each is drawn
 * with text that stays at least 12 CSS px where it shows (style.ts: the narrow one up to 40rem,
 * about 320–480 px wide there; the wide one above, 560–690 px).
 */
export function chartFigure(board: Board, data: ChartData, season: Season | null): Html {
  let wide: string;
  let narrow: string;
  // The SVG's <title> is plain text (a tooltip, what a screen reader says): no bidi controls.
  const titled = { ...data, title: plainTitle(data.title) };
  try {
    wide = chartSvg(titled, { ...WIDE, theme: 'auto', showTitle: false });
    narrow = chartSvg(titled, { ...NARROW, theme: 'auto', showTitle: false });
  } catch (err) {
    log.warn('chart failed', { err });
    return '';
  }
  const what = CHART_LABELS[board.type] ?? 'Score';
  const caption = season ? `${what} in ${seasonTitle(season)}` : `${what} over time`;
  return `<figure class="chart"><div class="wide">${wide}</div><div class="narrow">${narrow}</div>
<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

/** The two drawings' sizes in their own units (chartSvg's width, height and text size). */
export const WIDE = { width: 720, height: 320, fontSize: 16 };
export const NARROW = { width: 320, height: 260, fontSize: 13 };

const CHART_LABELS: Record<string, string> = {
  ELO: 'Rating',
  League: 'Points',
  Time: 'Best time',
};

/** Recent opponents, newest first, each once: the head-to-head picker's choices. */
function opponentsOf(profile: Profile): Participant[] {
  const seen = new Map<string, Participant>();
  for (const match of profile.recent)
    for (const p of match.opponents) if (!seen.has(p.id)) seen.set(p.id, p);
  return [...seen.values()];
}

function picker(profile: Profile, chosen: string | undefined, links: Links): Html {
  const opponents = opponentsOf(profile);
  if (opponents.length === 0) return '';
  const options = opponents.map(
    (p) =>
      `<option value="${escapeHtml(p.id)}"${p.id === chosen ? ' selected' : ''}>${escapeHtml(p.name || p.id)}</option>`,
  );
  const { board, player } = profile;
  const quick = opponents
    .filter((p) => p.id !== chosen)
    .slice(0, 5)
    .map((p) => link(links.player(board, player.id, { vs: p.id }), bdi(p.name || p.id)));
  return `<form class="vs" method="get" action="${escapeHtml(links.player(board, player.id))}">
<label for="vs">Compare with</label>
<select id="vs" name="vs">${options.join('')}</select>
<button type="submit">Show</button>
</form>
${quick.length > 0 ? `<p class="note">Recent opponents: ${quick.join(' · ')}</p>` : ''}`;
}

/**
 * "Ann leads Bo 5–2 (1 draw)": a's record against b, in words; `name` marks up each name (in
 * HTML a <bdi>, so a right-to-left name keeps the sentence in order) and `score` a score (in
 * HTML one that never breaks at its dash).
 */
function recordWords(
  h2h: HeadToHead,
  name: (text: string) => string = (t) => t,
  score: (text: string) => string = (t) => t,
): string {
  const a = name(h2h.a.name || h2h.a.id);
  const b = name(h2h.b.name || h2h.b.id);
  if (h2h.wins + h2h.draws + h2h.losses === 0) return `${a} and ${b} have not met yet`;
  const draws = h2h.draws > 0 ? ` (${h2h.draws} draw${h2h.draws === 1 ? '' : 's'})` : '';
  if (h2h.wins === h2h.losses)
    return `${a} and ${b} are level at ${score(`${h2h.wins}–${h2h.losses}`)}${draws}`;
  const [lead, trail, hi, lo] =
    h2h.wins > h2h.losses ? [a, b, h2h.wins, h2h.losses] : [b, a, h2h.losses, h2h.wins];
  return `${lead} leads ${trail} ${score(`${hi}–${lo}`)}${draws}`;
}

const nowrap = (text: string): Html => `<span class="nowrap">${escapeHtml(text)}</span>`;

/** The two players side by side, as op.gg compares two: value, rank, record, win rate, streak. */
function sideBySide(a: Profile, b: Profile | null, links: Links): Html {
  const board = a.board;
  const rank = (p: Profile | null) =>
    p === null ? '—' : p.rank === null ? 'unranked' : `#${p.rank} of ${p.of}`;
  const rows: [string, (p: Profile | null) => string][] = [
    [valueName(board), (p) => valueText(board, p?.value ?? null)],
    ['Rank', rank],
    ['W–D–L', (p) => (p?.record ? recordLine(p.record) : '—')],
    ['Win rate', (p) => percent(p?.winRate ?? null)],
    ['Streak', (p) => (p ? streakText(p) : '—')],
  ];
  const nameB = b ? playerLink(links, board, b.player) : '—';
  const body = rows.map(
    ([label, cell]) =>
      `<tr><th scope="row">${escapeHtml(label)}</th><td>${nowrap(cell(a))}</td><td>${nowrap(cell(b))}</td></tr>`,
  );
  return `<table class="compare">
<colgroup><col class="label"><col><col></colgroup>
<thead><tr><td></td><th scope="col">${bdi(a.player.name || a.player.id)}</th><th scope="col">${nameB}</th></tr></thead>
<tbody>${body.join('')}</tbody>
</table>`;
}

/**
 * Head to head: with ?vs= the page opens on it (above the chart, so a phone shows it without
 * scrolling): the record in words, both players side by side, their matches against each other.
 * Without, the picker of recent opponents.
 */
export function headToHeadSection(
  profile: Profile,
  h2h: HeadToHead | null,
  links: Links,
  other: Profile | null = null,
): Html {
  if (profile.record === null) return '';
  const choose = picker(profile, h2h?.b.id, links);
  if (!h2h) return choose ? `<h2>Head to head</h2>\n${choose}` : '';
  const board = profile.board;
  const net = h2h.net === null ? '' : ` · net ${signedDelta(h2h.net)} ${nameOfValue(board.type)}`;
  const back = link(links.player(board, profile.player.id), 'Close head to head');
  const record = nowrap(`${h2h.wins}–${h2h.draws}–${h2h.losses}`);
  return `<section class="h2h" aria-label="Head to head">
<h2>Head to head: ${bdi(h2h.a.name || h2h.a.id)} vs ${playerLink(links, board, h2h.b)}</h2>
<p class="record-line">${recordWords(h2h, bdi, nowrap)}</p>
<p class="meta">${record} (wins–draws–losses)${escapeHtml(net)} · ${back}</p>
${sideBySide(profile, other, links)}
${choose}
${playedMatches(board, h2h.matches, links)}
</section>`;
}

/**
 * Scores as submitted, newest first: each with its time, and on a Classic board as what it
 * added to the total (a Classic score is a sum of them).
 */
export function scoreHistory(board: Board, scores: SubmittedScore[]): Html {
  if (scores.length === 0) return '<p class="empty">No submissions yet.</p>';
  const items = scores.map((s) => {
    const value = board.type === 'Classic' ? signedDelta(s.score) : valueText(board, s.score);
    const note = s.status === 'adjusted' || s.status === 'set' ? ' · set by a moderator' : '';
    return `<li><span class="value">${escapeHtml(value)}</span>
<span class="when"><time datetime="${s.at.toISOString()}">${escapeHtml(utcMinute(s.at))}</time>${note}</span></li>`;
  });
  return `<ol class="submitted">\n${items.join('\n')}\n</ol>`;
}

/** What a shared link's preview says: rank, value, record; or the head-to-head record. */
export function summaryText(profile: Profile, h2h: HeadToHead | null): string {
  if (h2h) return `${recordWords(h2h)} on ${boardName(profile.board)}`;
  const board = profile.board;
  const parts = [
    profile.rank === null ? 'Not ranked this season' : `Rank ${profile.rank} of ${profile.of}`,
    `${valueName(board)} ${valueText(board, profile.value)}`,
  ];
  if (profile.record) {
    const { wins, draws, losses } = profile.record;
    parts.push(`${wins}–${draws}–${losses}`);
  }
  return `${parts.join(' · ')} on ${boardName(board)}`;
}
