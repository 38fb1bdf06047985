import { MessageFlags, time, TimestampStyles, type ButtonInteraction } from 'discord.js';
import { chatPlayerId } from '../src/domain/ids';
import { TallyError } from '../src/domain/errors';
import { t, type TextKey, type TextVars } from '../src/domain/i18n';
import { parseScoreline } from '../src/domain/score-text';
import { log } from '../src/log';
import type { Context } from '../src/pipeline/context';
import {
  cancelQueueMatch,
  declineReady,
  joinQueue,
  leaveQueue,
  pressReady,
  queueMatchView,
  queueView,
  reportQueueMatch,
  waitOfMember,
  type QueueMatchView,
  type QueueReport,
} from '../src/pipeline/queues';
import type { ComponentHandler, FlowHandler, FlowInteraction } from '../src/bot/command';
import {
  parseQueueButton,
  parseQueueMatchButton,
  parseQueueScoreModal,
  QUEUE_MATCH_PREFIX,
  QUEUE_PREFIX,
  QUEUE_SCORE_PREFIX,
} from '../src/bot/custom-id';
import { bold, joinedText, leftText, stateText } from '../src/bot/queue-replies';
import { QUEUE_SCORE_INPUT, queueScoreModal } from '../src/bot/queue-score-modal';
import { refuse } from '../src/bot/replies';
import { mayModerate } from '../src/bot/review-button';
import { submittedText } from '../src/bot/submit-reply';
import { ownerOf } from '../src/bot/workspace';
import { refusalIn, unconfirmedIn } from '../src/bot/interactions';

/**
 * The queue's buttons (issue 28): Join / Leave on a queue's message, and on a match's message
 * Ready / Can't play, the result (We won / We lost / Draw, or Report score on League boards,
 * whose modal is `queueScore`) and Cancel for moderators. Each press calls the use case /queue
 * and /match report call; the poster redraws the messages from the rows. A press for a queue or
 * match of another server (a forged payload) finds nothing there and changes nothing.
 */

