import {
  MessageFlags,
  PermissionFlagsBits,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import { chatOwnerId, chatPlayerId } from '../domain/ids';
import { moderates } from '../domain/access';
import { TallyError, toldIn } from '../domain/errors';
import { t } from '../domain/i18n';
import { declineReason } from '../domain/evidence';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import type { ReviewPosts } from '../pipeline/outbox';
import { adjust, review, type ReviewOutcome } from '../pipeline/review';
import { correctionOf } from '../domain/correction';
import { adjustModal, declineModal } from './adjust-modal';
import { parseAdjustModal, parseDeclineModal, parseReviewButton } from './custom-id';
import { refuse } from './replies';
import { reviewMessage } from './review-message';
import { interactionServerLocale } from './server-locale';
import { loadReviewView, ownedSubmission, reviewViewOf } from '../pipeline/review-view';

export interface ReviewButtonDeps {
  ctx: Context;
  store: ReviewPosts;
}

type Press = ButtonInteraction | ModalSubmitInteraction;

const LEASE_MS = 30_000;

/**
 * Approve / Decline / Adjust on a review message: the same `review` and `adjust` use cases as
 * `tally review` (STYLE.md 2). Refusals are ephemeral replies; a decision acknowledges with a
 * deferred update and then redraws the message with the outcome and the rating changes. Adjust
 * opens a modal (src/bot/adjust-modal.ts) whose submit is handled by handleAdjustModal.
 */
export async function handleReviewButton(
  deps: ReviewButtonDeps,
  interaction: ButtonInteraction,
): Promise<void> {
  const parsed = parseReviewButton(interaction.customId);
  const locale = interaction.locale;
  if (!parsed) return refuse(interaction, t(locale, 'review.press.notOurs'));
  const target = await moderated(deps.ctx, interaction, parsed.handle, parsed.submissionId);
  if (!target) return;
  if (parsed.decision !== 'approve') {
    const view = await loadReviewView(deps.ctx, parsed.submissionId);
    if (!view || view.submission.status !== 'pending_review') {
      return refuse(
        interaction,
        t(locale, 'review.press.alreadyDecided', { handle: parsed.handle }),
      );
    }
    // Decline asks for an optional reason first (handleDeclineModal), in the presser's language.
    const modal =
      parsed.decision === 'adjust' ? adjustModal(view, locale) : declineModal(view.handle, locale);
    await interaction.showModal(modal);
    return;
  }
  const { ownerId, submission, board } = target;
  await decideAndRedraw(deps, interaction, parsed.submissionId, () =>
    review(
      deps.ctx,
      parsed.handle,
      'approve',
      chatPlayerId(interaction.user.id),
      { ownerId },
      { known: { submission, board } },
    ),
  );
}

/** The Decline modal's submit: `review` declines with the reason, if one was given. */
export async function handleDeclineModal(
  deps: ReviewButtonDeps,
  interaction: ModalSubmitInteraction,
): Promise<void> {
  const parsed = parseDeclineModal(interaction.customId);
  if (!parsed) return refuse(interaction, t(interaction.locale, 'review.press.notOurForm'));
  const target = await moderated(deps.ctx, interaction, parsed.handle, parsed.submissionId);
  if (!target) return;
  let reason: string | null;
  try {
    reason = declineReason(interaction.fields.getTextInputValue('reason'));
  } catch (err) {
    if (err instanceof TallyError) return refuse(interaction, notChanged(err, interaction.locale));
    throw err;
  }
  const { ownerId, submission, board } = target;
  const known = { submission, board };
  await decideAndRedraw(deps, interaction, parsed.submissionId, () =>
    review(
      deps.ctx,
      parsed.handle,
      'decline',
      chatPlayerId(interaction.user.id),
      { ownerId },
      reason === null ? { known } : { reason, known },
    ),
  );
}

/** The Adjust modal's submit: the corrected result goes through `adjust`, checked like a write. */
export async function handleAdjustModal(
  deps: ReviewButtonDeps,
  interaction: ModalSubmitInteraction,
): Promise<void> {
  const parsed = parseAdjustModal(interaction.customId);
  if (!parsed) return refuse(interaction, t(interaction.locale, 'review.press.notOurForm'));
  const target = await moderated(deps.ctx, interaction, parsed.handle, parsed.submissionId);
  if (!target) return;
  let correction;
  try {
    correction = correctionOf(target.board, (id) => interaction.fields.getTextInputValue(id));
  } catch (err) {
    if (err instanceof TallyError) return refuse(interaction, notChanged(err, interaction.locale));
    throw err;
  }
  const { ownerId, submission, board } = target;
  await decideAndRedraw(deps, interaction, parsed.submissionId, () =>
    adjust(
      deps.ctx,
      parsed.handle,
      correction,
      chatPlayerId(interaction.user.id),
      { ownerId },
      { submission, board },
    ),
  );
}

/** The submission and its board if this presser may moderate it here; otherwise refused. */
async function moderated(
  ctx: Context,
  interaction: Press,
  handle: string,
  submissionId: number,
): Promise<{ submission: Submission; board: Board; ownerId: string } | null> {
  const ownerId = chatOwnerId(interaction.guildId, interaction.user.id);
  const found = await ownedSubmission(ctx, ownerId, submissionId);
  if (!found) {
    await refuse(interaction, t(interaction.locale, 'review.press.notHere', { handle }));
    return null;
  }
  const { submission, board } = found;
  if (!mayModerate(interaction, board)) {
    await refuse(interaction, t(interaction.locale, 'review.press.mayNotReview'));
    return null;
  }
  return { submission, board, ownerId };
}

async function decideAndRedraw(
  deps: ReviewButtonDeps,
  interaction: Press,
  submissionId: number,
  decide: () => Promise<ReviewOutcome>,
): Promise<void> {
  const { ctx, store } = deps;
  const locale = interaction.locale;
  const onMessage = interaction.isButton() || interaction.isFromMessage();
  if (onMessage) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  // Keeps the poster off this message while the press redraws it (review-poster.ts).
  const now = ctx.now();
  await store.lease(submissionId, now, new Date(now.getTime() + LEASE_MS));
  let outcome: ReviewOutcome | null = null;
  try {
    outcome = await decide();
    if (!onMessage) await interaction.editReply({ content: t(locale, 'review.press.recorded') });
  } catch (err) {
    const known = err instanceof TallyError && err.code === 'invalid_request';
    if (!known) log.error('review decision failed', { submission: submissionId, err });
    await interaction
      .followUp({
        content: known
          ? t(locale, 'review.press.notRecorded', { detail: toldIn(err, locale) })
          : t(locale, 'review.press.failed'),
        flags: MessageFlags.Ephemeral,
      })
      .catch((e: unknown) => log.warn('review follow-up failed', { err: e }));
  }
  if (onMessage) await redraw(deps, interaction, submissionId, outcome);
  else await store.release(submissionId); // the poster edits the message
}

/**
 * Shows the submission as it is now: as the decision left it (its row and board need no second
 * read), or read afresh after a refusal; if that fails, the poster edits the message later.
 */
async function redraw(
  deps: ReviewButtonDeps,
  interaction: Press,
  id: number,
  outcome: ReviewOutcome | null,
) {
  const view = outcome
    ? await reviewViewOf(deps.ctx, outcome.submission, outcome.board)
    : await loadReviewView(deps.ctx, id);
  try {
    if (!view) return;
    // The message is everyone's: redrawn in the server's language.
    const body = reviewMessage(view, await interactionServerLocale(deps.ctx, interaction));
    await interaction.editReply({
      embeds: body.embeds,
      components: body.components,
      allowedMentions: { parse: [] },
    });
    const decided = view.submission.status !== 'pending_review';
    if (decided && interaction.message?.id === view.submission.reviewMessageId) {
      await deps.store.closed(id);
      return;
    }
  } catch (err) {
    log.warn('review message redraw failed; the poster will retry', { submission: id, err });
  }
  await deps.store.release(id);
}

/** A form's values refused: nothing changed, and why, in the presser's language. */
const notChanged = (err: TallyError, locale: string) =>
  t(locale, 'review.press.notChanged', { detail: toldIn(err, locale) });

/**
 * DESIGN.md 1: Manage Server or the board's moderator role; on a user board, its owner (a DM).
 * The review buttons and `/review list` (commands/review.ts) ask the same question.
 */
export function mayModerate(
  interaction: Press | ChatInputCommandInteraction,
  board: Board,
): boolean {
  if (interaction.guildId === null) return board.ownerId === chatOwnerId(null, interaction.user.id);
  if (!interaction.inGuild()) return false; // no member sent: the permission cannot be established
  const roles = interaction.member.roles;
  return moderates(
    {
      manageServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
      roles: Array.isArray(roles) ? roles : [...roles.cache.keys()],
    },
    board,
  );
}
