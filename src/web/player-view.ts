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
import { resultCount, signedDelta, utcMinute, valueName as nameOfValue } from '../domain/display';
import type { SubmittedScore } from '../pipeline/player-history';
import { t, type Language } from '../domain/i18n';

/** The pieces of a player's page: the numbers, the chart, head to head. */

/** 62% (62 % in German): Intl's percent in the page's language. */
const percent = (rate: number | null, lang: Language) =>
  rate === null
    ? '—'
    : new Intl.NumberFormat(lang === 'en' ? 'en-US' : lang, { style: 'percent' }).format(
        Math.round(rate * 100) / 100,
      );

/** "3 wins", "1 loss", or a dash. */
function streakText(profile: Profile, lang: Language): string {
  const now = profile.streaks?.current;
  return now ? resultCount(now.result, now.length, lang) : '—';
}

const recordLine = ({ wins, draws, losses }: NonNullable<Profile['record']>, lang: Language) =>
  `${grouped(wins, lang)}–${grouped(draws, lang)}–${grouped(losses, lang)}`;

/**
 * The best value ever held, beside the value, only when the two differ: a Highscore or Time
 * score is the player's best, a Classic total only grows, so in a season they are one number
 * (issue 29); a rating that went down, or a best from an earlier season, is worth its own box.
 */
function peakStat(profile: Profile, lang: Language): [string, string] | null {
  const { board, peak, value } = profile;
  if (peak === null || peak === value) return null;
  const label =
    board.type === 'ELO' || board.type === 'League'
      ? t(lang, 'web.player.peak')
      : board.type === 'Classic'
        ? t(lang, 'web.player.bestTotal')
        : t(lang, 'web.player.bestEver');
  return [label, valueText(board, peak, lang)];
}

export function profileStats(profile: Profile, lang: Language = 'en'): Html {
  const board = profile.board;
  const say = (key: Parameters<typeof t>[1]) => t(lang, key);
  const stats: [string, string][] = [
    [valueName(board, lang), valueText(board, profile.value, lang)],
  ];
  const peak = peakStat(profile, lang);
  if (peak) stats.push(peak);
  if (profile.record) {
    stats.push([say('web.player.record'), recordLine(profile.record, lang)]);
    stats.push([say('web.player.winRate'), percent(profile.winRate, lang)]);
  }
  if (profile.streaks) {
    stats.push([say('web.player.streakLabel'), streakText(profile, lang)]);
    stats.push([say('web.player.longestWin'), grouped(profile.streaks.longestWin, lang)]);
  }
  if (profile.submissions !== null)
    stats.push([say('web.submissions.heading'), grouped(profile.submissions, lang)]);
  const items = stats.map(
    ([dt, dd]) => `<div><dt>${escapeHtml(dt)}</dt><dd>${escapeHtml(dd)}</dd></div>`,
  );
  return `<dl class="stats">${items.join('')}</dl>`;
}

/**
 * The value over time as inline SVG: no script, no request for a picture, follows dark mode.
 * Drawn twice, wide and narrow, and CSS shows the one that fits: a wide chart shrunk onto a
 * phone would have 6 px labels. An SVG scales with the width it is shown at, so each is drawn
 * with text that stays at least 12 CSS px where it shows (style.ts: the narrow one up to 40rem,
 * about 320–480 px wide there; the wide one above, 560–690 px).
 */
export function chartFigure(
  board: Board,
  data: ChartData,
  season: Season | null,
  lang: Language = 'en',
): Html {
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
  const kind = CHART_KINDS[board.type] ?? 'score';
  const caption = season
    ? t(lang, `web.chart.${kind}.inSeason`, { season: seasonTitle(season, lang) })
    : t(lang, `web.chart.${kind}.overTime`);
  return `<figure class="chart"><div class="wide">${wide}</div><div class="narrow">${narrow}</div>
<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

/** The two drawings' sizes in their own units (chartSvg's width, height and text size). */
export const WIDE = { width: 720, height: 320, fontSize: 16 };
export const NARROW = { width: 320, height: 260, fontSize: 13 };

const CHART_KINDS: Record<string, 'rating' | 'points' | 'bestTime'> = {
  ELO: 'rating',
  League: 'points',
  Time: 'bestTime',
};

/** Recent opponents, newest first, each once: the head-to-head picker's choices. */
function opponentsOf(profile: Profile): Participant[] {
  const seen = new Map<string, Participant>();
  for (const match of profile.recent)
    for (const p of match.opponents) if (!seen.has(p.id)) seen.set(p.id, p);
  return [...seen.values()];
}

function picker(profile: Profile, chosen: string | undefined, links: Links, lang: Language): Html {
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
<label for="vs">${escapeHtml(t(lang, 'web.h2h.compare'))}</label>
<select id="vs" name="vs">${options.join('')}</select>
<button type="submit">${escapeHtml(t(lang, 'web.h2h.show'))}</button>
</form>
${quick.length > 0 ? `<p class="note">${escapeHtml(t(lang, 'web.h2h.recent'))} ${quick.join(' · ')}</p>` : ''}`;
}

/**
 * "Ann leads Bo 5–2 (1 draw)": a's record against b, in words; `name` marks up each name (in
 * HTML a <bdi>, so a right-to-left name keeps the sentence in order) and `score` a score (in
 * HTML one that never breaks at its dash).
 */
