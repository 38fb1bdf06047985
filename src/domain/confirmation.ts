import type { OnSilence, ReviewMode } from './vocabulary';
import type { MatchWrite, ScoreWrite } from './write-request';
import { guildOf } from './ids';

/**
 * Opponent confirmation (issue 15 item 3; README "Opponent confirmation"): on an `opponents`
 * board a member's match report waits for the other side instead of the moderators. The rules
 * here are pure; src/pipeline/confirm.ts runs them with the board locked.
 */

export type { OnSilence, ReviewMode } from './vocabulary';
export const REVIEW_MODES: readonly ReviewMode[] = ['moderators', 'opponents'];
export const ON_SILENCE: readonly OnSilence[] = ['confirm', 'escalate'];

/**
 * A report's way through confirmation: `awaiting` the opponents; then `confirmed` (an opponent),
 * `auto` (silence, confirmed), `disputed` (an opponent, to the moderators), `escalated` (silence,
 * to the moderators) or `withdrawn` (the reporter).
 */
export type ConfirmState =
  'awaiting' | 'confirmed' | 'auto' | 'disputed' | 'escalated' | 'withdrawn';

/** `confirm_by` of a silent window: nobody pressed. */
export const SILENCE = 'silence';
/** `reviewedBy` of a report confirmed by its opponents' silence. */
export const AUTO_CONFIRMED = 'auto-confirm';

export const CONFIRM_DEFAULTS = {
  reviewMode: 'moderators' as ReviewMode,
  confirmWindowHours: 24,
  onSilence: 'confirm' as OnSilence,
};

/** A confirmation window runs 1 hour to 30 days: a report never waits forever for its opponents. */
export const CONFIRM_WINDOW_RANGE = [1, 720] as const;

const memberIds = (refs: MatchWrite['team1']) =>
  refs.flatMap((ref) => (ref.kind === 'chat' ? [ref.snowflake] : []));

/**
 * The members who may confirm or dispute: the members on the side the reporter is not on. Roles,
 * custom players and fixed teams cannot press a button, so a report with no member opposite
 * goes to the moderators (null).
 */
export function opponentsOf(write: MatchWrite, reporter: string): string[] | null {
  const team1 = memberIds(write.team1);
  const team2 = memberIds(write.team2);
  const theirs = team1.includes(reporter) ? team2 : team2.includes(reporter) ? team1 : null;
  return theirs && theirs.length > 0 ? [...new Set(theirs)] : null;
}

/**
 * The opponents a write waits for, or null when it goes the usual way: it must be a member's
 * match report (`chat:<id>`) on an `opponents` board, reported in a channel of the board's own
 * server (where the bot can post), with a member on the other side. Score submissions have no
 * opponent and API writes nobody to ask: both go to the moderators (README).
 */
export function awaitedOpponents(
  board: { reviewMode: ReviewMode; ownerId: string },
  write: MatchWrite | ScoreWrite,
  submittedBy: string,
  reportedIn: { guildId: string | null; channelId: string | null } | undefined,
): string[] | null {
  const reporter = /^chat:(\d+)$/.exec(submittedBy)?.[1];
  if (board.reviewMode !== 'opponents' || write.kind !== 'match' || !reporter) return null;
  if (!reportedIn?.channelId || !reportedIn.guildId) return null;
  if (guildOf(board.ownerId) !== reportedIn.guildId) return null;
  return opponentsOf(write, reporter);
}

/** Why a member may not press Confirm or Dispute / Withdraw; null when they may. */
export function refusalOf(
  action: 'confirm' | 'dispute' | 'withdraw',
  presser: string,
  reporter: string,
  opponents: readonly string[],
): string | null {
  if (action === 'withdraw') {
    return presser === reporter ? null : 'Only the member who reported this match can withdraw it.';
  }
  if (presser === reporter) {
    return 'You reported this match, so an opponent has to confirm or dispute it. You can withdraw it instead.';
  }
  if (!opponents.includes(presser)) {
    return 'Only a player on the other side of this match can confirm or dispute it.';
  }
  return null;
}
