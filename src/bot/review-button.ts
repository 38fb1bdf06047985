import { MessageFlags, PermissionFlagsBits, type ButtonInteraction } from 'discord.js';
import type { Board } from '../../entities/board';
import { TallyError } from '../domain/errors';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { review } from '../pipeline/review';
import { parseReviewButton } from './custom-id';
import { reviewMessage } from './review-message';
import type { ReviewMessageRepository } from './review-store';
import { loadReviewView } from './review-view';

export interface ReviewButtonDeps {
  ctx: Context;
  store: ReviewMessageRepository;
}

const LEASE_MS = 30_000;

/**
 * Approve / Decline on a review message: the same `review` use case as `tally review`
 * (STYLE.md 2). Refusals are ephemeral replies; a decision acknowledges with a deferred update
 * and then redraws the message with the outcome and the rating changes.
 */
export async function handleReviewButton(
  deps: ReviewButtonDeps,
  interaction: ButtonInteraction,
): Promise<void> {
  const { ctx, store } = deps;
  const parsed = parseReviewButton(interaction.customId);
  if (!parsed) return refuse(interaction, 'This button is not one of Tally’s review buttons.');
  const ownerId = interaction.guildId
    ? `guild:${interaction.guildId}`
    : `user:${interaction.user.id}`;
  const submission = await ctx.repos.submissions.byId(parsed.submissionId);
  const board = submission && (await ctx.repos.boards.byPk(submission.boardPk));
  if (!submission || !board || submission.ownerId !== ownerId) {
    return refuse(interaction, `${parsed.handle} is not a submission of this server.`);
  }
  if (!mayModerate(interaction, board)) {
    return refuse(
      interaction,
      'Only members with the Manage Server permission or the board’s moderator role can review submissions.',
    );
  }
  await interaction.deferUpdate();
  // Keeps the poster off this message while the press redraws it (review-poster.ts).
  const now = ctx.now();
  await store.lease(submission.id, now, new Date(now.getTime() + LEASE_MS));
  try {
    await review(ctx, parsed.handle, parsed.decision, `chat:${interaction.user.id}`, { ownerId });
  } catch (err) {
    const decided = err instanceof TallyError && err.code === 'invalid_request';
    if (!decided) log.error('review button failed', { submission: parsed.handle, err });
    await interaction
      .followUp({
        content: decided
          ? `${parsed.handle} was already decided; nothing changed.`
          : `Tally could not record that decision; nothing changed. Try again in a moment.`,
        flags: MessageFlags.Ephemeral,
      })
      .catch((e: unknown) => log.warn('review follow-up failed', { err: e }));
  }
  await redraw(deps, interaction, parsed.submissionId);
}

/** Shows the submission as it is now; if that fails, the poster edits the message later. */
async function redraw(deps: ReviewButtonDeps, interaction: ButtonInteraction, id: number) {
  const view = await loadReviewView(deps.ctx, id);
  try {
    if (!view) return;
    const body = reviewMessage(view);
    await interaction.editReply({
      embeds: body.embeds,
      components: body.components,
      allowedMentions: { parse: [] },
    });
    const decided = view.submission.status !== 'pending_review';
    if (decided && interaction.message.id === view.submission.reviewMessageId) {
      await deps.store.closed(id);
      return;
    }
  } catch (err) {
    log.warn('review message redraw failed; the poster will retry', { submission: id, err });
  }
  await deps.store.release(id);
}

/** DESIGN.md 1: Manage Server or the board's moderator role; on a user board, its owner (a DM). */
function mayModerate(interaction: ButtonInteraction, board: Board): boolean {
  if (!interaction.inGuild()) return board.ownerId === `user:${interaction.user.id}`;
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return true;
  const roleId = board.moderatorRoleId;
  if (!roleId) return false;
  const roles = interaction.member.roles;
  return Array.isArray(roles) ? roles.includes(roleId) : roles.cache.has(roleId);
}

async function refuse(interaction: ButtonInteraction, content: string): Promise<void> {
  await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}
