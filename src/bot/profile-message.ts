import { time, TimestampStyles, type APIEmbed } from 'discord.js';
import { isMatchBoard } from '../domain/board-rules';
import { RESULT_NOUNS, signedDelta, valueName } from '../domain/display';
import { TallyError } from '../domain/errors';
import { formatScore } from '../domain/score-text';
import type { PlayedMatch, Profile } from '../pipeline/profile';
import { clip, LIMITS, shown } from './text';

/** The name a /profile reply attaches its chart under (`attachment://chart.png`). */
export const CHART = 'chart.png';

/**
 * /profile's card (PolyELO's player card, NeatQueue's /stats): rank, value, peak, record, win
 * rate, streaks and the last matches, with the chart as the attached picture or, without one, a
 * text sparkline. A layout of the profile use case's view, nothing read.
 */
export function profileEmbed(found: Profile, withChart: boolean): APIEmbed {
  const { board } = found;
  const unit = valueName(board.type);
  const value = (v: number | null) => formatScore(board.type, v);
  const lines = [
    found.rank === null
      ? `No standing this season · best ${unit} **${value(found.peak)}**`
      : `Rank **#${found.rank}** of ${found.of} · ${unit} **${value(found.value)}** · peak ${value(found.peak)}`,
  ];
  if (found.record) {
    const { wins, draws, losses } = found.record;
    const rate = found.winRate === null ? '' : ` · ${Math.round(found.winRate * 100)}% won`;
    lines.push(`${wins} won, ${draws} drawn, ${losses} lost${rate}`);
  }
  if (found.streaks?.current) {
    const { result, length } = found.streaks.current;
    const run = RESULT_NOUNS[result][0];
    lines.push(`On a ${length}-${run} streak · longest winning streak ${found.streaks.longestWin}`);
  }
  if (found.submissions !== null) lines.push(`${found.submissions} scores submitted`);
  const points = found.history.filter((h) => h.value !== null).map((h) => h.value!);
  if (!withChart && points.length >= 2) lines.push(`This season: ${sparkline(points)}`);
  const recent = found.recent.slice(0, 5).map(playedLine);
  return {
    title: clip(`${shown(found.player.name)} on ${shown(board.displayName)}`, LIMITS.embedTitle),
    description: clip(lines.join('\n'), LIMITS.embedDescription),
    ...(recent.length > 0 && isMatchBoard(board)
      ? { fields: [{ name: 'Last matches', value: clip(recent.join('\n'), LIMITS.fieldValue) }] }
      : {}),
    ...(withChart ? { image: { url: `attachment://${CHART}` } } : {}),
  };
}

/** `W 3–1 vs Sam Okoro (+16) · 2 hours ago`, names as text. */
export function playedLine(m: PlayedMatch): string {
  const against = m.opponents.map((o) => shown(o.name)).join(', ');
  const score = m.score ? ` ${m.score}` : '';
  const delta = m.delta === null ? '' : ` (${signedDelta(m.delta)})`;
  const moderated = m.status === 'approved' ? '' : ` · ${m.status}`;
  return `**${m.result}**${score} vs ${against}${delta} · ${time(m.at, TimestampStyles.RelativeTime)}${moderated}`;
}

const BARS = '▁▂▃▄▅▆▇█';

/** The series as a line of block characters, the last 24 points (the text fallback of the chart). */
export function sparkline(values: number[]): string {
  const last = values.slice(-24);
  const low = Math.min(...last);
  const span = Math.max(...last) - low;
  return last
    .map((v) => BARS[span === 0 ? 3 : Math.round(((v - low) / span) * (BARS.length - 1))])
    .join('');
}

/** "Never played here" is an answer; anything else (an outage) is the generic failure. */
export function notFoundAsNull(err: unknown): null {
  if (err instanceof TallyError && err.code === 'not_found') return null;
  throw err;
}
