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
import type { ContestEntry, ContestSettings } from '../../entities/contest';
import { VOTES, periodOpen } from '../domain/contest';
import { voteCount } from '../domain/display';
import { oneLine } from '../domain/chat-text';
import { t } from '../domain/i18n';
import { clip, LIMITS, shown } from './text';

/**
 * What a contest entry looks like in Discord (README "Contests"): its post in the contest channel
 * with the 1–10 vote buttons and a Report button, the moderators' message of an entry that waits
 * for approval, and the author's notice when moderators take it out. Layouts only: the poster
 * (contest-poster.ts) sends them; test/messages/contest-message.test.ts reads them. Posts and the
 * moderators' message speak the server's language, the vote's answer the voter's (`locale`;
 * English when none is given).
 */

/** A locale as Discord names it (`de`, `pt-BR`); null reads English. */
type Locale = string | null;

/** Custom ids: `vote:12:8` (a vote of 8 on entry 12), `report:12`, `entry:approve:12`. */
export const VOTE_PREFIX = 'vote:';
export const REPORT_PREFIX = 'report:';
export const ENTRY_REVIEW_PREFIX = 'entry:';

export const voteButtonId = (entryPk: number, value: number) => `vote:${entryPk}:${value}`;
export const reportButtonId = (entryPk: number) => `report:${entryPk}`;
export const entryReviewId = (decision: 'approve' | 'decline', entryPk: number) =>
  `entry:${decision}:${entryPk}`;

const whole = (text: string | undefined) =>
  text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;

/** Decodes a vote button; null for anything malformed (a forged id is refused, not guessed). */
export function parseVoteButton(customId: string): { entryPk: number; value: number } | null {
  const [prefix, pk, value, ...rest] = customId.split(':');
  const entryPk = whole(pk);
  const vote = whole(value);
  if (prefix !== 'vote' || rest.length > 0 || entryPk === null || vote === null) return null;
  return VOTES.includes(vote) ? { entryPk, value: vote } : null;
}

export function parseReportButton(customId: string): { entryPk: number } | null {
  const [prefix, pk, ...rest] = customId.split(':');
  const entryPk = whole(pk);
  return prefix === 'report' && rest.length === 0 && entryPk !== null ? { entryPk } : null;
}

export function parseEntryReview(
  customId: string,
): { decision: 'approve' | 'decline'; entryPk: number } | null {
  const [prefix, decision, pk, ...rest] = customId.split(':');
  const entryPk = whole(pk);
  if (prefix !== 'entry' || rest.length > 0 || entryPk === null) return null;
  return decision === 'approve' || decision === 'decline' ? { decision, entryPk } : null;
}

/** The file name an entry's image is attached under (`attachment://entry-12.webp`). */
export const entryFileName = (entry: Pick<ContestEntry, 'pk'>) => `entry-${entry.pk}.webp`;

const COLOR = { live: 0xfee75c, pending: 0x5865f2, final: 0x57f287, out: 0xed4245 } as const;

const heading = (entry: ContestEntry) =>
  clip(`#${entry.pk} · ${shown(oneLine(entry.title))}`, LIMITS.embedTitle);

const byLine = (entry: ContestEntry, board: Board, locale: Locale) =>
  t(locale, 'play.contestPost.by', {
    author: authorSnowflake(entry),
    board: shown(board.displayName),
  });

/** The author's Discord id from their player id (`chat:<id>`). */
export const authorSnowflake = (entry: Pick<ContestEntry, 'authorId'>) =>
  entry.authorId.replace(/^chat:/, '');

export interface EntryPostBody {
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  allowed_mentions: { parse: [] };
}

/**
 * The entry's post while it is in the contest: the image, who made it, how many votes it has
 * (only the count: a running average shown beside the buttons would steer the votes still to
 * come), until when voting runs, and the buttons. Once voting closed, the buttons go.
 */
