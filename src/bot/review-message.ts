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
import { t } from '../domain/i18n';

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
 * once decided, the outcome and the rating changes, without buttons. In the server's language
 * (`locale`; English when none is given), as everything posted for everyone.
 */
export function reviewMessage(view: ReviewView, locale: string | null = null): ReviewMessageBody {
  const { submission, board, handle, record } = view;
  const pending = submission.status === 'pending_review';
  const state = pending ? 'pending' : submission.status === 'approved' ? 'approved' : 'rejected';
  const applied = submission.status === 'approved';
  const fields =
    record.kind === 'match'
      ? matchFields(record.match, record.roster, applied, locale)
      : scoreFields(record.score, board.type, locale);
  fields.push(...evidenceFields(submission, locale));
  fields.push({
    name: t(locale, 'review.message.submittedBy'),
    value: submitter(submission.submittedBy, locale),
    inline: true,
  });
  fields.push(
    pending
      ? {
          name: t(locale, 'review.message.expires'),
          value: expiry(submission.expiresAt, locale),
          inline: true,
        }
      : { name: t(locale, 'review.message.outcome'), value: outcome(view, locale), inline: false },
  );
  const footer =
    record.kind === 'match'
      ? t(locale, 'review.message.footerMatch', {
          handle,
          number: record.match.number,
          boardId: board.id,
        })
      : t(locale, 'review.message.footer', { handle, boardId: board.id });
  const name = shown(board.displayName || board.id);
  return {
    embeds: [
      {
        title: clip(
          t(locale, pending ? 'review.message.title' : 'review.message.titleDone', { board: name }),
          LIMITS.embedTitle,
        ),
        color: COLOR[state],
        fields,
        ...(submission.evidenceFileKind === 'image' && submission.evidenceFileUrl
          ? { image: { url: submission.evidenceFileUrl } }
          : {}),
        footer: { text: footer.slice(0, 2048) },
      },
    ],
    components: pending ? [buttons(handle, locale)] : [],
    allowed_mentions: { parse: [] },
  };
}

function buttons(handle: string, locale: string | null): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Success,
        label: t(locale, 'review.message.approve'),
        custom_id: reviewButtonId('approve', handle),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: t(locale, 'review.message.decline'),
        custom_id: reviewButtonId('decline', handle),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: t(locale, 'review.message.adjust'),
        custom_id: reviewButtonId('adjust', handle),
      },
    ],
  };
}

function matchFields(
  match: Match,
  roster: MatchParticipant[],
  applied: boolean,
  locale: string | null,
): APIEmbedField[] {
  const side = (n: 1 | 2): APIEmbedField => {
    const result = match.winner === null ? '' : ` · ${sideVerb(match, n, locale)}`;
    const lines = roster
      .filter((slot) => slot.side === n)
      .map((slot) => `${shown(slot.playerName)}${rating(slot, applied)}`);
    return {
      name: `${t(locale, 'review.message.team', { n })}${result}`,
      value: clip(lines.join('\n') || '—', FIELD_MAX),
      inline: true,
    };
  };
  const fields = [side(1), side(2)];
  if (match.team1Score !== null && match.team2Score !== null) {
    fields.push({
      name: t(locale, 'review.message.score'),
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

function scoreFields(score: Score, type: BoardType, locale: string | null): APIEmbedField[] {
  return [
    {
      name: t(locale, 'review.message.player'),
      value: clip(shown(score.playerName), FIELD_MAX),
      inline: true,
    },
    // As every other place shows a value: a time as 1:29.500, never raw milliseconds.
    {
      name: t(locale, 'review.message.score'),
      value: formatScore(type, score.score),
      inline: true,
    },
  ];
}

/** A chat report's evidence (src/domain/evidence.ts): the link, a file's address; an image shows below. */
function evidenceFields(
  submission: ReviewView['submission'],
  locale: string | null,
): APIEmbedField[] {
  const { evidenceLink: link, evidenceFileUrl: file, evidenceFileKind: kind } = submission;
  const evidence = t(locale, 'review.message.evidence');
  const fields: APIEmbedField[] = [];
  if (link) fields.push({ name: evidence, value: link, inline: false });
  if (file && kind !== 'image') {
    const name = link ? t(locale, 'review.message.evidenceFile') : evidence;
    fields.push({ name, value: file, inline: false });
  } else if (file && !link) {
    const value = t(locale, 'review.message.evidenceImage');
    fields.push({ name: evidence, value, inline: false });
  }
  return fields;
}

function submitter(by: string, locale: string | null): string {
  if (by === 'api') return t(locale, 'review.message.theApi');
  const chat = /^chat:(\d+)$/.exec(by);
  return chat ? `<@${chat[1]}>` : shown(by);
}

/** 999 hours means no countdown (spec 2.2): expiresAt is null then. */
function expiry(at: Date | null, locale: string | null): string {
  if (at === null) return t(locale, 'review.message.neverExpires');
  return `${time(at, TimestampStyles.ShortDateTime)} (${time(at, TimestampStyles.RelativeTime)})`;
}

/** The outcome sentence every edge shows (pipeline/review-view.ts), members as mentions. */
const outcome = (view: ReviewView, locale: string | null): string =>
  reviewOutcome(view, { member: (id) => `<@${id}>`, text: shown }, locale);
