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
import { RESULT_NOUNS, signedDelta, valueName as nameOfValue } from '../domain/display';

/** The pieces of a player's page: the numbers, the chart, head to head. */

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

export function profileStats(profile: Profile): Html {
  const board = profile.board;
  const stats: [string, string][] = [
    [valueName(board), valueText(board, profile.value)],
    [
      board.type === 'ELO' || board.type === 'League' ? 'Peak' : 'Best',
      valueText(board, profile.peak),
    ],
  ];
  if (profile.record) {
    const { wins, draws, losses } = profile.record;
    stats.push(['Wins–draws–losses', `${grouped(wins)}–${grouped(draws)}–${grouped(losses)}`]);
    stats.push(['Win rate', percent(profile.winRate)]);
  }
  if (profile.streaks) {
    const now = profile.streaks.current;
    const words = now && RESULT_NOUNS[now.result];
    stats.push(['Streak', now && words ? `${now.length} ${words[now.length === 1 ? 0 : 1]}` : '—']);
    stats.push(['Longest win streak', grouped(profile.streaks.longestWin)]);
  }
  if (profile.submissions !== null) stats.push(['Submissions', grouped(profile.submissions)]);
  const items = stats.map(([dt, dd]) => `<div><dt>${dt}</dt><dd>${escapeHtml(dd)}</dd></div>`);
  return `<dl class="stats">${items.join('')}</dl>`;
}

/**
 * The value over time as inline SVG: no script, no request for a picture, follows dark mode.
 * Drawn twice, wide and narrow, and CSS shows the one that fits: a wide chart shrunk onto a
 * phone would have 6 px labels.
 */
export function chartFigure(board: Board, data: ChartData, season: Season | null): Html {
  let wide: string;
  let narrow: string;
  // The SVG's <title> is plain text (a tooltip, what a screen reader says): no bidi controls.
  const titled = { ...data, title: plainTitle(data.title) };
  try {
    wide = chartSvg(titled, { width: 720, height: 300, theme: 'auto', showTitle: false });
    narrow = chartSvg(titled, { width: 360, height: 240, theme: 'auto', showTitle: false });
  } catch (err) {
    log.warn('chart failed', { err });
    return '';
  }
  const what = CHART_LABELS[board.type] ?? 'Score';
  const caption = season ? `${what} in ${seasonTitle(season)}` : `${what} over time`;
  return `<figure class="chart"><div class="wide">${wide}</div><div class="narrow">${narrow}</div>
<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

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
 * HTML a <bdi>, so a right-to-left name keeps the sentence in order).
 */
function recordWords(h2h: HeadToHead, name: (text: string) => string = (t) => t): string {
  const a = name(h2h.a.name || h2h.a.id);
  const b = name(h2h.b.name || h2h.b.id);
  if (h2h.wins + h2h.draws + h2h.losses === 0) return `${a} and ${b} have not met yet`;
  const draws = h2h.draws > 0 ? ` (${h2h.draws} draw${h2h.draws === 1 ? '' : 's'})` : '';
  if (h2h.wins === h2h.losses)
    return `${a} and ${b} are level at ${h2h.wins}–${h2h.losses}${draws}`;
  const [lead, trail, hi, lo] =
    h2h.wins > h2h.losses ? [a, b, h2h.wins, h2h.losses] : [b, a, h2h.losses, h2h.wins];
  return `${lead} leads ${trail} ${hi}–${lo}${draws}`;
}

export function headToHeadSection(profile: Profile, h2h: HeadToHead | null, links: Links): Html {
  if (profile.record === null) return '';
  const choose = picker(profile, h2h?.b.id, links);
  if (!h2h) return choose ? `<h2>Head to head</h2>\n${choose}` : '';
  const board = profile.board;
  const net = h2h.net === null ? '' : ` · net ${signedDelta(h2h.net)} ${nameOfValue(board.type)}`;
  const back = link(links.player(board, profile.player.id), 'Close head to head');
  return `<h2>Head to head: ${bdi(h2h.a.name || h2h.a.id)} vs ${playerLink(links, board, h2h.b)}</h2>
<p class="record-line">${recordWords(h2h, bdi)}</p>
<p class="meta">${h2h.wins}–${h2h.draws}–${h2h.losses} (wins–draws–losses)${escapeHtml(net)} · ${back}</p>
${choose}
${playedMatches(board, h2h.matches, links)}`;
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