export function entryPost(
  entry: ContestEntry,
  board: Board,
  settings: ContestSettings,
  now: Date,
  locale: Locale = null,
): EntryPostBody {
  const open = periodOpen(settings.votingUntil, now);
  const until = settings.votingUntil
    ? open
      ? t(locale, 'play.contestPost.closes', {
          when: time(settings.votingUntil, TimestampStyles.RelativeTime),
        })
      : t(locale, 'play.contestPost.closed')
    : null;
  const ask = open ? t(locale, 'play.contestPost.rateIt') : null;
  return {
    embeds: [
      {
        title: heading(entry),
        description: [byLine(entry, board, locale), [ask, until].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join('\n'),
        color: COLOR.live,
        image: { url: `attachment://${entryFileName(entry)}` },
        footer: {
          text: t(locale, 'play.contestPost.soFar', { votes: voteCount(entry.votes, locale) }),
        },
      },
    ],
    components: open ? voteRows(entry, locale) : [],
    allowed_mentions: { parse: [] },
  };
}

/** The post once its contest round ended: its final rank, no buttons. */
export function finalPost(entry: ContestEntry, board: Board, locale: Locale = null): EntryPostBody {
  const rank =
    entry.finalRank === null
      ? t(locale, 'play.contestPost.unranked')
      : t(locale, 'play.contestPost.finalRank', { rank: entry.finalRank });
  const average =
    entry.votes > 0
      ? t(locale, 'play.contestPost.average', { average: entry.voteSum / entry.votes })
      : null;
  const footer = [rank, average, voteCount(entry.votes, locale)]
    .filter((p) => p !== null)
    .join(' · ');
  return {
    embeds: [
      {
        title: heading(entry),
        description: `${byLine(entry, board, locale)}\n${t(locale, 'play.contestPost.ended')}`,
        color: COLOR.final,
        image: { url: `attachment://${entryFileName(entry)}` },
        footer: { text: footer },
      },
    ],
    components: [],
    allowed_mentions: { parse: [] },
  };
}

function voteRows(
  entry: ContestEntry,
  locale: Locale,
): APIActionRowComponent<APIButtonComponent>[] {
  const button = (value: number): APIButtonComponent => ({
    type: ComponentType.Button,
    style: ButtonStyle.Secondary,
    label: String(value),
    custom_id: voteButtonId(entry.pk, value),
  });
  return [
    { type: ComponentType.ActionRow, components: VOTES.slice(0, 5).map(button) },
    { type: ComponentType.ActionRow, components: VOTES.slice(5).map(button) },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Danger,
          label: t(locale, 'play.contestPost.report'),
          emoji: { name: '⚑' },
          custom_id: reportButtonId(entry.pk),
        },
      ],
    },
  ];
}

/** The moderators' message of an entry that waits for approval, and of it once decided. */
export function entryReviewMessage(
  entry: ContestEntry,
  board: Board,
  locale: Locale = null,
): EntryPostBody {
  const pending = entry.status === 'pending';
  const title = shown(oneLine(entry.title));
  const state = pending
    ? t(locale, 'play.contestPost.submitted', {
        when: time(entry.createdAt, TimestampStyles.RelativeTime),
      })
    : outcomeOf(entry, locale);
  return {
    embeds: [
      {
        title: clip(
          t(locale, pending ? 'play.contestPost.toReview' : 'play.contestPost.reviewed', { title }),
          LIMITS.embedTitle,
        ),
        description: `${byLine(entry, board, locale)}\n${state}`,
        color: pending ? COLOR.pending : entry.status === 'live' ? COLOR.final : COLOR.out,
        ...(pending ? { image: { url: `attachment://${entryFileName(entry)}` } } : {}),
        footer: {
          text: t(locale, 'play.contestPost.reviewFooter', {
            entry: entry.pk,
            board: board.id,
          }).slice(0, LIMITS.footer),
        },
      },
    ],
    components: pending
      ? [
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.Button,
                style: ButtonStyle.Success,
                label: t(locale, 'play.contestPost.approve'),
                custom_id: entryReviewId('approve', entry.pk),
              },
              {
                type: ComponentType.Button,
                style: ButtonStyle.Danger,
                label: t(locale, 'play.contestPost.decline'),
                custom_id: entryReviewId('decline', entry.pk),
              },
            ],
          },
        ]
      : [],
    allowed_mentions: { parse: [] },
  };
}

/** A decided entry's state on the moderators' message. */
function outcomeOf(entry: ContestEntry, locale: Locale): string {
  const reason = entry.reason ? shown(oneLine(entry.reason)) : null;
  switch (entry.status) {
    case 'declined':
      return reason
        ? t(locale, 'play.contestPost.outcome.declinedWhy', { reason })
        : t(locale, 'play.contestPost.outcome.declined');
    case 'removed':
      return reason
        ? t(locale, 'play.contestPost.outcome.removedWhy', { reason })
        : t(locale, 'play.contestPost.outcome.removed');
    case 'live':
    case 'withdrawn':
    case 'archived':
      return t(locale, `play.contestPost.outcome.${entry.status}`);
    default:
      return entry.status;
  }
}

/** The author's DM when moderators decline or remove their entry (the server's language). */
export function entryNotice(entry: ContestEntry, board: Board, locale: Locale = null): string {
  const declined = entry.status === 'declined';
  const vars = { title: shown(oneLine(entry.title)), board: shown(board.displayName) };
  const text = entry.reason
    ? t(
        locale,
        declined ? 'play.contestPost.noticeDeclinedWhy' : 'play.contestPost.noticeRemovedWhy',
        { ...vars, reason: shown(oneLine(entry.reason)) },
      )
    : t(
        locale,
        declined ? 'play.contestPost.noticeDeclined' : 'play.contestPost.noticeRemoved',
        vars,
      );
  return clip(text, LIMITS.content);
}

/** The ephemeral answer to a vote: what the member's vote now is, in the voter's language. */
export function voteAnswer(
  entry: ContestEntry,
  value: number,
  previous: number | null,
  locale: Locale = null,
): string {
  const vars = { title: shown(oneLine(entry.title)), value, previous: previous ?? '' };
  if (previous === null) return t(locale, 'play.contest.vote', vars);
  return t(locale, previous === value ? 'play.contest.voteSame' : 'play.contest.voteWas', vars);
}
