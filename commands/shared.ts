import {
  MessageFlags,
  PermissionFlagsBits,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Board } from '../entities/board';
import { TallyError } from '../src/domain/errors';
import { requireBoard } from '../src/pipeline/boards';
import type { Context } from '../src/pipeline/context';
import { addOwner } from '../src/pipeline/owners';

/** One slash command: its registration JSON and its handler (commands/index.ts lists them). */
export interface Command {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, ctx: Context): Promise<void>;
}

/** A button handler: the custom-id prefix it owns (`lb:` …) and what a press does. */
export interface ComponentHandler {
  prefix: string;
  execute(interaction: ButtonInteraction, ctx: Context): Promise<void>;
}

type AnyInteraction = ChatInputCommandInteraction | ButtonInteraction;

/** The workspace a command acts on: the server, or the caller's own outside a server. */
export const ownerOf = (interaction: AnyInteraction) =>
  interaction.guildId ? `guild:${interaction.guildId}` : `user:${interaction.user.id}`;

/**
 * The owner row, created on first use: a server that invites the bot (or a user who installs
 * it) is an owner from its first command, under the API_ACCESS policy like `tally owner add`.
 */
export async function ensureOwner(ctx: Context, interaction: AnyInteraction): Promise<string> {
  const id = ownerOf(interaction);
  if (await ctx.repos.owners.get(id)) return id;
  const name = interaction.guild?.name ?? interaction.user.username;
  await addOwner(ctx, id, name).catch(async (err: unknown) => {
    if (!(await ctx.repos.owners.get(id))) throw err; // created meanwhile by another command
  });
  return id;
}

export function boardOf(ctx: Context, interaction: ChatInputCommandInteraction): Promise<Board> {
  return requireBoard(ctx, ownerOf(interaction), interaction.options.getString('board', true));
}

/** DESIGN.md 1: board and key administration needs Manage Server; a personal workspace is its user's. */
export function requireManageServer(interaction: AnyInteraction, what: string): void {
  if (!interaction.inGuild()) return;
  if (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) return;
  throw new TallyError('permission_denied', `${what} needs the Manage Server permission.`);
}

/** Replies that never ping anyone: names in chat output are mentions only for display. */
export async function reply(
  interaction: ChatInputCommandInteraction,
  body: Pick<InteractionReplyOptions, 'content' | 'embeds' | 'components'>,
  ephemeral = false,
): Promise<void> {
  await interaction.reply({
    ...body,
    allowedMentions: { parse: [] },
    ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
  });
}

export const invalid = (detail: string) => new TallyError('invalid_request', detail);

const TIME = /^(?:(\d+):([0-5]\d)|(\d+)):([0-5]\d)(?:\.(\d{1,3}))?$/;

/**
 * A score as typed in chat: integers everywhere, and on Time boards a duration (m:ss.mmm or
 * h:mm:ss.mmm, fraction optional) stored as milliseconds (spec 2.3 score_unit).
 */
export function parseScoreInput(board: Pick<Board, 'type'>, text: string): number {
  const trimmed = text.trim();
  if (board.type === 'Time') {
    const m = TIME.exec(trimmed);
    if (!m) throw invalid(`score: "${text}" is not a time; use m:ss.mmm or h:mm:ss.mmm`);
    const hours = Number(m[1] ?? 0);
    const minutes = Number(m[2] ?? m[3]);
    const seconds = Number(m[4]);
    const millis = Number((m[5] ?? '').padEnd(3, '0'));
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
  }
  if (!/^[+-]?\d+$/.test(trimmed)) throw invalid(`score: "${text}" is not a whole number`);
  return Number(trimmed);
}

/** A Time board's milliseconds as people read them: 1:30.250. */
export function formatTime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor(abs / 60_000) % 60;
  const seconds = Math.floor(abs / 1000) % 60;
  const millis = String(abs % 1000).padStart(3, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0
    ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${ss}.${millis}`
    : `${sign}${minutes}:${ss}.${millis}`;
}

/** An entry's value as the board shows it. */
export function formatValue(board: Pick<Board, 'type'>, value: number | null): string {
  if (value === null) return '—';
  return board.type === 'Time' ? formatTime(value) : String(value);
}