function recordWords(
  h2h: HeadToHead,
  lang: Language,
  name: (text: string) => string = (x) => x,
  score: (text: string) => string = (x) => x,
): string {
  const a = name(h2h.a.name || h2h.a.id);
  const b = name(h2h.b.name || h2h.b.id);
  if (h2h.wins + h2h.draws + h2h.losses === 0) return t(lang, 'web.h2h.notMet', { a, b });
  const draws = h2h.draws > 0 ? ` (${resultCount('D', h2h.draws, lang)})` : '';
  if (h2h.wins === h2h.losses)
    return `${t(lang, 'web.h2h.level', { a, b, score: score(`${h2h.wins}–${h2h.losses}`) })}${draws}`;
  const [lead, trail, hi, lo] =
    h2h.wins > h2h.losses ? [a, b, h2h.wins, h2h.losses] : [b, a, h2h.losses, h2h.wins];
  return `${t(lang, 'web.h2h.leads', { lead, trail, score: score(`${hi}–${lo}`) })}${draws}`;
}

const nowrap = (text: string): Html => `<span class="nowrap">${escapeHtml(text)}</span>`;

/** The two players side by side, as op.gg compares two: value, rank, record, win rate, streak. */
function sideBySide(a: Profile, b: Profile | null, links: Links, lang: Language): Html {
  const board = a.board;
  const rank = (p: Profile | null) =>
    p === null
      ? '—'
      : p.rank === null
        ? t(lang, 'web.h2h.unranked')
        : t(lang, 'web.h2h.rankOf', { rank: p.rank, of: p.of });
  const rows: [string, (p: Profile | null) => string][] = [
    [valueName(board, lang), (p) => valueText(board, p?.value ?? null, lang)],
    [t(lang, 'web.standings.rank'), rank],
    [t(lang, 'web.h2h.wdl'), (p) => (p?.record ? recordLine(p.record, lang) : '—')],
    [t(lang, 'web.player.winRate'), (p) => percent(p?.winRate ?? null, lang)],
    [t(lang, 'web.player.streakLabel'), (p) => (p ? streakText(p, lang) : '—')],
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
  lang: Language = 'en',
): Html {
  if (profile.record === null) return '';
  const choose = picker(profile, h2h?.b.id, links, lang);
  const heading = escapeHtml(t(lang, 'web.h2h.heading'));
  if (!h2h) return choose ? `<h2>${heading}</h2>\n${choose}` : '';
  const board = profile.board;
  const net =
    h2h.net === null
      ? ''
      : ` · ${t(lang, 'web.h2h.net', { delta: signedDelta(h2h.net), value: nameOfValue(board.type, lang) })}`;
  const back = link(links.player(board, profile.player.id), escapeHtml(t(lang, 'web.h2h.close')));
  const record = nowrap(`${h2h.wins}–${h2h.draws}–${h2h.losses}`);
  const title = t(lang, 'web.h2h.title', {
    a: bdi(h2h.a.name || h2h.a.id),
    b: playerLink(links, board, h2h.b),
  });
  return `<section class="h2h" aria-label="${heading}">
<h2>${title}</h2>
<p class="record-line">${recordWords(h2h, lang, bdi, nowrap)}</p>
<p class="meta">${record} (${escapeHtml(t(lang, 'web.h2h.wdlWords'))})${escapeHtml(net)} · ${back}</p>
${sideBySide(profile, other, links, lang)}
${choose}
${playedMatches(board, h2h.matches, links, lang)}
</section>`;
}

/**
 * Scores as submitted, newest first: each with its time, and on a Classic board as what it
 * added to the total (a Classic score is a sum of them).
 */
export function scoreHistory(board: Board, scores: SubmittedScore[], lang: Language = 'en'): Html {
  if (scores.length === 0)
    return `<p class="empty">${escapeHtml(t(lang, 'web.submissions.none'))}</p>`;
  const items = scores.map((s) => {
    const value = board.type === 'Classic' ? signedDelta(s.score) : valueText(board, s.score, lang);
    const note =
      s.status === 'adjusted' || s.status === 'set'
        ? ` · ${escapeHtml(t(lang, 'web.submissions.set'))}`
        : '';
    return `<li><span class="value">${escapeHtml(value)}</span>
<span class="when"><time datetime="${s.at.toISOString()}">${escapeHtml(utcMinute(s.at, lang))}</time>${note}</span></li>`;
  });
  return `<ol class="submitted">\n${items.join('\n')}\n</ol>`;
}

/** What a shared link's preview says: rank, value, record; or the head-to-head record. */
export function summaryText(
  profile: Profile,
  h2h: HeadToHead | null,
  lang: Language = 'en',
): string {
  const where = boardName(profile.board);
  if (h2h) return t(lang, 'web.player.onBoard', { text: recordWords(h2h, lang), board: where });
  const board = profile.board;
  const parts = [
    profile.rank === null
      ? t(lang, 'web.player.unranked')
      : t(lang, 'web.player.rankOf', { rank: profile.rank, of: profile.of }),
    `${valueName(board, lang)} ${valueText(board, profile.value, lang)}`,
  ];
  if (profile.record) {
    const { wins, draws, losses } = profile.record;
    parts.push(`${wins}–${draws}–${losses}`);
  }
  return t(lang, 'web.player.onBoard', { text: parts.join(' · '), board: where });
}
