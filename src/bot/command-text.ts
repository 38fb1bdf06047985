import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { DISPLAY_DEFAULTS } from '../domain/board-display';
import { DECAY_DEFAULTS } from '../domain/decay';
import { discordLocalizations, textAt, type TextVars } from '../domain/i18n';

/**
 * A slash command's words come from the catalogue (src/domain/i18n, issue 32): a command file
 * builds names, options and limits, and `commandJson` fills in, by each one's path of names,
 * the English description, every choice's English name, and Discord's name and description
 * localizations for the shipped languages. A command, option or choice the catalogue lacks
 * throws here, when the command's module loads, so no command reaches Discord half written.
 */

/** The numbers descriptions quote: the defaults the commands' limits come from. */
export const COMMAND_VARS: TextVars = {
  standingsSize: DISPLAY_DEFAULTS.standingsSize,
  afterDays: DECAY_DEFAULTS.afterDays,
  everyHours: DECAY_DEFAULTS.everyHours,
};

interface Choice {
  name: string;
  value: string | number;
  name_localizations?: Partial<Record<string, string | null>> | null;
}

/** What every builder node has (command, subcommand group, subcommand, option). */
interface Node {
  readonly name: string;
  readonly options?: readonly unknown[];
  readonly choices?: Choice[];
  setDescription(description: string): unknown;
  setNameLocalizations(localizations: Partial<Record<string, string>>): unknown;
  setDescriptionLocalizations(localizations: Partial<Record<string, string>>): unknown;
}

interface CommandBuilder {
  readonly name: string;
  toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/** `{ name: value, value }` for each value: the catalogue names each choice by its value. */
export const choices = <V extends string>(...values: readonly V[]) =>
  values.map((value) => ({ name: value, value }));

/** A slash command builder's registration JSON, its words from the catalogue. */
export function commandJson(
  builder: CommandBuilder,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  localize(builder as unknown as Node, `commands.${builder.name}`);
  return builder.toJSON();
}

function localize(node: Node, key: string) {
  node.setDescription(textAt(null, `${key}.description`, COMMAND_VARS));
  node.setDescriptionLocalizations(discordLocalizations(`${key}.description`, COMMAND_VARS));
  node.setNameLocalizations(discordLocalizations(`names.${node.name}`));
  for (const choice of node.choices ?? []) {
    const choiceKey = `${key}.choices.${choice.value}`;
    choice.name = textAt(null, choiceKey);
    choice.name_localizations = discordLocalizations(choiceKey);
  }
  for (const option of (node.options ?? []) as Node[]) {
    localize(option, `${key}.options.${option.name}`);
  }
}
