import { time, TimestampStyles, type ChatInputCommandInteraction } from 'discord.js';
import type { Board } from '../entities/board';
import { autoApplies } from '../src/domain/board-rules';
import type { Context } from '../src/pipeline/context';
import { enqueueWrite } from '../src/pipeline/enqueue';
import { validateWrite } from '../src/pipeline/validate-write';

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
  const write = await validateWrite(ctx, board, kind, body);
  // Refusals above are ephemeral (interactions.ts); the accepted write gets a public reply.
  await interaction.deferReply();
  const { submission, handle } = await enqueueWrite(
    ctx,
    board,
    write,
    `chat:${interaction.user.id}`,
  );
  // Armed before the worker is woken, so a worker that finishes at once is not missed.
  const wake = ctx.signals.waitSettled(submission.id, Math.max(ctx.config.syncWaitMs, 1000));
  ctx.signals.queued();
  const now = (await settled(ctx, submission.id, wake)) ?? submission;
  const name = `**${board.displayName}**`;
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

/** The submission once the worker has processed it, or as it stands when the wait runs out. */
async function settled(ctx: Context, id: number, wake: Promise<boolean>) {
  const first = await ctx.repos.submissions.byId(id);
  if (first && first.status !== 'queued' && first.status !== 'processing') return first;
  await wake;
  return ctx.repos.submissions.byId(id);
}
