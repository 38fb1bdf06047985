import { describeReset, seasonTitle } from '../domain/season';
import { describeContents } from '../domain/board-deletion';
import { AUTO_CONFIRMED } from '../domain/confirmation';
import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import type { KeyType } from '../domain/keys';
import { markdownLiteral, oneLine } from '../domain/chat-text';
import { ACCESS_LEVELS, type Scope } from '../domain/scopes';
import { formatScore } from '../domain/score-text';
import type { Season } from '../domain/season';
import { outcomeSentence } from '../domain/display';
import type { BoardContents } from '../domain/board-deletion';
import { languageOf, t, type Language } from '../domain/i18n';

/**
 * The audit lines (./audit.ts), one line each, in Discord markdown, in the server's language
 * (issue 32: `locale`, last; English when not given). Who acted is `chat:<id>` (a member, shown
 * as a mention; posts never ping: allowed_mentions parse []), `cli` (the operator), `api`,
 * `auto` (Tally itself), `expired`, or anything else shown literally. Never a secret: keys by id,
 * type, access and label. recordAudit takes a line as a function of the locale, so it is written
 * in the server's language as it is when the change commits.
 */

type Locale = string | null | undefined;

const ACTORS: Readonly<Record<string, keyof typeof ACTOR_KEYS>> = {
  cli: 'cli',
  api: 'api',
  auto: 'auto',
  [AUTO_CONFIRMED]: 'autoConfirmed',
  expired: 'expired',
  demo: 'demo',
};
const ACTOR_KEYS = {
  cli: 'admin.actor.cli',
  api: 'admin.actor.api',
  auto: 'admin.actor.auto',
  autoConfirmed: 'admin.actor.autoConfirmed',
  expired: 'admin.actor.expired',
  demo: 'admin.actor.demo',
} as const;

/** Who did it, as the line names them. */
export function actorOf(by: string, locale?: Locale): string {
  const chat = /^chat:(\d{1,20})$/.exec(by);
  if (chat) return `<@${chat[1]}>`;
  const known = Object.hasOwn(ACTORS, by) ? ACTORS[by] : undefined;
  return known ? t(locale, ACTOR_KEYS[known]) : literal(by);
}

/** Someone's text (a board, player or season name, a label, a reason) shown as written, on one line. */
export const literal = (text: string): string => markdownLiteral(oneLine(text));

const boardName = (board: Pick<Board, 'displayName'>) => `**${literal(board.displayName)}**`;

export const auditOnLine = (by: string, channelId: string, locale?: Locale) =>
  t(locale, 'admin.audit.line.channelOn', {
    actor: actorOf(by, locale),
    channel: `<#${channelId}>`,
  });

export const auditOffLine = (by: string, locale?: Locale) =>
  t(locale, 'admin.audit.line.channelOff', { actor: actorOf(by, locale) });

/** A shipped language's name in a sentence of `locale`'s language. */
export const languageName = (locale: Locale, language: Language): string =>
  t(locale, `admin.language.name.${language}`);

/**
 * The server's language was picked (or set to follow Discord's: null), said in the language the
 * server's posts speak from now on (`locale`).
 */
export const languageSetLine = (by: string, picked: Language | null, locale: Locale) =>
  t(locale, picked ? 'admin.language.audit.picked' : 'admin.language.audit.auto', {
    actor: actorOf(by, locale),
    language: languageName(locale, languageOf(locale)),
  });

/**
 * What a submission claims: `match #7: A, B beat C, D`, `match #8: A 3–1 B` (the winner first,
 * as every outcome sentence: domain/display.ts), `score: Ann 1234`.
 */
export function matchResult(
  board: Board,
  match: Match,
  roster: MatchParticipant[],
  locale?: Locale,
): string {
  const side = (n: 1 | 2) =>
    roster
      .filter((p) => p.side === n)
      .map((p) => literal(p.playerName))
      .join(', ') || '—';
  return t(locale, 'admin.audit.line.matchResult', {
    number: match.number,
    outcome: outcomeSentence(match, side(1), side(2), locale ?? undefined),
  });
}

export const scoreResult = (
  board: Board,
  score: Pick<Score, 'playerName' | 'score'>,
  locale?: Locale,
) =>
  t(locale, 'admin.audit.line.scoreResult', {
    player: literal(score.playerName),
    score: formatScore(board.type, score.score),
  });

export type ReviewAuditOutcome = 'approved' | 'adjusted' | 'declined' | 'expired';

/** `✅ @mod approved sub_12 on **Ranked** (match #7: A beat B)`, and the same for the others. */
export function reviewLine(
  input: {
    outcome: ReviewAuditOutcome;
    by: string;
    handle: string;
    board: Board;
    result: string;
    reason?: string | null;
  },
  locale?: Locale,
): string {
  const vars = {
    actor: actorOf(input.by, locale),
    handle: input.handle,
    board: boardName(input.board),
    result: input.result,
  };
  const line = 'admin.audit.line';
  if (input.outcome === 'declined' && input.reason) {
    return t(locale, `${line}.declinedWhy`, { ...vars, reason: literal(input.reason) });
  }
  return t(locale, `${line}.${input.outcome}`, vars);
}

