import type { APIEmbed } from 'discord.js';
import type { Board } from '../../entities/board';
import { valueName } from '../domain/display';
import { t } from '../domain/i18n';
import type { RankRole, RankRoleSettings } from '../domain/rank-roles';
import { clip, LIMITS, shown } from './text';

type Locale = string | null | undefined;

/**
 * `@Gold: rating 1200+ (kept down to 1150)`, `@Champion: top 3 (kept to rank 5)`, in the
 * reader's language (domain/rank-roles.ts describeRankRole says the same in English).
 */
export function rankRoleIn(locale: Locale, role: RankRole, board: Board): string {
  const kept = role.keep !== null && role.keep !== role.threshold;
  const vars = {
    role: `<@&${role.roleId}>`,
    n: role.threshold,
    threshold: role.threshold,
    keep: role.keep ?? '',
    value: valueName(board.type, locale),
  };
  const rule = 'admin.roles.rule';
  if (role.kind === 'top') return t(locale, kept ? `${rule}.topKept` : `${rule}.top`, vars);
  if (board.sort === 'desc') return t(locale, kept ? `${rule}.upKept` : `${rule}.up`, vars);
  return t(locale, kept ? `${rule}.downKept` : `${rule}.down`, vars);
}

/** The rules, best first, with any role Discord refuses and why. */
export function rolesEmbed(
  board: Board,
  { roles: list, settings }: { roles: readonly RankRole[]; settings: RankRoleSettings },
  locale?: Locale,
): APIEmbed {
  const from =
    settings.minGames > 0
      ? t(locale, 'admin.roles.fromGames', { count: settings.minGames })
      : t(locale, 'admin.roles.fromFirst');
  const how = t(locale, settings.stack ? 'admin.roles.stack' : 'admin.roles.single');
  return {
    title: clip(
      t(locale, 'admin.roles.title', { board: shown(board.displayName) }),
      LIMITS.embedTitle,
    ),
    description: clip(
      list.length === 0
        ? t(locale, 'admin.roles.none')
        : [
            ...list.map((role) => `${rankRoleIn(locale, role, board)}${problemOf(role, locale)}`),
            '',
            t(locale, 'admin.roles.rules', { from, how }),
          ].join('\n'),
      LIMITS.embedDescription,
    ),
  };
}

const PROBLEMS = ['hierarchy', 'missingAccess', 'gone'] as const;

/** A refusal kept in English (jobs/rank-roles.ts), said in the reader's language. */
const problemIn = (locale: Locale, problem: string): string => {
  const known = PROBLEMS.find((p) => t(null, `admin.roles.problem.${p}`) === problem);
  return known ? t(locale, `admin.roles.problem.${known}`) : problem;
};

const problemOf = (role: RankRole, locale: Locale) =>
  role.problem ? `\n  ⚠️ ${problemIn(locale, role.problem)}` : '';

/** `rank roles: 3 (⚠️ 1 refused by Discord: see /roles list)` for /board info. */
export function rankRolesLine(list: readonly RankRole[], locale?: Locale): string | null {
  if (list.length === 0) return null;
  const refused = list.filter((r) => r.problem !== null).length;
  return refused > 0
    ? t(locale, 'admin.roles.lineRefused', { count: list.length, refused })
    : t(locale, 'admin.roles.line', { count: list.length });
}
