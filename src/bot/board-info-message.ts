import { time, TimestampStyles } from 'discord.js';
import type { Board } from '../../entities/board';
import type { LiveStandings } from '../../entities/live-standings';
import type { ReviewBlock } from '../../entities/review-block';
import { describeDecay, type DecayRule } from '../domain/decay';
import { autoApplies, writeContract } from '../domain/board-rules';
import { displaySummary } from '../domain/board-display';
import { boardUrl } from '../domain/board-url';
import { clip, LIMITS, shown } from './text';
import { describeReset, seasonTitle, type Season } from '../domain/season';
import type { RankRole } from '../domain/rank-roles';
import { rankRolesLine } from './roles-message';

/** `season: Season 2 “Winter”, ends in 3 days (then ratings reset to 1000), announced in #x`. */
function seasonLine(b: Board, s: Season): string {
  if (s.endedAt)
    return `no season running (${shown(seasonTitle(s))} ended ${time(s.endedAt, TimestampStyles.ShortDate)})`;
  const end = s.endsAt
    ? `ends ${time(s.endsAt, TimestampStyles.RelativeTime)}${s.repeat ? ', repeating' : ''}`
    : 'no end set';
  const announced = s.channelId ? `, announced in <#${s.channelId}> (top ${s.topN})` : '';
  return `season: ${shown(seasonTitle(s))}, ${end}; then ${describeReset(s, b)}${announced}`;
}

/** A private board (src/pipeline/public-reads.ts mayView): who still sees its pages. */
const privateLine = (b: Board) =>
  b.ownerId.startsWith('user:')
    ? 'Private: off the public pages (the API is as before)'
    : 'Private: only members signed in see its pages; off the index and link previews (the API is as before)';

/**
 * A board's settings as an embed: what /board info, create and edit show, with the reason its
 * review messages stopped when Discord refuses them (src/bot/review-poster.ts).
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
) {
  const { block, decay, live, season, rankRoles, contest } = extra;
  const write = writeContract(b);
  const review = b.ownerId.startsWith('user:')
    ? 'by DM to the owner'
    : b.moderatorChannelId
      ? `in <#${b.moderatorChannelId}>${b.moderatorRoleId ? ` by <@&${b.moderatorRoleId}> or Manage Server` : ' by Manage Server'}`
      : 'with `tally review` (no moderator channel)';
  const settings = [
    `Type **${b.type}**, best is ${b.sort === 'desc' ? 'highest' : 'lowest'}`,
    b.type === 'ELO' ? `k ${b.kFactor}, start ${b.startRating}` : null,
    b.type === 'League' ? `points ${b.pointsWin}/${b.pointsDraw}/${b.pointsLoss}` : null,
    b.teamSize > 1 || b.fixedTeams
      ? `${b.fixedTeams ? 'fixed teams' : `${b.teamSize} per side`}`
      : null,
    autoApplies(b) ? 'applies at once' : `reviewed ${review}, window ${b.validationWindowHours} h`,
    b.reviewMode === 'opponents'
      ? `members' match reports: confirmed by an opponent first (in the channel reported in), ${b.confirmWindowHours} h to answer, then ${b.confirmOnSilence === 'confirm' ? 'confirmed automatically' : 'sent to the moderators'}; a dispute goes to the moderators`
      : null,
    b.evidenceRequired ? 'evidence required with chat reports (a screenshot or a link)' : null,
    b.private ? privateLine(b) : null,
    b.type === 'Rating' ? null : displaySummary(b),
    decay ? `decay: ${describeDecay(decay)}` : null,
    live ? `live standings in <#${live.channelId}>` : null,
    season ? seasonLine(b, season) : null,
    rankRoles ? rankRolesLine(rankRoles) : null,
    contest ? `contest: ${contest}` : null,
  ].filter((line) => line !== null);
  return {
    title: clip(`${shown(b.displayName)} (${b.id})`, LIMITS.embedTitle),
    url: boardUrl(publicUrl, b),
    description: settings.join('\n'),
    ...(block
      ? {
          fields: [
            {
              name: '⚠️ Review messages stopped',
              value: clip(
                `Since ${time(block.since, TimestampStyles.ShortDateTime)}: ${block.reason}. Submissions wait, still pending. Fix the channel for Tally or pick another with \`/board edit\`; the waiting reviews are then posted.`,
                LIMITS.fieldValue,
              ),
            },
          ],
        }
      : {}),
    footer: { text: write ? `API: ${write.endpoint}` : 'API: read only' },
  };
}
