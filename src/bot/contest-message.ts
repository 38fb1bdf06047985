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
import { clip, LIMITS, shown } from './text';

/**
 * What a contest entry looks like in Discord (README "Contests"): its post in the contest channel
 * with the 1–10 vote buttons and a Report button, the moderators' message of an entry that waits
 * for approval, and the author's notice when moderators take it out. Layouts only: the poster
 * (contest-poster.ts) sends them; test/messages/contest-message.test.ts reads them.
 */

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

const byLine = (entry: ContestEntry, board: Board) =>
  `by <@${authorSnowflake(entry)}> · **${shown(board.displayName)}**`;

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
): EntryPostBody {
  const open = periodOpen(settings.votingUntil, now);
  const until = settings.votingUntil
    ? open
      ? `Voting closes ${time(settings.votingUntil, TimestampStyles.RelativeTime)}.`
      : 'Voting has closed.'
    : null;
  const ask = open ? 'Rate it 1–10 with the buttons below; you can change your vote.' : null;
  return {
    embeds: [
      {
        title: heading(entry),
        description: [byLine(entry, board), [ask, until].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join('\n'),
        color: COLOR.live,
        image: { url: `attachment://${entryFileName(entry)}` },
        footer: { text: `${voteCount(entry.votes)} so far` },
      },
    ],
    components: open ? voteRows(entry) : [],
    allowed_mentions: { parse: [] },
  };
}

/** The post once its contest round ended: its final rank, no buttons. */
export function finalPost(entry: ContestEntry, board: Board): EntryPostBody {
  const rank = entry.finalRank === null ? 'Unranked' : `Final rank #${entry.finalRank}`;
  const average = entry.votes > 0 ? ` · avg ${(entry.voteSum / entry.votes).toFixed(2)}` : '';
  return {
    embeds: [
      {
        title: heading(entry),
        description: `${byLine(entry, board)}\nThis contest round has ended.`,
        color: COLOR.final,
        image: { url: `attachment://${entryFileName(entry)}` },
        footer: { text: `${rank}${average} · ${voteCount(entry.votes)}` },
      },
    ],
    components: [],
    allowed_mentions: { parse: [] },
  };
}

function voteRows(entry: ContestEntry): APIActionRowComponent<APIButtonComponent>[] {
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
          label: 'Report',
          emoji: { name: '⚑' },
          custom_id: reportButtonId(entry.pk),
        },
      ],
    },
  ];
}

/** The moderators' message of an entry that waits for approval, and of it once decided. */
export function entryReviewMessage(entry: ContestEntry, board: Board): EntryPostBody {
  const pending = entry.status === 'pending';
  const outcome: Record<string, string> = {
    live: 'Approved: it is in the contest.',
    declined: `Declined${entry.reason ? `: ${shown(oneLine(entry.reason))}` : '.'}`,
    withdrawn: 'Withdrawn by its author.',
    removed: `Removed${entry.reason ? `: ${shown(oneLine(entry.reason))}` : '.'}`,
    archived: 'Its contest round ended.',
  };
  const state = pending
    ? `Submitted ${time(entry.createdAt, TimestampStyles.RelativeTime)}; approve it to put it in the contest.`
    : (outcome[entry.status] ?? entry.status);
  return {
    embeds: [
      {
        title: clip(
          `${pending ? 'Entry to review' : 'Entry reviewed'}: ${shown(oneLine(entry.title))}`,
          LIMITS.embedTitle,
        ),
        description: `${byLine(entry, board)}\n${state}`,
        color: pending ? COLOR.pending : entry.status === 'live' ? COLOR.final : COLOR.out,
        ...(pending ? { image: { url: `attachment://${entryFileName(entry)}` } } : {}),
        footer: { text: `entry #${entry.pk} · board ${board.id}`.slice(0, LIMITS.footer) },
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
                label: 'Approve',
                custom_id: entryReviewId('approve', entry.pk),
              },
              {
                type: ComponentType.Button,
                style: ButtonStyle.Danger,
                label: 'Decline',
                custom_id: entryReviewId('decline', entry.pk),
              },
            ],
          },
        ]
      : [],
    allowed_mentions: { parse: [] },
  };
}

/** The author's DM when moderators decline or remove their entry. */
export function entryNotice(entry: ContestEntry, board: Board): string {
  const what = entry.status === 'declined' ? 'was not approved for' : 'was removed from';
  const why = entry.reason ? ` Reason: ${shown(oneLine(entry.reason))}` : '';
  return clip(
    `Your entry "${shown(oneLine(entry.title))}" ${what} the contest **${shown(board.displayName)}** by its moderators.${why} Its image is no longer kept by Tally.`,
    LIMITS.content,
  );
}

/** The ephemeral answer to a vote: what the member's vote now is. */
export function voteAnswer(entry: ContestEntry, value: number, previous: number | null): string {
  const title = `"${shown(oneLine(entry.title))}"`;
  const change =
    previous === null ? '' : previous === value ? ' (unchanged)' : ` (was ${previous})`;
  return `Your vote on ${title}: **${value}**/10${change}. Press another number any time to change it.`;
}
