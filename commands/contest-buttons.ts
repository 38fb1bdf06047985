import { MessageFlags, type ButtonInteraction } from 'discord.js';
import { chatPlayerId } from '../src/domain/ids';
import { TallyError } from '../src/domain/errors';
import { t } from '../src/domain/i18n';
import { decideEntry, ownedEntry, reportEntry, voteOnEntry } from '../src/pipeline/contests';
import type { ComponentHandler } from '../src/bot/command';
import {
  ENTRY_REVIEW_PREFIX,
  REPORT_PREFIX,
  VOTE_PREFIX,
  parseEntryReview,
  parseReportButton,
  parseVoteButton,
  voteAnswer,
} from '../src/bot/contest-message';
import { mayModerate } from '../src/bot/review-button';
import { refuse } from '../src/bot/replies';
import { shown } from '../src/bot/text';
import { ownerOf } from '../src/bot/workspace';

const answer = (interaction: ButtonInteraction, content: string) =>
  interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });

/**
 * A server's contest is voted on by its members: a press from outside a server (a forged
 * payload) or for another server's entry finds nothing, and changes nothing.
 */
function member(interaction: ButtonInteraction): string {
  if (!interaction.inGuild()) {
    throw new TallyError('not_found', 'Contests are voted on in their server.', {
      said: { key: 'play.contest.votedInServer' },
    });
  }
  return ownerOf(interaction);
}

/** The 1–10 buttons under an entry's post: one vote per member and entry, changed in place. */
export const contestVote = {
  prefixes: [VOTE_PREFIX],
  async execute(interaction, ctx) {
    const pressed = parseVoteButton(interaction.customId);
    if (!pressed) return refuse(interaction, t(interaction.locale, 'play.contest.notOurVote'));
    const { entry, previous } = await voteOnEntry(ctx, {
      ownerId: member(interaction),
      entryPk: pressed.entryPk,
      voterId: chatPlayerId(interaction.user.id),
      value: pressed.value,
    });
    await answer(interaction, voteAnswer(entry, pressed.value, previous, interaction.locale));
  },
} satisfies ComponentHandler;

/** Report, under an entry's post: the moderators find it in `/review list`. */
export const contestReport = {
  prefixes: [REPORT_PREFIX],
  async execute(interaction, ctx) {
    const pressed = parseReportButton(interaction.customId);
    if (!pressed) return refuse(interaction, t(interaction.locale, 'play.contest.notOurs'));
    const { entry, counted } = await reportEntry(ctx, {
      ownerId: member(interaction),
      entryPk: pressed.entryPk,
      reporterId: chatPlayerId(interaction.user.id),
    });
    await answer(
      interaction,
      t(
        interaction.locale,
        counted ? 'play.contest.reportedThanks' : 'play.contest.reportedAlready',
        {
          title: shown(entry.title),
        },
      ),
    );
  },
} satisfies ComponentHandler;

/** Approve / Decline on the moderators' message of an entry that waits for approval. */
export const contestReview = {
  prefixes: [ENTRY_REVIEW_PREFIX],
  async execute(interaction, ctx) {
    const pressed = parseEntryReview(interaction.customId);
    if (!pressed) return refuse(interaction, t(interaction.locale, 'play.contest.notOurs'));
    const ownerId = ownerOf(interaction);
    const { board } = await ownedEntry(ctx, ownerId, pressed.entryPk);
    if (!mayModerate(interaction, board)) {
      return refuse(interaction, t(interaction.locale, 'play.contest.reviewDenied'));
    }
    const { entry } = await decideEntry(ctx, {
      ownerId,
      entryPk: pressed.entryPk,
      by: chatPlayerId(interaction.user.id),
      approve: pressed.decision === 'approve',
    });
    await answer(
      interaction,
      t(
        interaction.locale,
        pressed.decision === 'approve'
          ? 'play.contest.approvedPress'
          : 'play.contest.declinedPress',
        { title: shown(entry.title) },
      ),
    );
  },
} satisfies ComponentHandler;
