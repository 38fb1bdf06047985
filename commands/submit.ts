import { time, TimestampStyles, type ChatInputCommandInteraction } from 'discord.js';
import type { Board } from '../entities/board';
import { autoApplies } from '../src/domain/board-rules';
import { chatPlayerId } from '../src/domain/ids';
import type { Context } from '../src/pipeline/context';
import { submit } from '../src/pipeline/submit';
import { shown } from '../src/bot/text';

/**
 * The chat front end of a write (STYLE.md 2): the same validation and queue as POST
 * /v1/boards/{board}/matches|scores, submitted as `chat:<member>`. The reply says what happened
 * and what happens next.
 */
export async function submitWrite(
  interaction: ChatInputCommandInteraction,
  ctx: Context,
  board: Board,
  kind: 'match' | 'score',
  body: Record<string, unknown>,
): Promise<void> {
  const { submission, handle, settled } = await submit(
    ctx,
    {
      board,
      kind,
      body,
      submittedBy: chatPlayerId(interaction.user.id),
      waitMs: ctx.config.syncWaitMs,
    },
    // Refusals before this are ephemeral (interactions.ts); the accepted write gets a public reply.
    { validated: async () => void (await interaction.deferReply()) },
  );
  const now = settled?.submission ?? submission;
  const name = `**${shown(board.displayName)}**`;
  const content =
    now.status === 'approved'
      ? `Recorded on ${name} and applied (${handle}). \`/leaderboard board:${board.id}\` shows the standings.`
      : now.status === 'failed'
        ? `${handle} was not recorded: ${now.failureReason ?? 'it failed'}.`
        : now.status === 'pending_review'
          ? `Submitted to ${name} as ${handle}. ${nextStep(board, now.expiresAt)}`
          : `Submitted to ${name} as ${handle}; it is queued and ${autoApplies(board) ? 'applies' : 'goes to review'} in a moment.`;
  await interaction.editReply({ content, allowedMentions: { parse: [] } });
}

function nextStep(board: Board, expiresAt: Date | null): string {
  const by = expiresAt
    ? ` If nobody decides by ${time(expiresAt, TimestampStyles.ShortDateTime)}, it expires.`
    : '';
  if (board.ownerId.startsWith('user:')) {
    return `It was sent to the board's owner by DM for review; it counts once approved.${by}`;
  }
  if (board.moderatorChannelId) {
    return `Posted for review in <#${board.moderatorChannelId}>; it counts once a moderator approves it.${by}`;
  }
  return `It waits for review; this board has no moderator channel, so an operator decides with \`tally review\`.${by}`;
}
