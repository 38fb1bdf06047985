import { describeReset, seasonTitle } from '../domain/season';
import { describeDecay } from '../domain/decay';
import { time, TimestampStyles } from 'discord.js';
import type { Board } from '../../entities/board';
import type { LiveStandings } from '../../entities/live-standings';
import type { ReviewBlock } from '../../entities/review-block';
import type { DecayRule } from '../domain/decay';
import { t, type TextKey, type TextVars } from '../domain/i18n';
import { autoApplies, writeContract } from '../domain/board-rules';
import { displaySummary } from '../domain/board-display';
import { boardUrl } from '../domain/board-url';
import { clip, LIMITS, shown } from './text';
import type { Season } from '../domain/season';
import type { RankRole } from '../domain/rank-roles';
import { rankRolesLine } from './roles-message';

type Locale = string | null | undefined;

/** `season: Season 2 “Winter”, ends in 3 days (then ratings reset to 1000), announced in #x`. */
function seasonLine(locale: Locale, b: Board, s: Season): string {
  const season = shown(seasonTitle(s, locale));
  if (s.endedAt) {
    return t(locale, 'admin.season.info.none', {
      season,
      at: time(s.endedAt, TimestampStyles.ShortDate),
    });
  }
  const end = s.endsAt
    ? t(locale, s.repeat ? 'admin.season.info.endsRepeating' : 'admin.season.info.ends', {
        relative: time(s.endsAt, TimestampStyles.RelativeTime),
      })
    : t(locale, 'admin.season.info.noEnd');
  const vars = { season, end, reset: describeReset(s, b, locale) };
  return s.channelId
    ? t(locale, 'admin.season.info.lineAnnounced', {
        ...vars,
        channel: `<#${s.channelId}>`,
        top: s.topN,
      })
    : t(locale, 'admin.season.info.line', vars);
}

/** A private board (src/pipeline/public-reads.ts mayView): who still sees its pages. */
const privateLine = (locale: Locale, b: Board) =>
  t(locale, b.ownerId.startsWith('user:') ? `${INFO}.privateUser` : `${INFO}.privateServer`);

const INFO = 'admin.board.info';

/** Where and by whom results are reviewed. */
function reviewWhere(locale: Locale, b: Board): string {
  if (b.ownerId.startsWith('user:')) return t(locale, `${INFO}.reviewDm`);
  if (!b.moderatorChannelId) return t(locale, `${INFO}.reviewCli`);
  const channel = `<#${b.moderatorChannelId}>`;
  return b.moderatorRoleId
    ? t(locale, `${INFO}.reviewRole`, { channel, role: `<@&${b.moderatorRoleId}>` })
    : t(locale, `${INFO}.reviewManagers`, { channel });
}

/**
 * A board's settings as an embed: what /board info, create and edit show, with the reason its
 * review messages stopped when Discord refuses them (src/bot/review-poster.ts); in the reader's
 * language (`locale`, English when not given).
 */
export function boardInfo(
  publicUrl: string,
  b: Board,
  extra: {
    block?: ReviewBlock | null;
    decay?: DecayRule | null;
    live?: LiveStandings | null;
    season?: Season | null;
    rankRoles?: readonly RankRole[];
    /** A Rating board's contest settings in one line. */
    contest?: string | null;
  } = {},
  locale?: Locale,
) {
  const { block, decay, live, season, rankRoles, contest } = extra;
  const write = writeContract(b);
  const say = (key: TextKey, vars: TextVars = {}) => t(locale, key, vars);
  const settings = [
    say(b.sort === 'desc' ? `${INFO}.typeHighest` : `${INFO}.typeLowest`, { type: b.type }),
    b.type === 'ELO'
      ? say(`${INFO}.elo`, { k: b.kFactor ?? '', start: b.startRating ?? '' })
      : null,
    b.type === 'League'
      ? say(`${INFO}.points`, {
          win: b.pointsWin ?? '',
          draw: b.pointsDraw ?? '',
          loss: b.pointsLoss ?? '',
        })
      : null,
    b.teamSize > 1 || b.fixedTeams
      ? b.fixedTeams
        ? say(`${INFO}.fixedTeams`)
        : say(`${INFO}.perSide`, { count: b.teamSize })
      : null,
    autoApplies(b)
      ? say(`${INFO}.atOnce`)
      : say(`${INFO}.reviewed`, { review: reviewWhere(locale, b), hours: b.validationWindowHours }),
    b.reviewMode === 'opponents'
      ? say(`${INFO}.opponents`, {
          hours: b.confirmWindowHours,
          then: say(
            b.confirmOnSilence === 'confirm'
              ? `${INFO}.silenceConfirms`
              : `${INFO}.silenceEscalates`,
          ),
        })
      : null,
    b.evidenceRequired ? say(`${INFO}.evidence`) : null,
    b.private ? privateLine(locale, b) : null,
    b.type === 'Rating' ? null : displaySummary(b, locale),
    decay ? say(`${INFO}.decay`, { rule: describeDecay(decay, locale) }) : null,
    live ? say(`${INFO}.live`, { channel: `<#${live.channelId}>` }) : null,
    season ? seasonLine(locale, b, season) : null,
    rankRoles ? rankRolesLine(rankRoles, locale) : null,
    contest ? say(`${INFO}.contest`, { contest }) : null,
  ].filter((line) => line !== null);
  return {
    title: clip(`${shown(b.displayName)} (${b.id})`, LIMITS.embedTitle),
    url: boardUrl(publicUrl, b),
    description: settings.join('\n'),
    ...(block
      ? {
          fields: [
            {
              name: say(`${INFO}.stopped`),
              value: clip(
                say(`${INFO}.stoppedWhy`, {
                  since: time(block.since, TimestampStyles.ShortDateTime),
                  reason: block.reason,
                }),
                LIMITS.fieldValue,
              ),
            },
          ],
        }
      : {}),
    footer: {
      text: write ? say(`${INFO}.api`, { endpoint: write.endpoint }) : say(`${INFO}.readOnly`),
    },
  };
}
