import {
  ButtonStyle,
  ComponentType,
  time,
  TimestampStyles,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
  type APIEmbedField,
} from 'discord.js';
import type { BoardType } from '../domain/vocabulary';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import { reviewButtonId } from './custom-id';
import { clip, LIMITS, shown } from './text';
import { reviewOutcome, type ReviewView } from '../pipeline/review-view';
import { sideVerb, signedDelta } from '../domain/display';
import { formatScore } from '../domain/score-text';

/** A review message's body, for a post (plus nonce) or an edit. */
export interface ReviewMessageBody {
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  allowed_mentions: { parse: [] };
}

const COLOR = { pending: 0x5865f2, approved: 0x57f287, rejected: 0xed4245 } as const;
const FIELD_MAX = LIMITS.fieldValue;

/**
 * The moderator's view of a submission (DESIGN.md 1): board, rosters with ratings or the score,
 * who submitted it and when the window runs out, with Approve / Decline / Adjust while pending;
 * once decided, the outcome and the rating changes, without buttons.
 */
export function reviewMessage(view: ReviewView): ReviewMessageBody {
  const { submission, board, handle, record } = view;
  const pending = submission.status === 'pending_review';
  const state = pending ? 'pending' : submission.status === 'approved' ? 'approved' : 'rejected';
  const applied = submission.status === 'approved';
  const fields =
    record.kind === 'match'
      ? matchFields(record.match, record.roster, applied)
      : scoreFields(record.score, board.type);
  fields.push(...evidenceFields(submission));
  fields.push({ name: 'Submitted by', value: submitter(submission.submittedBy), inline: true });
  fields.push(
    pending
      ? { name: 'Expires', value: expiry(submission.expiresAt), inline: true }
      : { name: 'Outcome', value: outcome(view), inline: false },
  );
  const number = record.kind === 'match' ? ` · match #${record.match.number}` : '';
  return {
    embeds: [
      {
        title: clip(
          `${pending ? 'Review' : 'Reviewed'}: ${shown(board.displayName || board.id)}`,
          LIMITS.embedTitle,
        ),
        color: COLOR[state],
        fields,
        ...(submission.evidenceFileKind === 'image' && submission.evidenceFileUrl
          ? { image: { url: submission.evidenceFileUrl } }
          : {}),
        footer: { text: `${handle}${number} · board ${board.id}`.slice(0, 2048) },
      },
    ],
    components: pending ? [buttons(handle)] : [],
    allowed_mentions: { parse: [] },
  };
}

function buttons(handle: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Success,
        label: 'Approve',
        custom_id: reviewButtonId('approve', handle),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: 'Decline',
        custom_id: reviewButtonId('decline', handle),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: 'Adjust',
        custom_id: reviewButtonId('adjust', handle),
      },
    ],
  };
}

function matchFields(match: Match, roster: MatchParticipant[], applied: boolean): APIEmbedField[] {
  const side = (n: 1 | 2): APIEmbedField => {
    const result = match.winner === null ? '' : ` · ${sideVerb(match, n)}`;
    const lines = roster
      .filter((slot) => slot.side === n)
      .map((slot) => `${shown(slot.playerName)}${rating(slot, applied)}`);
    return {
      name: `Team ${n}${result}`,
      value: clip(lines.join('\n') || '—', FIELD_MAX),
      inline: true,
    };
  };
  const fields = [side(1), side(2)];
  if (match.team1Score !== null && match.team2Score !== null) {
    fields.push({
      name: 'Score',
      value: `${match.team1Score} – ${match.team2Score}`,
      inline: false,
    });
  }
  return fields;
}

/** ELO: the snapshot rating (spec 1.6), and once applied where it moved. */
function rating(slot: MatchParticipant, applied: boolean): string {
  if (slot.eloBefore === null) return '';
  if (!applied || slot.eloDelta === null) return ` — ${slot.eloBefore}`;
  return ` — ${slot.eloBefore} → ${slot.eloBefore + slot.eloDelta} (${signedDelta(slot.eloDelta)})`;
}

function scoreFields(score: Score, type: BoardType): APIEmbedField[] {
  return [
    { name: 'Player', value: clip(shown(score.playerName), FIELD_MAX), inline: true },
    // As every other place shows a value: a time as 1:29.500, never raw milliseconds.
    { name: 'Score', value: formatScore(type, score.score), inline: true },
  ];
}

/** A chat report's evidence (src/domain/evidence.ts): the link, a file's address; an image shows below. */
function evidenceFields(submission: ReviewView['submission']): APIEmbedField[] {
  const { evidenceLink: link, evidenceFileUrl: file, evidenceFileKind: kind } = submission;
  const fields: APIEmbedField[] = [];
  if (link) fields.push({ name: 'Evidence', value: link, inline: false });
  if (file && kind !== 'image') {
    fields.push({ name: link ? 'Evidence file' : 'Evidence', value: file, inline: false });
  } else if (file && !link) {
    fields.push({ name: 'Evidence', value: 'the attached image, shown below', inline: false });
  }
  return fields;
}

function submitter(by: string): string {
  if (by === 'api') return 'the API';
  const chat = /^chat:(\d+)$/.exec(by);
  return chat ? `<@${chat[1]}>` : shown(by);
}

/** 999 hours means no countdown (spec 2.2): expiresAt is null then. */
function expiry(at: Date | null): string {
  if (at === null) return 'never (no validation window)';
  return `${time(at, TimestampStyles.ShortDateTime)} (${time(at, TimestampStyles.RelativeTime)})`;
}

/** The outcome sentence every edge shows (pipeline/review-view.ts), members as mentions. */
const outcome = (view: ReviewView): string =>
  reviewOutcome(view, { member: (id) => `<@${id}>`, text: shown });
