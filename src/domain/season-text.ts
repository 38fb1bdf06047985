import type { BoardContents } from './board-deletion';
import type { DecayRule } from './decay';
import { t } from './i18n';
import type { Season } from './season';

/**
 * A season, a deletion and a decay rule in words, in a reader's language (issue 32): the same
 * rules as domain/season.ts `seasonTitle` and `describeReset`, domain/board-deletion.ts
 * `describeContents` and domain/decay.ts `describeDecay`, which say them in English (the CLI's
 * words); English here is the same text.
 */

/** `Season 3 “Winter”`, or `Season 3` when it has no name of its own (`Temporada 3`, …). */
export function seasonTitleIn(
  locale: string | null | undefined,
  season: Pick<Season, 'number' | 'name'>,
): string {
  return season.name === `Season ${season.number}`
    ? t(locale, 'admin.season.title', { number: season.number })
    : t(locale, 'admin.season.titleNamed', { number: season.number, name: season.name });
}

/** What a season's end does to the standings: `ratings reset to 1000`, … */
export function resetIn(
  locale: string | null | undefined,
  season: Pick<Season, 'reset' | 'softPercent'>,
  board: { type: string; startRating: number | null },
): string {
  if (board.type === 'Rating') return t(locale, 'admin.season.reset.rating');
  if (board.type !== 'ELO') return t(locale, 'admin.season.reset.standings');
  const start = board.startRating ?? 1000;
  if (season.reset === 'hard') return t(locale, 'admin.season.reset.hard', { start });
  if (season.reset === 'soft') {
    return t(locale, 'admin.season.reset.soft', { start, percent: season.softPercent });
  }
  return t(locale, 'admin.season.reset.keep');
}

const KINDS = [
  'entries',
  'matches',
  'scores',
  'seasons',
  'contestEntries',
  'evidenceImages',
] as const satisfies readonly (keyof BoardContents)[];

/** `12 entries, 40 matches, 2 seasons`, the empty kinds left out, or `nothing recorded yet`. */
export function contentsIn(locale: string | null | undefined, c: BoardContents): string {
  const parts = KINDS.filter((kind) => c[kind] > 0).map((kind) =>
    t(locale, `admin.contents.${kind}`, { count: c[kind] }),
  );
  return parts.length > 0 ? parts.join(', ') : t(locale, 'admin.contents.nothing');
}

/**
 * A decay rule in words: `15 points every 24 h after 14 days without a result, not below 1000`
 * (domain/decay.ts describeDecay, in the reader's language).
 */
export function decayIn(
  locale: string | null | undefined,
  rule: Pick<DecayRule, 'amount' | 'percent' | 'everyHours' | 'afterDays' | 'floor' | 'roleFloor'>,
): string {
  const amount = t(
    locale,
    rule.percent ? 'admin.board.decay.percent' : 'admin.board.decay.points',
    {
      amount: rule.amount,
    },
  );
  return t(locale, rule.roleFloor ? 'admin.board.decay.ruleRoleFloor' : 'admin.board.decay.rule', {
    amount,
    hours: rule.everyHours,
    days: rule.afterDays,
    floor: rule.floor,
  });
}
