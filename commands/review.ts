import { SlashCommandBuilder, time, TimestampStyles, type APIEmbed } from 'discord.js';
import { mayModerate } from '../src/bot/review-button';
import { clip, code, LIMITS, shown } from '../src/bot/text';
import {
  missingRecord,
  reviewQueue,
  summaryOf,
  type PendingRecord,
  type PendingReview,
  type ReviewQueue,
} from '../src/pipeline/review-queue';
import type { Command } from '../src/bot/command';
import { everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { refuse, reply } from '../src/bot/replies';
import { ownerOf } from '../src/bot/workspace';
import { entryQueueEmbed } from '../src/bot/entry-queue-message';
import { contestQueueOf } from '../src/pipeline/contest-reads';
import { t } from '../src/domain/i18n';

/** Room kept at the end of the list for the line that says how many more wait. */
const TRAILER_ROOM = 300;
const SUMMARY_MAX = 200;
const BOARD_NAME_MAX = 60;

/**
 * /review list [board]: the submissions waiting for a moderator, oldest first, and on Rating
 * boards the contest entries waiting for approval or reported, for members who may review them
 * (Manage Server or the board's moderator role). The same use case as
 * `tally review list` (src/pipeline/review-queue.ts); always ephemeral, never pings.
 */
export const review = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('review')
        .addSubcommand((sub) => sub.setName('list').addStringOption((o) => o.setName('board'))),
    ),
  ),

  async execute(interaction, ctx) {
    const locale = interaction.locale;
    const ownerId = ownerOf(interaction);
    const boardId = interaction.options.getString('board') ?? undefined;
    const queue = await reviewQueue(ctx, {
      ownerId,
      ...(boardId === undefined ? {} : { boardId }),
      visible: (board) => mayModerate(interaction, board),
    });
    if (queue.boards.listed === 0 && queue.boards.total > 0) {
      return refuse(
        interaction,
        t(locale, boardId === undefined ? 'review.list.mayNotListAny' : 'review.list.mayNotList'),
      );
    }
    const entries = entryQueueEmbed(
      await contestQueueOf(ctx, {
        ownerId,
        ...(boardId === undefined ? {} : { boardId }),
        visible: (board) => mayModerate(interaction, board),
      }),
      locale,
    );
    if (queue.items.length === 0 && !entries) {
      const content =
        boardId === undefined
          ? t(locale, 'review.list.nothing')
          : t(locale, 'review.list.nothingOn', { board: code(boardId) });
      await reply(interaction, { content }, true);
      return;
    }
    // Contest entries first: their part is short (ENTRY_QUEUE_ROOM), so neither hides the other.
    const embeds = [
      ...(entries ? [entries] : []),
      ...(queue.items.length > 0 ? [queueEmbed(queue, ownerId, boardId, locale)] : []),
    ];
    await reply(interaction, { embeds }, true);
  },
} satisfies Command;

/** One line per pending submission, as many as fit; then how many more wait and where to see them. */
function queueEmbed(
  queue: ReviewQueue,
  ownerId: string,
  boardId: string | undefined,
  locale: string,
): APIEmbed {
  const lines: string[] = [];
  let length = 0;
  for (const item of queue.items) {
    const line = itemLine(item, locale);
    if (length + line.length + 1 > LIMITS.embedDescription - TRAILER_ROOM) break;
    lines.push(line);
    length += line.length + 1;
  }
  const more = queue.more + queue.items.length - lines.length;
  if (more > 0) {
    const board = boardId === undefined ? '' : ` --board ${boardId}`;
    lines.push(
      '',
      clip(
        t(locale, 'review.list.more', {
          more,
          owner: ownerId,
          board: board.replace(/`/g, ''),
        }),
        TRAILER_ROOM - 2,
      ),
    );
  }
  const count = queue.items.length + queue.more;
  return {
    title: t(locale, 'review.list.title', { total: count }),
    description: lines.join('\n'),
    footer: { text: t(locale, 'review.list.footer') },
  };
}

/** `sub_12` · Ladder · Ali beat Bo · by @x · submitted 3 hours ago · expires in 2 days · message */
function itemLine(item: PendingReview, locale: string): string {
  const parts = [
    code(item.handle),
    clip(shown(item.board.displayName || item.board.id), BOARD_NAME_MAX),
    clip(
      item.record ? shownSummary(item.record, locale) : missingRecord(item.kind, locale),
      SUMMARY_MAX,
    ),
    t(locale, 'review.list.by', { who: submitter(item.submittedBy, locale) }),
    t(locale, 'review.list.submitted', {
      when: time(item.submittedAt, TimestampStyles.RelativeTime),
    }),
    item.expiresAt === null
      ? t(locale, 'review.list.neverExpires')
      : t(locale, 'review.list.expires', {
          when: time(item.expiresAt, TimestampStyles.RelativeTime),
        }),
  ];
  if (item.messageUrl) parts.push(`[${t(locale, 'review.list.message')}](${item.messageUrl})`);
  return parts.join(' · ');
}

/** The summary with every name shown as written (no markdown, no mention pills). */
function shownSummary(record: PendingRecord, locale: string): string {
  return record.kind === 'score'
    ? summaryOf({ ...record, player: shown(record.player) }, locale)
    : summaryOf(
        { ...record, team1: record.team1.map(shown), team2: record.team2.map(shown) },
        locale,
      );
}

function submitter(by: string, locale: string): string {
  if (by === 'api') return t(locale, 'review.list.theApi');
  const chat = /^chat:(\d+)$/.exec(by);
  return chat ? `<@${chat[1]}>` : shown(by);
}
