import {
  ApplicationIntegrationType,
  InteractionContextType,
  type SlashCommandStringOption,
  type SlashCommandSubcommandBuilder,
} from 'discord.js';
import { EVIDENCE_LINK_MAX } from '../domain/evidence';
import { invalidSaid } from '../domain/errors';
import { code } from './text';

interface Placeable {
  setIntegrationTypes(...types: ApplicationIntegrationType[]): unknown;
  setContexts(...contexts: InteractionContextType[]): unknown;
}

/**
 * Issue 5.4: commands work in a server and, for a user install, in the bot's DMs (a personal
 * workspace, `user:<snowflake>`). That is why they are registered globally: commands of a user
 * install cannot be guild commands.
 */
export function everywhere<T extends Placeable>(builder: T): T {
  builder.setIntegrationTypes(
    ApplicationIntegrationType.GuildInstall,
    ApplicationIntegrationType.UserInstall,
  );
  builder.setContexts(InteractionContextType.Guild, InteractionContextType.BotDM);
  return builder;
}

/** The `board` option every board command takes. */
export const boardOption = (o: SlashCommandStringOption) => o.setName('board').setRequired(true);

/**
 * The evidence options of /match report and /score submit: `evidence`, a file, and
 * `evidence_link`, a link (a video, say).
 */
export const withEvidence = (sub: SlashCommandSubcommandBuilder) =>
  sub
    .addAttachmentOption((o) => o.setName('evidence'))
    .addStringOption((o) => o.setName('evidence_link').setMaxLength(EVIDENCE_LINK_MAX));

/** `2026-12-31` (midnight UTC) or `2026-12-31 18:00` (UTC); `option` names it in the refusal. */
export function utcDate(text: string, option = 'ends'): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  const date = m && new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:00Z`);
  if (
    !date ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== text.trim().slice(0, 10)
  ) {
    throw invalidSaid('chat.date.invalid', { option, given: code(text) });
  }
  return date;
}
