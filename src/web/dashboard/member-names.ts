import type { DashboardDeps } from './deps';

/**
 * Members as a page names them: their name in the server where the bot can read it (the
 * dashboard reads no one's name with the visitor's token), else `@id`. One read for the page's
 * ids, found in mentions (`<@id>`) and in who-did-it fields (`chat:id`).
 */
export type Naming = (userId: string) => string;

export async function namingFor(
  deps: Pick<DashboardDeps, 'directory'>,
  guildId: string,
  texts: readonly string[],
  known: ReadonlyMap<string, string> = new Map(),
): Promise<Naming> {
  const ids = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/<@!?(\d{17,20})>|\bchat:(\d{17,20})\b/g)) {
      const id = match[1] ?? match[2]!;
      if (!known.has(id)) ids.add(id);
    }
  }
  const read =
    deps.directory && ids.size > 0
      ? await deps.directory.memberNames(guildId, [...ids]).catch(() => new Map<string, string>())
      : new Map<string, string>();
  return (id) => known.get(id) ?? read.get(id) ?? `@${id}`;
}
