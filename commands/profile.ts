import { createHash } from 'node:crypto';
import {
  AttachmentBuilder,
  MessageFlags,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
  type User,
} from 'discord.js';
import type { Board } from '../entities/board';
import { entryFileName } from '../src/bot/contest-message';
import { memberEntriesEmbed, profilePicture } from '../src/bot/member-entries-message';
import { refuse, reply } from '../src/bot/replies';
import { entryPicture, memberEntries } from '../src/pipeline/contest-reads';
import { CHART, notFoundAsNull, profileEmbed } from '../src/bot/profile-message';
import { shown } from '../src/bot/text';
import { chatPlayerId } from '../src/domain/ids';
import type { Context } from '../src/pipeline/context';
import { playerProfile, profileChart, type Profile } from '../src/pipeline/profile';
import { log } from '../src/log';
import type { Command } from '../src/bot/command';
import { boardOption, everywhere } from '../src/bot/command-options';
import { commandJson } from '../src/bot/command-text';
import { boardOf } from '../src/bot/workspace';
import { t } from '../src/domain/i18n';
import { pictureLanguage } from '../src/domain/picture-words';

/**
 * A picture that takes longer is left out of the first answer (a text sparkline instead): the
 * member is waiting. It is added to the message when it is drawn, up to LATE_CHART_MS after.
 */
const RENDER_BUDGET_MS = 5000;
/** How long a late chart may still come (a cold render thread on a busy machine). */
const LATE_CHART_MS = 60_000;

/**
 * /profile: a player's card on a board (PolyELO's player card, NeatQueue's /stats): rank, value,
 * peak, record, win rate, streaks, last matches, and the chart of the value this season as a
 * picture (a text sparkline when no picture can be made). On a Rating board: the member's
 * contest entries (src/bot/member-entries-message.ts).
 */
export const profile = {
  data: commandJson(
    everywhere(
      new SlashCommandBuilder()
        .setName('profile')
        .addStringOption(boardOption)
        .addUserOption((o) => o.setName('player')),
    ),
  ),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const { locale } = interaction;
    const user = interaction.options.getUser('player') ?? interaction.user;
    if (board.type === 'Rating') return contestProfile(ctx, interaction, board, user);
    const found = await playerProfile(ctx, board, chatPlayerId(user.id)).catch(notFoundAsNull);
    if (!found) {
      await interaction.reply({
        content: t(locale, 'reading.profile.notPlayed', {
          player: `<@${user.id}>`,
          board: shown(board.displayName),
        }),
        allowedMentions: { parse: [] },
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    // The picture may take a moment (and its upload more): answer Discord's 3 s first.
    await interaction.deferReply();
    const drawing = chartPicture(ctx, interaction, found);
    const chart = await within(drawing, RENDER_BUDGET_MS);
    const answer = (png: Buffer | null) =>
      interaction.editReply({
        embeds: [profileEmbed(found, png !== null, locale)],
        ...(png ? { files: [new AttachmentBuilder(png, { name: CHART })] } : {}),
        allowedMentions: { parse: [] },
      });
    await answer(chart);
    if (chart !== null) return;
    // The card is answered; a chart drawn late replaces its sparkline in the same message.
    const late = await within(drawing, LATE_CHART_MS);
    if (late) await answer(late);
  },
} satisfies Command;

/** A member's entries in a Rating board's contest, with their best entry's thumbnail. */
async function contestProfile(
  ctx: Context,
  interaction: ChatInputCommandInteraction,
  board: Board,
  user: User,
): Promise<void> {
  const { settings, entries } = await memberEntries(ctx, board, chatPlayerId(user.id));
  const newest = [...entries].sort((a, b) => b.entry.pk - a.entry.pk)[0];
  if (!newest) {
    return refuse(
      interaction,
      t(interaction.locale, 'reading.profile.noEntries', {
        player: `<@${user.id}>`,
        board: shown(board.displayName),
      }),
    );
  }
  const view = {
    board,
    name: newest.entry.authorName,
    settings,
    entries,
    own: user.id === interaction.user.id,
  };
  const best = profilePicture(entries);
  const picture = best && (await entryPicture(ctx, best, 'thumb'));
  await reply(interaction, {
    embeds: [memberEntriesEmbed(view, picture !== null, interaction.locale)],
    ...(picture ? { files: [{ attachment: picture.data, name: entryFileName(best) }] } : {}),
  });
}

/** The chart as a PNG, or null (no renderer, too few points, a failed render). */
async function chartPicture(
  ctx: Context,
  interaction: ChatInputCommandInteraction,
  found: Profile,
): Promise<Buffer | null> {
  // The chart's words, numbers and dates in the member's language, as the card around it.
  const data = { ...profileChart(found), ...pictureLanguage(interaction.locale) };
  if (!ctx.render || data.points.length < 2) return null;
  // Named by its content, so a renamed player or board gets a new picture.
  const key = `chart:${createHash('sha256').update(JSON.stringify(data)).digest('base64url')}`;
  try {
    return await ctx.render.chart(key, data);
  } catch (err) {
    log.warn('profile chart failed', { id: interaction.id, err });
    return null;
  }
}

/** The picture if it is drawn within `ms`, else null (the drawing goes on). */
async function within(drawing: Promise<Buffer | null>, ms: number): Promise<Buffer | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([drawing, late]);
  } finally {
    clearTimeout(timer);
  }
}
