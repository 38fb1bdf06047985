import type {
  AnySelectMenuInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Context } from '../pipeline/context';

/**
 * What the bot runs: slash commands and their buttons. The commands live in commands/ and are
 * handed to the bot by the composition root (src/main.ts), so the bot does not import them.
 */

/** One slash command: its registration JSON and its handler (commands/index.ts lists them). */
export interface Command {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, ctx: Context): Promise<void>;
  /**
   * Whether this use of the command writes (a result, a board, a key): writes take a token from
   * the member's chat write bucket first (src/bot/chat-limits.ts). Reads are not limited here.
   */
  writes?(interaction: ChatInputCommandInteraction): boolean;
}

/** A button handler: the custom-id prefixes it owns (`page:` …) and what a press does. */
export interface ComponentHandler {
  prefixes: readonly string[];
  execute(interaction: ButtonInteraction, ctx: Context): Promise<void>;
}

/**
 * A step-by-step flow's handler (/setup): its buttons, select menus and modals by custom-id
 * prefix. Each must tell which it got; the custom id is the client's word, nothing more.
 */
export type FlowInteraction = ButtonInteraction | AnySelectMenuInteraction | ModalSubmitInteraction;
export interface FlowHandler {
  prefixes: readonly string[];
  execute(interaction: FlowInteraction, ctx: Context): Promise<void>;
}

/** Every command and component handler, registered as one global set when the bot is ready. */
export interface CommandSet {
  commands: readonly Command[];
  components: readonly ComponentHandler[];
  flows?: readonly FlowHandler[];
}

export const commandNamed = (set: CommandSet, name: string) =>
  set.commands.find((c) => c.data.name === name);
export const componentFor = (set: CommandSet, customId: string) =>
  set.components.find((c) => c.prefixes.some((prefix) => customId.startsWith(prefix)));
export const flowFor = (set: CommandSet, customId: string) =>
  set.flows?.find((f) => f.prefixes.some((prefix) => customId.startsWith(prefix)));
