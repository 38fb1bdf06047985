import { time, TimestampStyles, type ChatInputCommandInteraction } from 'discord.js';
import type { Board } from '../../entities/board';
import { autoApplies } from '../domain/board-rules';
import type { Evidence } from '../domain/evidence';
import { t } from '../domain/i18n';
import { chatPlayerId } from '../domain/ids';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { keepEvidencePreview } from '../pipeline/evidence-previews';
import { submit, type Submitted } from '../pipeline/submit';
import { evidenceBytes } from './attachment-file';
import { shown } from './text';

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
  evidence?: Evidence,
): Promise<void> {
  const submitted = await submit(
    ctx,
    {
      board,
      kind,
      body,
      submittedBy: chatPlayerId(interaction.user.id),
      waitMs: ctx.config.syncWaitMs,
      reportedIn: { guildId: interaction.guildId, channelId: interaction.channelId },
      ...(evidence ? { evidence } : {}),
    },
    // Refusals before this are ephemeral (interactions.ts); the accepted write gets a public reply.
    { validated: async () => void (await interaction.deferReply()) },
  );
  if (evidence?.fileKind === 'image' && evidence.fileUrl) {
    const task = previewLater(ctx, submitted.submission, evidence.fileUrl);
    previewing.add(task);
    void task.finally(() => previewing.delete(task));
  }
  await interaction.editReply({
    // A reply answers the member who asked, in their language, even where the channel sees it.
    content: submittedText(board, submitted, interaction.locale),
    allowedMentions: { parse: [] },
  });
}

const previewing = new Set<Promise<void>>();

/** Resolves once every preview this process started has been kept or given up (tests; the bot waits for it when it stops). */
export async function previewsSettled(): Promise<void> {
  while (previewing.size > 0) await Promise.all([...previewing]);
}

/**
 * The report's image kept for the dashboard's review pages (src/pipeline/evidence-previews.ts),
 * downloaded now, while Discord's signed address is valid, but off the reply's path: the
 * member's answer never waits for it, and a download or an image that fails keeps nothing and
 * changes nothing about the submission.
 */
async function previewLater(ctx: Context, submission: Submitted['submission'], url: string) {
  try {
    const bytes = await evidenceBytes(url);
    if (bytes) await keepEvidencePreview(ctx, submission, bytes);
    else
      log.info('evidence preview: the file could not be downloaded', { submission: submission.id });
  } catch (err) {
    log.warn('evidence preview not kept', { submission: submission.id, err });
  }
}

/**
 * What a member reads once their write is in: applied, failed, waiting for review or for the
 * opponents, with what happens next, in `locale`'s language (the reply is public: the server's).
 * `/match report`, `/score submit` and a queue match's report buttons (commands/queue-buttons.ts)
 * say it alike.
 */
export function submittedText(
  board: Board,
  { submission, handle, settled }: Pick<Submitted, 'submission' | 'handle' | 'settled'>,
  locale: string | null = null,
): string {
  const now = settled?.submission ?? submission;
  const vars = { board: `**${shown(board.displayName)}**`, handle };
  // An `opponents` board's report waits for them (src/pipeline/confirm.ts), not for review.
  if (submission.confirmState === 'awaiting' && now.status !== 'failed') {
    return t(locale, 'review.submit.awaiting', { ...vars, next: awaitingStep(board, locale) });
  }
  switch (now.status) {
    case 'approved':
      return t(locale, 'review.submit.applied', { ...vars, boardId: board.id });
    case 'failed':
      return t(locale, 'review.submit.failed', {
        handle,
        reason: now.failureReason ?? t(locale, 'review.submit.failedReason'),
      });
    case 'pending_review':
      return t(locale, 'review.submit.pending', {
        ...vars,
        next: nextStep(board, now.expiresAt, locale),
      });
    default:
      return t(
        locale,
        autoApplies(board) ? 'review.submit.queuedApplies' : 'review.submit.queuedReview',
        vars,
      );
  }
}

/** An `opponents` board (src/pipeline/confirm.ts): the opponents are asked in this channel. */
const awaitingStep = (board: Board, locale: string | null) =>
  t(
    locale,
    board.confirmOnSilence === 'confirm'
      ? 'review.submit.awaitingCounts'
      : 'review.submit.awaitingEscalates',
    { hours: board.confirmWindowHours },
  );

function nextStep(board: Board, expiresAt: Date | null, locale: string | null): string {
  const step = board.ownerId.startsWith('user:')
    ? t(locale, 'review.submit.sentToOwner')
    : board.moderatorChannelId
      ? t(locale, 'review.submit.postedIn', { channel: `<#${board.moderatorChannelId}>` })
      : t(locale, 'review.submit.noChannel');
  if (!expiresAt) return step;
  const when = time(expiresAt, TimestampStyles.ShortDateTime);
  return `${step} ${t(locale, 'review.submit.expiresBy', { when })}`;
}
