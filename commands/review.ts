import { SlashCommandBuilder, time, TimestampStyles, type APIEmbed } from 'discord.js';
import { mayModerate } from '../src/bot/review-button';
import { clip, code, LIMITS, shown } from '../src/bot/text';
import {
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
        `Only members with the Manage Server permission or ${boardId === undefined ? 'a' : 'the'} board’s moderator role can list submissions waiting for review.`,
      );
    }
    const entries = entryQueueEmbed(
      await contestQueueOf(ctx, {
        ownerId,
        ...(boardId === undefined ? {} : { boardId }),
        visible: (board) => mayModerate(interaction, board),
      }),
    );
    if (queue.items.length === 0 && !entries) {
      const where = boardId === undefined ? '' : ` on ${code(boardId)}`;
      await reply(interaction, { content: `Nothing is waiting for review${where}. 🎉` }, true);
      return;
    }
    // Contest entries first: their part is short (ENTRY_QUEUE_ROOM), so neither hides the other.
    const embeds = [
      ...(entries ? [entries] : []),
      ...(queue.items.length > 0 ? [queueEmbed(queue, ownerId, boardId)] : []),
    ];
    await reply(interaction, { embeds }, true);
  },
} satisfies Command;

/** One line per pending submission, as many as fit; then how many more wait and where to see them. */
function queueEmbed(queue: ReviewQueue, ownerId: string, boardId: string | undefined): APIEmbed {
  const lines: string[] = [];
  let length = 0;
  for (const item of queue.items) {
    const line = itemLine(item);
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
        `…and ${more} more. The full list: \`tally review list ${ownerId}${board.replace(/`/g, '')}\` on the machine running Tally.`,
        TRAILER_ROOM - 2,
      ),
    );
  }
  const count = queue.items.length + queue.more;
  return {
    title: `Waiting for review: ${count}`,
    description: lines.join('\n'),
    footer: { text: 'Oldest first. Approve or decline on each review message.' },
  };
}

/** `sub_12` · Ladder · Ali beat Bo · by @x · submitted 3 hours ago · expires in 2 days · message */
function itemLine(item: PendingReview): string {
  const parts = [
    code(item.handle),
    clip(shown(item.board.displayName || item.board.id), BOARD_NAME_MAX),
    clip(item.record ? shownSummary(item.record) : item.summary, SUMMARY_MAX),
    `by ${submitter(item.submittedBy)}`,
    `submitted ${time(item.submittedAt, TimestampStyles.RelativeTime)}`,
    item.expiresAt === null
      ? 'never expires'
      : `expires ${time(item.expiresAt, TimestampStyles.RelativeTime)}`,
  ];
  if (item.messageUrl) parts.push(`[review message](${item.messageUrl})`);
  return parts.join(' · ');
}

/** The summary with every name shown as written (no markdown, no mention pills). */
function shownSummary(record: PendingRecord): string {
  return record.kind === 'score'
    ? summaryOf({ ...record, player: shown(record.player) })
    : summaryOf({ ...record, team1: record.team1.map(shown), team2: record.team2.map(shown) });
}

function submitter(by: string): string {
  if (by === 'api') return 'the API';
  const chat = /^chat:(\d+)$/.exec(by);
  return chat ? `<@${chat[1]}>` : shown(by);
}
