/**
 * A registered slash command as JSON, and every command, subcommand and option in it by its path
 * (`match report result`): what the tests of the commands' localizations walk.
 */
export interface CommandNode {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: CommandNode[];
  choices?: { name: string; name_localizations?: Record<string, string> | null }[];
}

export const commandNodes = (list: readonly CommandNode[], path = ''): [string, CommandNode][] =>
  list.flatMap((n) => [
    [`${path}${n.name}`, n] as [string, CommandNode],
    ...commandNodes(n.options ?? [], `${path}${n.name} `),
  ]);