async function answer(interaction: ButtonInteraction | FlowInteraction, content: string) {
  await interaction.reply({
    content,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

const notHere = () =>
  new TallyError('not_found', 'That match is not one of this server’s; nothing was changed.', {
    said: { key: 'play.press.matchNotHere' },
  });

/** The presser's words: every answer here is ephemeral, so it speaks their language. */
const said = (interaction: ButtonInteraction | FlowInteraction, key: TextKey, vars?: TextVars) =>
  t(interaction.locale, key, vars);

/** Join / Leave under a queue's message. */
export const queueButtons = {
  prefixes: [QUEUE_PREFIX],
  async execute(interaction, ctx) {
    const pressed = parseQueueButton(interaction.customId);
    if (!pressed) return refuse(interaction, said(interaction, 'play.press.notOurs'));
    const view = await queueView(ctx, pressed.queuePk);
    if (!view || view.queue.ownerId !== ownerOf(interaction)) {
      return refuse(interaction, said(interaction, 'play.press.queueGone'));
    }
    const member = chatPlayerId(interaction.user.id);
    if (pressed.action === 'join') {
      if (interaction.user.bot)
        return refuse(interaction, said(interaction, 'play.press.botsCannot'));
      if (view.board.fixedTeams) {
        return refuse(
          interaction,
          said(interaction, 'play.press.fixedTeams', {
            board: bold(view.board),
            id: view.board.id,
          }),
        );
      }
      const wait = await joinQueue(ctx, { board: view.board, member });
      const now = (await queueView(ctx, wait.queuePk)) ?? view;
      return answer(interaction, joinedText(now, wait, interaction.locale));
    }
    const wait = await waitOfMember(ctx, member);
    if (wait?.queuePk !== view.queue.pk) {
      return refuse(
        interaction,
        wait
          ? said(interaction, 'play.press.otherQueue')
          : said(interaction, 'play.press.notInThis', { board: bold(view.board) }),
      );
    }
    const left = await leaveQueue(ctx, member);
    return answer(interaction, leftText(await queueView(ctx, left.queuePk), interaction.locale));
  },
} satisfies ComponentHandler;

/** The match, if it is one of the presser's server's. */
async function matchHere(
  ctx: Context,
  interaction: ButtonInteraction | FlowInteraction,
  matchPk: number,
): Promise<QueueMatchView> {
  const view = await queueMatchView(ctx, matchPk);
  if (!view || view.board.ownerId !== ownerOf(interaction)) throw notHere();
  return view;
}

/** The buttons under a queue match's message. */
export const queueMatchButtons = {
  prefixes: [QUEUE_MATCH_PREFIX],
  async execute(interaction, ctx) {
    const pressed = parseQueueMatchButton(interaction.customId);
    if (!pressed) return refuse(interaction, said(interaction, 'play.press.notOurs'));
    const view = await matchHere(ctx, interaction, pressed.matchPk);
    const member = chatPlayerId(interaction.user.id);
    const { matchPk, action } = pressed;
    switch (action) {
      case 'ready': {
        const match = await pressReady(ctx, matchPk, member);
        const when = (at: Date) => time(at, TimestampStyles.RelativeTime);
        return answer(
          interaction,
          match.state !== 'playing'
            ? said(interaction, 'play.press.youAreReady', { when: when(match.readyBy) })
            : match.reportBy
              ? said(interaction, 'play.press.allReadyBy', { when: when(match.reportBy) })
              : said(interaction, 'play.press.allReady'),
        );
      }
      case 'decline':
        await declineReady(ctx, matchPk, member);
        return answer(interaction, said(interaction, 'play.press.declined'));
      case 'won':
      case 'lost':
      case 'draw':
        return report(interaction, ctx, view, { result: action });
      case 'score':
        requirePlayer(view, member);
        if (view.match.state !== 'playing') {
          return refuse(
            interaction,
            said(interaction, 'play.press.cannotReport', {
              state: stateText(view.match, interaction.locale),
            }),
          );
        }
        await interaction.showModal(queueScoreModal(matchPk, interaction.locale));
        return;
      case 'cancel':
        if (!mayModerate(interaction, view.board)) {
          return refuse(interaction, said(interaction, 'play.press.cancelDenied'));
        }
        await cancelQueueMatch(ctx, matchPk, member);
        return answer(
          interaction,
          said(interaction, 'play.press.cancelled', { board: bold(view.board) }),
        );
    }
  },
} satisfies ComponentHandler;

function requirePlayer(view: QueueMatchView, member: string) {
  if (!view.players.some((p) => p.joinedBy === member)) {
    throw new TallyError('permission_denied', 'only the players of this match can report it', {
      said: { key: 'play.press.onlyPlayers' },
    });
  }
}

/**
 * A player's report, through the one submit use case as /match report's: refusals before it is
 * queued are ephemeral; the accepted report is answered in the channel, as /match report is.
 */
async function report(
  interaction: ButtonInteraction | FlowInteraction,
  ctx: Context,
  view: QueueMatchView,
  result: QueueReport,
): Promise<void> {
  let submitted;
  try {
    submitted = await reportQueueMatch(
      ctx,
      {
        matchPk: view.match.pk,
        member: chatPlayerId(interaction.user.id),
        report: result,
        reportedIn: { guildId: interaction.guildId, channelId: interaction.channelId },
      },
      { validated: async () => void (await interaction.deferReply()) },
    );
  } catch (err) {
    if (!interaction.deferred) throw err; // refused before it was queued: answered ephemerally
    // The channel's "thinking…" becomes the answer, as a slash command's does (interactions.ts).
    const known = err instanceof TallyError && err.code !== 'internal_error';
    if (!known) log.error('queue match report failed', { match: view.match.pk, err });
    const content = known ? refusalIn(err, interaction.locale) : unconfirmedIn(interaction.locale);
    await interaction.editReply({ content, allowedMentions: { parse: [] } });
    return;
  }
  await interaction.editReply({
    // A reply answers the member who asked, in their language, as /match report's does.
    content: submittedText(submitted.board, submitted, interaction.locale),
    allowedMentions: { parse: [] },
  });
}

/** Report score's modal (League): the scoreline, the presser's side first. */
export const queueScore = {
  prefixes: [QUEUE_SCORE_PREFIX],
  async execute(interaction, ctx) {
    const parsed = parseQueueScoreModal(interaction.customId);
    if (!parsed || !interaction.isModalSubmit()) {
      return refuse(interaction, said(interaction, 'play.press.notOurs'));
    }
    const view = await matchHere(ctx, interaction, parsed.matchPk);
    const line = parseScoreline(interaction.fields.getTextInputValue(QUEUE_SCORE_INPUT));
    if (!line) {
      return refuse(interaction, said(interaction, 'play.press.badScore'));
    }
    await report(interaction, ctx, view, { score: line });
  },
} satisfies FlowHandler;
