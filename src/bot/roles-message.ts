import type { APIEmbed } from 'discord.js';
import type { Board } from '../../entities/board';
import { valueName } from '../domain/display';
import { describeRankRole, type RankRole, type RankRoleSettings } from '../domain/rank-roles';
import { clip, LIMITS, shown } from './text';

/** The rules, best first, with any role Discord refuses and why. */
export function rolesEmbed(
  board: Board,
  { roles: list, settings }: { roles: readonly RankRole[]; settings: RankRoleSettings },
): APIEmbed {
  return {
    title: clip(`Rank roles of ${shown(board.displayName)}`, LIMITS.embedTitle),
    description: clip(
      list.length === 0
        ? 'None yet; someone with Manage Server adds one with `/roles add` or `/roles top`.'
        : [
            ...list.map(
              (role) =>
                `${describeRankRole(role, valueName(board.type), board.sort)}${problemOf(role)}`,
            ),
            '',
            `${settings.minGames > 0 ? `From ${settings.minGames} results` : 'From the first result'}; ${settings.stack ? 'every earned role held' : 'one role at a time, the best earned'}.`,
          ].join('\n'),
      LIMITS.embedDescription,
    ),
  };
}

const problemOf = (role: RankRole) => (role.problem ? `\n  ⚠️ ${role.problem}` : '');

/** `rank roles: 3 (⚠️ 1 refused by Discord: see /roles list)` for /board info. */
export function rankRolesLine(list: readonly RankRole[]): string | null {
  if (list.length === 0) return null;
  const refused = list.filter((r) => r.problem !== null).length;
  return `rank roles: ${list.length}${refused > 0 ? ` (⚠️ ${refused} refused by Discord: see \`/roles list\`)` : ''}`;
}
