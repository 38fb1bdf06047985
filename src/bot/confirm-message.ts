import {
  ButtonStyle,
  ComponentType,
  time,
  TimestampStyles,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import type { Board } from '../../entities/board';
import type { MatchParticipant } from '../../entities/match-participant';
import { partiesOf } from '../pipeline/confirm';
import { confirmButtonId, type ConfirmAction } from './custom-id';
import { clip, LIMITS, shown } from './text';
import type { ReviewView } from '../pipeline/review-view';
import { sideVerb, signedDelta } from '../domain/display';

/** The opponents' message of a waiting report, for a post (plus nonce) or an edit. */
export interface ConfirmMessageBody {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  /** Only the opponents are pinged, only by the post; never a role or @everyone. */
  allowed_mentions: { parse: []; users?: string[] };
}

const COLOR = { waiting: 0x5865f2, moderators: 0xfee75c, approved: 0x57f287, rejected: 0xed4245 };

/**
 * What the players read in the channel the match was reported in: while it waits, the
 * opponents pinged, the result, the window and Confirm / Dispute / Withdraw; then what became
 * of it, without buttons. Drawn from the row alone, so any process draws the same message.
 */
export function confirmMessage(view: ReviewView): ConfirmMessageBody {
  const { submission, board, handle } = view;
  const parties = partiesOf(submission);
  const waiting = submission.status === 'pending_review' && submission.confirmState === 'awaiting';
  const content = clip(
    waiting && parties
      ? waitingLine(board, parties, submission.confirmDueAt ?? null)
      : outcomeLine(view),
    LIMITS.content,
  );
  const state = waiting
    ? 'waiting'
    : submission.status === 'pending_review'
      ? 'moderators'
      : submission.status === 'approved'
        ? 'approved'
        : 'rejected';
  const number = view.record.kind === 'match' ? ` · match #${view.record.match.number}` : '';
  return {
    content,
    embeds: [
      {
        title: clip(`Match report: ${shown(board.displayName || board.id)}`, LIMITS.embedTitle),
        color: COLOR[state],
        description: clip(resultLines(view).join('\n'), LIMITS.content),
        footer: { text: `${handle}${number} · board ${board.id}`.slice(0, 2048) },
      },
    ],
    components: waiting ? [buttons(handle)] : [],
    allowed_mentions:
      waiting && parties ? { parse: [], users: parties.opponents.slice(0, 100) } : { parse: [] },
  };
}

function waitingLine(
  board: Board,
  parties: { reporter: string; opponents: string[] },
  dueAt: Date | null,
): string {
  const pinged = parties.opponents.map((id) => `<@${id}>`).join(' ');
  const silence =
    board.confirmOnSilence === 'confirm' ? 'it counts as confirmed' : 'it goes to the moderators';
  const by = dueAt
    ? ` If nobody answers by ${time(dueAt, TimestampStyles.ShortDateTime)} (${time(dueAt, TimestampStyles.RelativeTime)}), ${silence}.`
    : '';
  return `${pinged}: <@${parties.reporter}> reported this match. If it is right, press **Confirm**; if not, **Dispute** it and the moderators decide.${by} <@${parties.reporter}> can **Withdraw** it until then.`;
}

function outcomeLine(view: ReviewView): string {
  const { submission, board } = view;
  const by = submission.confirmBy?.startsWith('chat:')
    ? `<@${submission.confirmBy.slice(5)}>`
    : null;
  const where = board.moderatorChannelId
    ? `in <#${board.moderatorChannelId}>`
    : 'with `tally review` (this board has no moderator channel)';
  const decided =
    submission.status === 'approved'
      ? 'The moderators approved it; it is on the leaderboard.'
      : submission.status === 'rejected'
        ? `The moderators did not approve it (${shown(submission.failureReason ?? 'declined')}); nothing was applied.`
        : `The moderators decide it ${where}.`;
  switch (submission.confirmState) {
    case 'confirmed':
      return `✅ Confirmed by ${by ?? 'an opponent'}; it is on the leaderboard.`;
    case 'auto':
      return `✅ Confirmed automatically: no opponent answered within ${board.confirmWindowHours} h. It is on the leaderboard.`;
    case 'withdrawn':
      return `↩️ Withdrawn by ${by ?? 'the member who reported it'}; nothing was applied.`;
    case 'disputed':
      return `⚖️ Disputed by ${by ?? 'an opponent'}. ${decided}`;
    case 'escalated':
      return `⏳ No opponent answered within ${board.confirmWindowHours} h. ${decided}`;
    default:
      // A moderator or the operator decided it while it waited (`tally review`).
      return submission.status === 'approved'
        ? 'A moderator approved it; it is on the leaderboard.'
        : submission.status === 'rejected'
          ? 'It was not approved; nothing was applied.'
          : `The moderators decide it ${where}.`;
  }
}

/** Each side's members and how it went for them; ratings once applied (ELO boards). */
function resultLines(view: ReviewView): string[] {
  if (view.record.kind !== 'match') return [];
  const { match, roster } = view.record;
  const applied = view.submission.status === 'approved';
  const side = (n: 1 | 2) => {
    const result = match.winner === null ? '' : ` (${sideVerb(match, n)})`;
    const names = roster
      .filter((slot) => slot.side === n)
      .map((slot) => `${shown(slot.playerName)}${rating(slot, applied)}`);
    return `**Team ${n}**${result}: ${names.join(', ') || '—'}`;
  };
  const lines = [side(1), side(2)];
  if (match.team1Score !== null && match.team2Score !== null) {
    lines.push(`Score: ${match.team1Score} – ${match.team2Score}`);
  }
  return lines;
}

function rating(slot: MatchParticipant, applied: boolean): string {
  if (slot.eloBefore === null) return '';
  if (!applied || slot.eloDelta === null) return ` — ${slot.eloBefore}`;
  return ` — ${slot.eloBefore + slot.eloDelta} (${signedDelta(slot.eloDelta)})`;
}

function buttons(handle: string): APIActionRowComponent<APIButtonComponent> {
  const button = (
    action: ConfirmAction,
    label: string,
    style: ButtonStyle.Success | ButtonStyle.Danger | ButtonStyle.Secondary,
  ) => ({
    type: ComponentType.Button as const,
    style,
    label,
    custom_id: confirmButtonId(action, handle),
  });
  return {
    type: ComponentType.ActionRow,
    components: [
      button('confirm', 'Confirm', ButtonStyle.Success),
      button('dispute', 'Dispute', ButtonStyle.Danger),
      button('withdraw', 'Withdraw', ButtonStyle.Secondary),
    ],
  };
}
