import { Locale } from 'discord-api-types/v10';
import type { FieldProblem } from './form-errors';

/**
 * What Discord refuses in a bulk overwrite of application commands (PUT
 * /applications/{id}/commands, and a guild's) beyond what its API description says (lengths,
 * types and counts, which the schema checks): chat input names, default and localized, must
 * match Discord's pattern in lowercase; localizations are keyed by Discord's locales only; and
 * within one locale no two commands, and no two options of one command or subcommand, share a
 * name (a localized name counts where there is one, the default name elsewhere).
 *
 * Docs: Application Commands, "Application Command Naming" and "Localization"; Reference,
 * "Locales".
 */

/** Discord's locales (Reference, "Locales"), as discord-api-types lists them. */
export const DISCORD_LOCALES: ReadonlySet<string> = new Set(Object.values(Locale));

/** A CHAT_INPUT command's or option's name: this pattern, and lowercase where a letter has one. */
const CHAT_INPUT_NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const CHAT_INPUT = 1;

interface Named {
  type?: number;
  name?: unknown;
  name_localizations?: Record<string, unknown> | null;
  description_localizations?: Record<string, unknown> | null;
  options?: Named[] | null;
  choices?: Named[] | null;
}

const INVALID_NAME = (at: string[]): FieldProblem => ({
  at,
  code: 'APPLICATION_COMMAND_INVALID_NAME',
  message: 'Command name is invalid',
});

/**
 * A name that breaks the pattern or is not in lowercase. A name too long or empty is the schema's
 * to refuse (Discord's length words), so it is not reported twice.
 */
const badName = (name: unknown) => {
  if (typeof name !== 'string') return false;
  const length = [...name].length;
  if (length < 1 || length > 32) return false;
  return !CHAT_INPUT_NAME.test(name) || name !== name.toLowerCase();
};

/** The problems of a bulk overwrite body, where they are (`['0', 'options', '1', …]`). */
export function commandProblems(body: unknown): FieldProblem[] {
  if (!Array.isArray(body)) return [];
  const problems: FieldProblem[] = [];
  const commands = body as Named[];
  commands.forEach((command, i) => {
    const chatInput = (command.type ?? CHAT_INPUT) === CHAT_INPUT;
    checkNode(command, [String(i)], chatInput, problems);
  });
  // Commands of one type share a namespace, in every locale.
  for (const type of new Set(commands.map((c) => c.type ?? CHAT_INPUT))) {
    duplicates(
      commands.map((c, i) => [c, String(i)] as const).filter(([c]) => (c.type ?? 1) === type),
      [],
      'APPLICATION_COMMANDS_DUPLICATE_NAME',
      'Application command names must be unique',
      problems,
    );
  }
  return problems;
}

function checkNode(node: Named, at: string[], chatInput: boolean, problems: FieldProblem[]) {
  if (chatInput && badName(node.name)) problems.push(INVALID_NAME([...at, 'name']));
  for (const field of ['name_localizations', 'description_localizations'] as const) {
    for (const [locale, text] of Object.entries(node[field] ?? {})) {
      if (!DISCORD_LOCALES.has(locale)) {
        problems.push({
          at: [...at, field, locale],
          code: 'BASE_TYPE_CHOICES',
          message: `Value must be one of (${[...DISCORD_LOCALES].join(', ')}).`,
        });
      } else if (field === 'name_localizations' && chatInput && badName(text)) {
        problems.push(INVALID_NAME([...at, field, locale]));
      }
    }
  }
  for (const [j, choice] of (node.choices ?? []).entries()) {
    for (const locale of Object.keys(choice.name_localizations ?? {})) {
      if (!DISCORD_LOCALES.has(locale)) {
        problems.push({
          at: [...at, 'choices', String(j), 'name_localizations', locale],
          code: 'BASE_TYPE_CHOICES',
          message: `Value must be one of (${[...DISCORD_LOCALES].join(', ')}).`,
        });
      }
    }
  }
  const options = node.options ?? [];
  options.forEach((option, j) =>
    checkNode(option, [...at, 'options', String(j)], chatInput, problems),
  );
  duplicates(
    options.map((o, j) => [o, String(j)] as const),
    [...at, 'options'],
    'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS',
    'Option names must be unique',
    problems,
  );
}

/** Siblings whose names collide in some locale (localized name, else the default name). */
function duplicates(
  siblings: (readonly [Named, string])[],
  at: string[],
  code: string,
  message: string,
  problems: FieldProblem[],
) {
  const locales = new Set(siblings.flatMap(([n]) => Object.keys(n.name_localizations ?? {})));
  for (const locale of [undefined, ...locales]) {
    const seen = new Map<unknown, Named>();
    for (const [node, index] of siblings) {
      const localized = locale === undefined ? undefined : node.name_localizations?.[locale];
      const name = localized ?? node.name;
      const other = seen.get(name);
      // In a locale, a clash of two default names was reported once already, without it.
      if (other && (locale === undefined || localized || other.name_localizations?.[locale])) {
        const where = localized
          ? [...at, index, 'name_localizations', locale!]
          : [...at, index, 'name'];
        problems.push({ at: where, code, message });
      } else if (!other) seen.set(name, node);
    }
  }
}
