import { time, TimestampStyles, type APIEmbed } from 'discord.js';
import { isMatchBoard } from '../domain/board-rules';
import { signedDelta, valueName } from '../domain/display';
import { TallyError } from '../domain/errors';
import { formatScore } from '../domain/score-text';
import type { PlayedMatch, Profile } from '../pipeline/profile';
import { clip, LIMITS, shown } from './text';
import { hasText, t, textAt } from '../domain/i18n';

/** The name a /profile reply attaches its chart under (`attachment://chart.png`). */
export const CHART = 'chart.png';

/**
 * /profile's card (PolyELO's player card, NeatQueue's /stats): rank, value, peak, record, win
 * rate, streaks and the last matches, with the chart as the attached picture or, without one, a
 * text sparkline. A layout of the profile use case's view, nothing read, in `locale`'s language.
 */
export function profileEmbed(
  found: Profile,
  withChart: boolean,
  locale: string | null = null,
): APIEmbed {
  const { board } = found;
  const unit = valueName(board.type, locale);
  const value = (v: number | null) => formatScore(board.type, v);
  const lines = [
    found.rank === null
      ? t(locale, 'reading.profile.unranked', { unit, peak: value(found.peak) })
      : t(locale, 'reading.profile.ranked', {
          rank: found.rank,
          of: found.of,
          unit,
          value: value(found.value),
          peak: value(found.peak),
        }),
  ];
  if (found.record) {
    const rate =
      found.winRate === null
        ? ''
        : t(locale, 'reading.profile.winRate', { percent: Math.round(found.winRate * 100) });
    lines.push(`${t(locale, 'reading.rank.record', found.record)}${rate}`);
  }
  if (found.streaks?.current) {
    const { result, length } = found.streaks.current;
    const longest = found.streaks.longestWin;
    lines.push(t(locale, `reading.profile.streak.${result}`, { count: length, longest }));
  }
  if (found.submissions !== null) {
    lines.push(t(locale, 'reading.profile.submissions', { count: found.submissions }));
  }
  const points = found.history.filter((h) => h.value !== null).map((h) => h.value!);
  if (!withChart && points.length >= 2) {
    lines.push(t(locale, 'reading.profile.season', { sparkline: sparkline(points) }));
  }
  const recent = found.recent.slice(0, 5).map((m) => playedLine(m, locale));
  const title = t(locale, 'reading.onBoard', {
    player: shown(found.player.name),
    board: shown(board.displayName),
  });
  return {
    title: clip(title, LIMITS.embedTitle),
    description: clip(lines.join('\n'), LIMITS.embedDescription),
    ...(recent.length > 0 && isMatchBoard(board)
      ? {
          fields: [
            {
              name: t(locale, 'reading.profile.lastMatches'),
              value: clip(recent.join('\n'), LIMITS.fieldValue),
            },
          ],
        }
      : {}),
    ...(withChart ? { image: { url: `attachment://${CHART}` } } : {}),
  };
}

/** `W 3–1 vs Sam Okoro (+16) · 2 hours ago`, names as text. */
export function playedLine(m: PlayedMatch, locale: string | null = null): string {
  const against = m.opponents.map((o) => shown(o.name)).join(', ');
  const score = m.score ? ` ${m.score}` : '';
  const delta = m.delta === null ? '' : ` (${signedDelta(m.delta)})`;
  const status = m.status === 'approved' ? '' : ` · ${statusWord(m.status, locale)}`;
  return t(locale, 'reading.profile.played', {
    result: t(locale, `reading.profile.result.${m.result}`),
    score,
    against,
    delta,
    when: time(m.at, TimestampStyles.RelativeTime),
    status,
  });
}

/** A match's status in words (`pending`, `adjusted`…); one the catalogue lacks, as stored. */
export const statusWord = (status: string, locale: string | null) =>
  hasText(`reading.status.${status}`) ? textAt(locale, `reading.status.${status}`) : status;

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
