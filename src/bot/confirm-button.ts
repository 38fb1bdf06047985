import { MessageFlags, type ButtonInteraction } from 'discord.js';
import { TallyError, toldIn } from '../domain/errors';
import { t } from '../domain/i18n';
import { chatOwnerId } from '../domain/ids';
import { log } from '../log';
import { answerReport, partiesOf, refusalKey } from '../pipeline/confirm';
import type { Context } from '../pipeline/context';
import { confirmMessage } from './confirm-message';
import { interactionServerLocale } from './server-locale';
import { parseConfirmButton } from './custom-id';
import { refuse } from './replies';
import { confirmPosts, reviewPosts } from '../pipeline/outbox';
import { loadReviewView, ownedSubmission } from '../pipeline/review-view';

const LEASE_MS = 30_000;

/**
 * Confirm / Dispute / Withdraw under a waiting report: the `answerReport` use case. Who may
 * press is checked first and refused ephemerally, saying why, with nothing changed; an answer
 * acknowledges with a deferred update, then redraws the message with what became of the report
 * (if the redraw fails, the confirm poster edits it later from the row).
 */
export async function handleConfirmButton(ctx: Context, interaction: ButtonInteraction) {
  const parsed = parseConfirmButton(interaction.customId);
  const locale = interaction.locale;
  if (!parsed) return refuse(interaction, t(locale, 'review.answer.notOurs'));
  const ownerId = chatOwnerId(interaction.guildId, interaction.user.id);
  const submission = (await ownedSubmission(ctx, ownerId, parsed.submissionId))?.submission;
  const parties = submission && partiesOf(submission);
  if (!submission || !parties) {
    return refuse(interaction, t(locale, 'review.answer.notAReport', { handle: parsed.handle }));
  }
  const refusal = refusalKey(
    parsed.action,
    interaction.user.id,
    parties.reporter,
    parties.opponents,
  );
  if (refusal) {
    return refuse(interaction, t(locale, 'review.answer.refused', { refusal: t(locale, refusal) }));
  }

  await interaction.deferUpdate();
  // The message is everyone's: redrawn in the server's language.
  const postLocale = () => interactionServerLocale(ctx, interaction);
  const reviewMessages = reviewPosts(ctx);
  const now = ctx.now();
  // Keeps the confirm poster off this message while the press redraws it.
  const leased = await reviewMessages.lease(submission.id, now, new Date(now.getTime() + LEASE_MS));
  try {
    await answerReport(ctx, parsed.handle, parsed.action, interaction.user.id, { ownerId });
  } catch (err) {
    const known = err instanceof TallyError && err.code !== 'internal_error';
    if (!known) log.error('confirmation answer failed', { submission: submission.id, err });
    await interaction
      .followUp({
        content: known
          ? t(locale, 'review.answer.notChanged', { detail: toldIn(err, locale) })
          : t(locale, 'review.answer.failed'),
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      })
      .catch((e: unknown) => log.warn('confirmation follow-up failed', { err: e }));
  }
  const view = await loadReviewView(ctx, submission.id);
  try {
    if (view && interaction.message.id === view.submission.confirmMessageId) {
      const { content, embeds, components } = confirmMessage(view, await postLocale());
      await interaction.editReply({ content, embeds, components, allowedMentions: { parse: [] } });
      if (leased) {
        const moved = view.submission.status === 'pending_review';
        const waiting = view.submission.confirmState === 'awaiting';
        if (!waiting)
          return await confirmPosts(ctx).shown(submission.id, moved ? 'moved' : 'closed');
      }
    }
  } catch (err) {
    log.warn('confirmation redraw failed; the poster will retry', {
      submission: submission.id,
      err,
    });
  }
  if (leased) await reviewMessages.release(submission.id);
}