interface KeyShown {
  id: string;
  type: KeyType;
  scopes: Scope[];
  label: string;
}

/** `read`, `read-write`, or the scopes themselves when they are neither level. */
function accessOf(scopes: Scope[]): string {
  for (const [level, levelScopes] of Object.entries(ACCESS_LEVELS)) {
    const same =
      levelScopes.length === scopes.length && levelScopes.every((s) => scopes.includes(s));
    if (same) return level;
  }
  return scopes.join(', ');
}

const keyText = (key: KeyShown, locale: Locale) => {
  const vars = { type: key.type, id: key.id, access: accessOf(key.scopes) };
  return key.label
    ? t(locale, 'admin.audit.line.keyLabelled', { ...vars, label: literal(key.label) })
    : t(locale, 'admin.audit.line.key', vars);
};

export const keyMintedLine = (by: string, key: KeyShown, locale?: Locale) =>
  t(locale, 'admin.audit.line.keyMinted', {
    actor: actorOf(by, locale),
    key: keyText(key, locale),
  });

export const keyRevokedLine = (by: string, key: KeyShown, locale?: Locale) =>
  t(locale, 'admin.audit.line.keyRevoked', {
    actor: actorOf(by, locale),
    key: keyText(key, locale),
  });

const seasonOn = (board: Board, season: Pick<Season, 'number' | 'name'>, locale: Locale) =>
  t(locale, 'admin.audit.line.seasonOn', {
    season: literal(seasonTitle(season, locale)),
    board: boardName(board),
  });

/** A Discord timestamp: each reader sees it in their own time zone. */
const when = (at: Date) => `<t:${Math.floor(at.getTime() / 1000)}:f>`;

export function seasonStartedLine(
  by: string,
  board: Board,
  season: Season,
  locale?: Locale,
): string {
  const line = 'admin.audit.line';
  const end = season.endsAt
    ? t(locale, season.repeat ? `${line}.seasonEndsRepeats` : `${line}.seasonEnds`, {
        when: when(season.endsAt),
      })
    : t(locale, `${line}.seasonNoEnd`);
  return t(locale, `${line}.seasonStarted`, {
    actor: actorOf(by, locale),
    season: seasonOn(board, season, locale),
    end,
    reset: describeReset(season, board, locale),
  });
}

/**
 * A season closed: by `by`'s command, or by `auto` (its scheduled end, or the close of a season
 * ended by command that waited for results queued before its end). `next` is a repeating
 * season's successor, started at the same moment.
 */
export function seasonEndedLine(
  by: string,
  board: Board,
  season: Season,
  next: Season | null,
  locale?: Locale,
): string {
  const vars = {
    actor: actorOf(by, locale),
    season: seasonOn(board, season, locale),
    reset: describeReset(season, board, locale),
    next: next ? literal(seasonTitle(next, locale)) : '',
  };
  const line = 'admin.audit.line';
  if (by === 'auto') {
    return t(locale, next ? `${line}.seasonClosedNext` : `${line}.seasonClosed`, vars);
  }
  return t(locale, next ? `${line}.seasonEndedNext` : `${line}.seasonEnded`, vars);
}

/** `/season end` while results queued before now are still being recorded: it closes after. */
export const seasonEndingLine = (by: string, board: Board, season: Season, locale?: Locale) =>
  t(locale, 'admin.audit.line.seasonEnding', {
    actor: actorOf(by, locale),
    season: seasonOn(board, season, locale),
  });

/**
 * A correction after approval (src/pipeline/corrections.ts): `headline` is
 * `correctionSummary(outcome, literal).headline` (names already escaped with `literal`), e.g.
 * `🛠️ @mod corrected **Ranked**: Match #12 corrected to A beat B (it was B beat A): wrong winner`.
 */
export const correctionLine = (
  by: string,
  board: Pick<Board, 'displayName'>,
  headline: string,
  reason?: string | null,
  locale?: Locale,
) =>
  t(locale, reason ? 'admin.audit.line.correctedWhy' : 'admin.audit.line.corrected', {
    actor: actorOf(by, locale),
    board: boardName(board),
    headline,
    reason: reason ? literal(reason) : '',
  });

/** A board deleted (src/pipeline/board-deletion.ts), with what went with it. */
export const boardDeletedLine = (
  by: string,
  board: Board,
  contents: BoardContents,
  locale?: Locale,
) =>
  t(locale, 'admin.audit.line.boardDeleted', {
    actor: actorOf(by, locale),
    board: boardName(board),
    id: literal(board.id),
    contents: describeContents(contents, locale),
  });
