import { AUTO_CONFIRMED } from '../domain/confirmation';
import type { Board } from '../../entities/board';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import type { KeyType } from '../domain/keys';
import { markdownLiteral, oneLine } from '../domain/chat-text';
import { ACCESS_LEVELS, type Scope } from '../domain/scopes';
import { formatScore } from '../domain/score-text';
import { describeReset, seasonTitle, type Season } from '../domain/season';
import { outcomeSentence } from '../domain/display';
import { describeContents, type BoardContents } from '../domain/board-deletion';
import { languageOf, t, type Language } from '../domain/i18n';

/**
 * The audit lines (./audit.ts), one line each, in Discord markdown. Who acted is `chat:<id>` (a
 * member, shown as a mention; posts never ping: allowed_mentions parse []), `cli` (the
 * operator), `api`, `auto` (Tally itself), `expired`, or anything else shown literally. Never a
 * secret: keys by id, type, access and label.
 */

/** Who did it, as the line names them. */
export function actorOf(by: string): string {
  const chat = /^chat:(\d{1,20})$/.exec(by);
  if (chat) return `<@${chat[1]}>`;
  const known: Record<string, string> = {
    cli: 'the operator (CLI)',
    api: 'the API',
    auto: 'Tally',
    [AUTO_CONFIRMED]: 'Tally (no opponent answered in time)',
    expired: 'the validation window',
    demo: 'the demo',
  };
  return known[by] ?? literal(by);
}

/** Someone's text (a board, player or season name, a label, a reason) shown as written, on one line. */
export const literal = (text: string): string => markdownLiteral(oneLine(text));

const boardName = (board: Pick<Board, 'displayName'>) => `**${literal(board.displayName)}**`;

export const auditOnLine = (locale: string, by: string, channelId: string) =>
  t(locale, 'admin.audit.line.channelOn', { actor: actorOf(by), channel: `<#${channelId}>` });

export const auditOffLine = (locale: string, by: string) =>
  t(locale, 'admin.audit.line.channelOff', { actor: actorOf(by) });

/** A shipped language's name in a sentence of `locale`'s language. */
export const languageName = (locale: string, language: Language): string =>
  t(locale, `admin.language.name.${language}`);

/**
 * The server's language was picked (or set to follow Discord's: null), said in the language the
 * server's posts speak from now on (`locale`).
 */
export const languageSetLine = (locale: string, by: string, picked: Language | null) =>
  t(locale, picked ? 'admin.language.audit.picked' : 'admin.language.audit.auto', {
    actor: actorOf(by),
    language: languageName(locale, languageOf(locale)),
  });

/**
 * What a submission claims: `match #7: A, B beat C, D`, `match #8: A 3–1 B` (the winner first,
 * as every outcome sentence: domain/display.ts), `score: Ann 1234`.
 */
export function matchResult(board: Board, match: Match, roster: MatchParticipant[]): string {
  const side = (n: 1 | 2) =>
    roster
      .filter((p) => p.side === n)
      .map((p) => literal(p.playerName))
      .join(', ') || '—';
  return `match #${match.number}: ${outcomeSentence(match, side(1), side(2))}`;
}

export const scoreResult = (board: Board, score: Pick<Score, 'playerName' | 'score'>) =>
  `score: ${literal(score.playerName)} ${formatScore(board.type, score.score)}`;

export type ReviewAuditOutcome = 'approved' | 'adjusted' | 'declined' | 'expired';

/** `✅ @mod approved sub_12 on **Ranked** (match #7: A beat B)`, and the same for the others. */
export function reviewLine(input: {
  outcome: ReviewAuditOutcome;
  by: string;
  handle: string;
  board: Board;
  result: string;
  reason?: string | null;
}): string {
  const { handle, result } = input;
  const on = `${handle} on ${boardName(input.board)}`;
  const who = actorOf(input.by);
  switch (input.outcome) {
    case 'approved':
      return `✅ ${who} approved ${on} (${result})`;
    case 'adjusted':
      return `✏️ ${who} adjusted and approved ${on} (now ${result})`;
    case 'declined':
      return `❌ ${who} declined ${on} (${result})${input.reason ? `: ${literal(input.reason)}` : ''}`;
    case 'expired':
      return `⌛ ${on} expired with no decision (${result}); nothing was applied`;
  }
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

const keyText = (key: KeyShown) =>
  `${key.type} key ${key.id} (${accessOf(key.scopes)})${key.label ? ` “${literal(key.label)}”` : ''}`;

export const keyMintedLine = (by: string, key: KeyShown) =>
  `🔑 ${actorOf(by)} minted ${keyText(key)}`;

export const keyRevokedLine = (by: string, key: KeyShown) =>
  `🔒 ${actorOf(by)} revoked ${keyText(key)}`;

const seasonOn = (board: Board, season: Pick<Season, 'number' | 'name'>) =>
  `${literal(seasonTitle(season))} on ${boardName(board)}`;

/** A Discord timestamp: each reader sees it in their own time zone. */
const when = (at: Date) => `<t:${Math.floor(at.getTime() / 1000)}:f>`;

export function seasonStartedLine(by: string, board: Board, season: Season): string {
  const end = season.endsAt
    ? `ends ${when(season.endsAt)}${season.repeat ? ', then repeats' : ''}`
    : 'no end set';
  return `▶️ ${actorOf(by)} started ${seasonOn(board, season)} (${end}; at its end ${describeReset(season, board)})`;
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
): string {
  const archived = `final standings archived, ${describeReset(season, board)}`;
  const then = next ? `; ${literal(seasonTitle(next))} started` : '';
  return by === 'auto'
    ? `🏁 ${seasonOn(board, season)} ended: ${archived}${then}`
    : `🏁 ${actorOf(by)} ended ${seasonOn(board, season)}: ${archived}${then}`;
}

/** `/season end` while results queued before now are still being recorded: it closes after. */
export const seasonEndingLine = (by: string, board: Board, season: Season) =>
  `⏹️ ${actorOf(by)} ended ${seasonOn(board, season)}; it closes once the results submitted before now are recorded`;

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
) =>
  `🛠️ ${actorOf(by)} corrected ${boardName(board)}: ${headline}${reason ? `: ${literal(reason)}` : ''}`;

/** A board deleted (src/pipeline/board-deletion.ts), with what went with it. */
export const boardDeletedLine = (by: string, board: Board, contents: BoardContents) =>
  `🗑️ ${actorOf(by)} deleted the board ${boardName(board)} (${literal(board.id)}) and everything on it: ${describeContents(contents)}`;
