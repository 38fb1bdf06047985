import { createHash } from 'node:crypto';
import {
  AttachmentBuilder,
  MessageFlags,
  SlashCommandBuilder,
  time,
  TimestampStyles,
  type APIEmbed,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { clip, LIMITS, shown } from '../src/bot/text';
import { isMatchBoard } from '../src/domain/board-rules';
import { TallyError } from '../src/domain/errors';
import { chatPlayerId } from '../src/domain/ids';
import { formatScore } from '../src/domain/score-text';
import type { Context } from '../src/pipeline/context';
import {
  playerProfile,
  profileChart,
  type PlayedMatch,
  type Profile,
} from '../src/pipeline/profile';
import { log } from '../src/log';
import { everywhere } from './contexts';
import { boardOf, boardOption, type Command } from './shared';
import { RESULT_NOUNS, signedDelta, valueName } from '../src/domain/display';

const CHART = 'chart.png';
/** A picture that takes longer is left out (a text sparkline instead): the member is waiting. */
const RENDER_BUDGET_MS = 5000;

/**
 * /profile: a player's card on a board (PolyELO's player card, NeatQueue's /stats): rank, value,
 * peak, record, win rate, streaks, last matches, and the chart of the value this season as a
 * picture (a text sparkline when no picture can be made).
 */
export const profile = {
  data: everywhere(
    new SlashCommandBuilder()
      .setName('profile')
      .setDescription('A player’s profile: rank, record, streaks, last matches and a chart')
      .addStringOption(boardOption)
      .addUserOption((o) => o.setName('player').setDescription('Whose profile (default: yours)')),
  ).toJSON(),

  async execute(interaction, ctx) {
    const board = await boardOf(ctx, interaction);
    const user = interaction.options.getUser('player') ?? interaction.user;
    const found = await playerProfile(ctx, board, chatPlayerId(user.id)).catch(notFoundAsNull);
    if (!found) {
      await interaction.reply({
        content: `<@${user.id}> has not played on **${shown(board.displayName)}** yet.`,
        allowedMentions: { parse: [] },
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    // The picture may take a moment (and its upload more): answer Discord's 3 s first.
    await interaction.deferReply();
    const chart = await chartPicture(ctx, interaction, found);
    await interaction.editReply({
      embeds: [profileEmbed(found, chart !== null)],
      ...(chart ? { files: [new AttachmentBuilder(chart, { name: CHART })] } : {}),
      allowedMentions: { parse: [] },
    });
  },
} satisfies Command;

/** The chart as a PNG, or null (no renderer, too few points, a failed or slow render). */
async function chartPicture(
  ctx: Context,
  interaction: ChatInputCommandInteraction,
  found: Profile,
): Promise<Buffer | null> {
  const data = profileChart(found);
  if (!ctx.render || data.points.length < 2) return null;
  // Named by its content, so a renamed player or board gets a new picture.
  const key = `chart:${createHash('sha256').update(JSON.stringify(data)).digest('base64url')}`;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS);
  });
  try {
    return await Promise.race([ctx.render.chart(key, data), late]);
  } catch (err) {
    log.warn('profile chart failed', { id: interaction.id, err });
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function profileEmbed(found: Profile, withChart: boolean): APIEmbed {
  const { board } = found;
  const unit = valueName(board.type);
  const value = (v: number | null) => formatScore(board.type, v);
  const lines = [
    found.rank === null
      ? `No standing this season · best ${unit} **${value(found.peak)}**`
      : `Rank **#${found.rank}** of ${found.of} · ${unit} **${value(found.value)}** · peak ${value(found.peak)}`,
  ];
  if (found.record) {
    const { wins, draws, losses } = found.record;
    const rate = found.winRate === null ? '' : ` · ${Math.round(found.winRate * 100)}% won`;
    lines.push(`${wins} won, ${draws} drawn, ${losses} lost${rate}`);
  }
  if (found.streaks?.current) {
    const { result, length } = found.streaks.current;
    const run = RESULT_NOUNS[result][0];
    lines.push(`On a ${length}-${run} streak · longest winning streak ${found.streaks.longestWin}`);
  }
  if (found.submissions !== null) lines.push(`${found.submissions} scores submitted`);
  const points = found.history.filter((h) => h.value !== null).map((h) => h.value!);
  if (!withChart && points.length >= 2) lines.push(`This season: ${sparkline(points)}`);
  const recent = found.recent.slice(0, 5).map(playedLine);
  return {
    title: clip(`${shown(found.player.name)} on ${shown(board.displayName)}`, LIMITS.embedTitle),
    description: clip(lines.join('\n'), LIMITS.embedDescription),
    ...(recent.length > 0 && isMatchBoard(board)
      ? { fields: [{ name: 'Last matches', value: clip(recent.join('\n'), LIMITS.fieldValue) }] }
      : {}),
    ...(withChart ? { image: { url: `attachment://${CHART}` } } : {}),
  };
}

/** `W 3–1 vs Sam Okoro (+16) · 2 hours ago`, names as text. */
export function playedLine(m: PlayedMatch): string {
  const against = m.opponents.map((o) => shown(o.name)).join(', ');
  const score = m.score ? ` ${m.score}` : '';
  const delta = m.delta === null ? '' : ` (${signedDelta(m.delta)})`;
  const moderated = m.status === 'approved' ? '' : ` · ${m.status}`;
  return `**${m.result}**${score} vs ${against}${delta} · ${time(m.at, TimestampStyles.RelativeTime)}${moderated}`;
}

const BARS = '▁▂▃▄▅▆▇█';

/** The series as a line of block characters, the last 24 points (the text fallback of the chart). */
export function sparkline(values: number[]): string {
  const last = values.slice(-24);
  const low = Math.min(...last);
  const span = Math.max(...last) - low;
  return last
    .map((v) => BARS[span === 0 ? 3 : Math.round(((v - low) / span) * (BARS.length - 1))])
    .join('');
}

/** "Never played here" is an answer; anything else (an outage) is the generic failure. */
export function notFoundAsNull(err: unknown): null {
  if (err instanceof TallyError && err.code === 'not_found') return null;
  throw err;
}
