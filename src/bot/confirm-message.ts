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
import { reasonIn, type ReviewView } from '../pipeline/review-view';
import { sideVerb, signedDelta } from '../domain/display';
import { t } from '../domain/i18n';

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
 * of it, without buttons. Drawn from the row alone, so any process draws the same message, in
 * the server's language (`locale`; English when none is given).
 */
export function confirmMessage(view: ReviewView, locale: string | null = null): ConfirmMessageBody {
  const { submission, board, handle } = view;
  const parties = partiesOf(submission);
  const waiting = submission.status === 'pending_review' && submission.confirmState === 'awaiting';
  const content = clip(
    waiting && parties
      ? waitingLine(board, parties, submission.confirmDueAt ?? null, locale)
      : outcomeLine(view, locale),
    LIMITS.content,
  );
  const state = waiting
    ? 'waiting'
    : submission.status === 'pending_review'
      ? 'moderators'
      : submission.status === 'approved'
        ? 'approved'
        : 'rejected';
  const footer =
    view.record.kind === 'match'
      ? t(locale, 'review.message.footerMatch', {
          handle,
          number: view.record.match.number,
          boardId: board.id,
        })
      : t(locale, 'review.message.footer', { handle, boardId: board.id });
  const name = shown(board.displayName || board.id);
  return {
    content,
    embeds: [
      {
        title: clip(t(locale, 'review.confirm.title', { board: name }), LIMITS.embedTitle),
        color: COLOR[state],
        description: clip(resultLines(view, locale).join('\n'), LIMITS.content),
        footer: { text: footer.slice(0, 2048) },
      },
    ],
    components: waiting ? [buttons(handle, locale)] : [],
    allowed_mentions:
      waiting && parties ? { parse: [], users: parties.opponents.slice(0, 100) } : { parse: [] },
  };
}

function waitingLine(
  board: Board,
  parties: { reporter: string; opponents: string[] },
  dueAt: Date | null,
  locale: string | null,
): string {
  const opponents = parties.opponents.map((id) => `<@${id}>`).join(' ');
  const reporter = `<@${parties.reporter}>`;
  const lines = [t(locale, 'review.confirm.asked', { opponents, reporter })];
  if (dueAt) {
    const when = time(dueAt, TimestampStyles.ShortDateTime);
    const relative = time(dueAt, TimestampStyles.RelativeTime);
    const key =
      board.confirmOnSilence === 'confirm'
        ? 'review.confirm.byCounts'
        : 'review.confirm.byEscalates';
    lines.push(t(locale, key, { when, relative }));
  }
  lines.push(t(locale, 'review.confirm.withdrawUntil', { reporter }));
  return lines.join(' ');
}

function outcomeLine(view: ReviewView, locale: string | null): string {
  const { submission, board } = view;
  const by = submission.confirmBy?.startsWith('chat:')
    ? `<@${submission.confirmBy.slice(5)}>`
    : null;
  const hours = board.confirmWindowHours;
  const decide = board.moderatorChannelId
    ? t(locale, 'review.confirm.modsDecideIn', { channel: `<#${board.moderatorChannelId}>` })
    : t(locale, 'review.confirm.modsDecideCli');
  const decided =
    submission.status === 'approved'
      ? t(locale, 'review.confirm.modsApproved')
      : submission.status === 'rejected'
        ? t(locale, 'review.confirm.modsDeclined', {
            reason: shown(
              submission.failureReason != null
                ? reasonIn(submission.failureReason, locale)
                : t(locale, 'review.confirm.declinedReason'),
            ),
          })
        : decide;
  const opponent = by ?? t(locale, 'review.confirm.anOpponent');
  switch (submission.confirmState) {
    case 'confirmed':
      return t(locale, 'review.confirm.confirmed', { who: opponent });
    case 'auto':
      return t(locale, 'review.confirm.auto', { hours });
    case 'withdrawn':
      return t(locale, 'review.confirm.withdrawn', {
        who: by ?? t(locale, 'review.confirm.theReporter'),
      });
    case 'disputed':
      return t(locale, 'review.confirm.disputed', { who: opponent, decided });
    case 'escalated':
      return t(locale, 'review.confirm.escalated', { hours, decided });
    default:
      // A moderator or the operator decided it while it waited (`tally review`).
      return submission.status === 'approved'
        ? t(locale, 'review.confirm.aModApproved')
        : submission.status === 'rejected'
          ? t(locale, 'review.confirm.notApproved')
          : decide;
  }
}

/** Each side's members and how it went for them; ratings once applied (ELO boards). */
function resultLines(view: ReviewView, locale: string | null): string[] {
  if (view.record.kind !== 'match') return [];
  const { match, roster } = view.record;
  const applied = view.submission.status === 'approved';
  const side = (n: 1 | 2) => {
    const result = match.winner === null ? '' : ` (${sideVerb(match, n, locale)})`;
    const names = roster
      .filter((slot) => slot.side === n)
      .map((slot) => `${shown(slot.playerName)}${rating(slot, applied)}`);
    return t(locale, 'review.confirm.team', { n, result, names: names.join(', ') || '—' });
  };
  const lines = [side(1), side(2)];
  if (match.team1Score !== null && match.team2Score !== null) {
    lines.push(
      t(locale, 'review.confirm.score', { team1: match.team1Score, team2: match.team2Score }),
    );
  }
  return lines;
}

function rating(slot: MatchParticipant, applied: boolean): string {
  if (slot.eloBefore === null) return '';
  if (!applied || slot.eloDelta === null) return ` — ${slot.eloBefore}`;
  return ` — ${slot.eloBefore + slot.eloDelta} (${signedDelta(slot.eloDelta)})`;
}

function buttons(handle: string, locale: string | null): APIActionRowComponent<APIButtonComponent> {
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
      button('confirm', t(locale, 'review.confirm.confirm'), ButtonStyle.Success),
      button('dispute', t(locale, 'review.confirm.dispute'), ButtonStyle.Danger),
      button('withdraw', t(locale, 'review.confirm.withdraw'), ButtonStyle.Secondary),
    ],
  };
}
