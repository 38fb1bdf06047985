import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Entry } from '../../entities/entry';
import type { Match } from '../../entities/match';
import type { MatchParticipant } from '../../entities/match-participant';
import type { Score } from '../../entities/score';
import { operatorOf } from '../domain/board-rules';
import {
  describeResult,
  matchCorrectionCause,
  recount,
  scoreCorrectionCause,
  takeBack,
  parseCorrection,
  type CorrectionAction,
  type CorrectionText,
  type ResultValue,
  type ValueChange,
} from '../domain/correction';
import { refusal, TallyError } from '../domain/errors';
import { formatHandle, submissionIdOf } from '../domain/ids';
import { rankedValue, type HistoryCause } from '../domain/history';
import { isScoreOperator } from '../domain/score-operators';
import { applyMatch, type EntryState } from '../domain/scoring';
import { scoreValue } from '../domain/write-request';
import { ownedBoard } from './board-reads';
import { actsFor, type Actor, type Context } from './context';
import { correctedMatch, required, type Correction } from './review';
import { closeDueSeasons } from './seasons';
import { recordAudit } from './audit';
import { correctionLine, literal } from './audit-lines';
import { signedDelta } from '../domain/display';
import { t, type TextKey, type TextVars } from '../domain/i18n';

/**
 * Corrections after approval (issue 15 item 2; README "Corrections"): a moderator changes the
 * result of an applied match (winner, scoreline) or score, or removes it. One transaction with the
 * board locked, so it is serialised with the worker and with reviews on that board. The corrected
 * row takes status `set` (spec 2.5: moderator-entered values) and keeps its handle `approved`
 * (spec 3.1: terminal); a removed match keeps its place in the match list with no winner. Each
 * correction is recorded (entities/correction.ts) with every participant's value before and
 * after, and history gets a row per participant saying what the moderator did.
 */

/** Which result: by handle, a board's match number, or a player's score on a board. */
export type ResultRef =
  | { handle: string }
  | { ownerId: string; boardId: string; match: number }
  | { ownerId: string; boardId: string; playerId: string; score: number };

/** The corrected result, or a removal; text is parsed for the board it turns out to be on. */
export type CorrectionChange = Correction | 'remove' | { text: CorrectionText };

export interface CorrectionOutcome {
  board: Board;
  kind: 'match' | 'score';
  /** `Match #12`, `Ann’s score 1:02.500`. */
  label: string;
  /** The match's number on its board; null for a score. */
  number: number | null;
  /** Whose score it is (names are escaped where they are shown); null for a match. */
  player: string | null;
  /** The submission's handle, where the result came from one. */
  handle: string | null;
  action: CorrectionAction;
  before: ResultValue;
  after: ResultValue | null;
  /** Every participant's value before and after, with the name they play under. */
  changes: (ValueChange & { name: string })[];
}

const APPLIED = new Set(['approved', 'adjusted', 'set']);

/** When a result counts (src/pipeline/apply.ts appliedAt). */
const countsFrom = (result: Pick<Match, 'reviewedBy' | 'reviewedAt' | 'submittedAt'>) =>
  result.reviewedBy === 'auto' || result.reviewedAt === null
    ? result.submittedAt
    : result.reviewedAt;

export async function correctResult(
  ctx: Context,
  ref: ResultRef,
  change: CorrectionChange,
  who: { by: string; actor: Actor; reason?: string | null },
): Promise<CorrectionOutcome> {
  const target = await resolve(ctx, ref, who.actor);
  const { board } = target;
  const reason = who.reason?.trim() ? who.reason.trim().slice(0, 300) : null;
  return ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    if ((await closeDueSeasons(ctx, tx, board, ctx.now())).waiting) {
      throw refusal('board_locked', 'review.fix.seasonClosing');
    }
    const since = await standingsSince(ctx, tx, board);
    const parsed =
      change !== 'remove' && 'text' in change ? parseCorrection(board, change.text) : change;
    const step = { tx, board, since, change: parsed, by: who.by, reason, handle: target.handle };
    const outcome =
      'matchPk' in target
        ? await correctMatch(ctx, step, target.matchPk)
        : await correctScore(ctx, step, target.scorePk);
    // Its review message, if one was posted, is redrawn to say so (src/bot/review-poster.ts).
    if (target.submissionId !== null)
      await ctx.repos.reviewMessages.reopen(tx, target.submissionId);
    // Written in the server's language (recordAudit asks it), the headline's words too.
    await recordAudit(ctx, tx, board.ownerId, (locale) =>
      correctionLine(
        who.by,
        board,
        correctionSummary(outcome, literal, locale).headline,
        reason,
        locale,
      ),
    );
    return outcome;
  });
}

interface Step {
  tx: EntityManager;
  board: Board;
  /** Where the running standings begin: the last season's end (null: no season ended). */
  since: Date | null;
  change: Correction | 'remove';
  by: string;
  reason: string | null;
  handle: string | null;
}

type Target = { board: Board; handle: string | null; submissionId: number | null } & (
  { matchPk: number } | { scorePk: number }
);

async function resolve(ctx: Context, ref: ResultRef, actor: Actor): Promise<Target> {
  if ('handle' in ref) {
    const id = submissionIdOf(ref.handle);
    const submission = id === null ? null : await ctx.repos.submissions.byId(id);
    if (!submission || !actsFor(actor, submission.ownerId)) {
      throw refusal('not_found', 'review.decide.noSubmission', { handle: ref.handle });
    }
    const board = await ctx.repos.boards.byPk(submission.boardPk);
    if (!board) throw refusal('not_found', 'review.decide.boardGone', { handle: ref.handle });
    const handle = formatHandle(submission.id);
    const submissionId = submission.id;
    if (submission.matchPk !== null)
      return { board, handle, submissionId, matchPk: submission.matchPk };
    if (submission.scorePk !== null)
      return { board, handle, submissionId, scorePk: submission.scorePk };
    throw refused('review.fix.noResult', { handle, status: submission.status });
  }
  if (!actsFor(actor, ref.ownerId)) {
    throw refusal('not_found', 'review.fix.noBoard', { boardId: ref.boardId });
  }
  const board = await ownedBoard(ctx, ref.ownerId, ref.boardId);
  if ('match' in ref) {
    if (board.type !== 'ELO' && board.type !== 'League') {
      throw refused('review.fix.notMatches', { boardId: board.id, type: board.type });
    }
    const found = await ctx.repos.matches.byNumber(board.pk, ref.match);
    if (!found) {
      throw refusal('not_found', 'review.fix.noMatch', { boardId: board.id, number: ref.match });
    }
    const { submissionId } = found;
    return { board, handle: handleOf(submissionId), submissionId, matchPk: found.pk };
  }
  const found = await ctx.repos.corrections.latestScore(board.pk, ref.playerId, ref.score);
  if (!found) {
    throw refusal('not_found', 'review.fix.noScore', { boardId: board.id, score: ref.score });
  }
  const { submissionId } = found;
  return { board, handle: handleOf(submissionId), submissionId, scorePk: found.pk };
}

const handleOf = (submissionId: number | null) =>
  submissionId === null ? null : formatHandle(submissionId);

const refused = (key: TextKey, vars: TextVars = {}) => refusal('invalid_request', key, vars);

/** Which result a refusal names: a match by its number, a score by its player and value. */
type Named = { number: number } | { player: string; score: string };
const kindOf = (named: Named) => ('number' in named ? 'Match' : 'Score');

async function standingsSince(ctx: Context, tx: EntityManager, board: Board) {
  const latest = await ctx.repos.seasons.latest(board.pk, tx);
  if (!latest) return null;
  if (latest.endedAt) return latest.endedAt;
  const [previous] = await ctx.repos.seasons.ended(board.pk, latest.number, 1);
  return previous?.endedAt ?? null;
}

/** A result applied before the last season ended is archived with that season: final. */
function checkCorrectable(
  result: Pick<Match, 'status' | 'reviewedBy' | 'reviewedAt' | 'submittedAt'>,
  named: Named,
  since: Date | null,
) {
  const kind = kindOf(named);
  if (!APPLIED.has(result.status)) {
    const why = result.status === 'pending' ? 'pending' : 'declined';
    throw refused(`review.fix.${why}${kind}`, named);
  }
  if (since && countsFrom(result).getTime() < since.getTime()) {
    throw refused(`review.fix.archived${kind}`, named);
  }
}

async function correctMatch(ctx: Context, step: Step, matchPk: number) {
  const { tx, board } = step;
  const { results } = ctx.repos;
  const match = await results.match(matchPk, tx);
  if (!match) throw new TallyError('internal_error', `match ${matchPk} is gone`);
  const label = `Match #${match.number}`;
  const named = { number: match.number };
  checkCorrectable(match, named, step.since);
  if (match.winner === null) throw refused('review.fix.removedMatch', named);
  const before: ResultValue = resultOf(match);
  const roster = await results.roster(match.pk, tx);
  const current = await results.entries(
    tx,
    board.pk,
    roster.map((slot) => slot.playerId),
  );
  if (current.length !== roster.length) {
    throw new TallyError('internal_error', `${label}: a participant has no entry`);
  }
  const back = takeBack(current, roster, match.winner, board);

  let states: EntryState[];
  let deltas: (number | null)[];
  let after: ResultValue | null;
  let fields: Partial<Match>;
  if (step.change === 'remove') {
    states = back;
    deltas = roster.map(() => (board.type === 'ELO' ? 0 : null));
    after = null;
    fields = { winner: null, team1Score: null, team2Score: null, status: 'set' };
  } else {
    const corrected = correctedMatch(board, step.change);
    after = resultOf(corrected);
    if (describeResult(board.type, after) === describeResult(board.type, before)) {
      throw refused(...alreadyReads(match.number, before));
    }
    const side = (n: 1 | 2) => roster.filter((slot) => slot.side === n);
    const applied = applyMatch(
      back,
      { team1: side(1), team2: side(2), ...corrected, submittedAt: match.submittedAt },
      board,
    );
    states = applied.changes.map((c) => c.entry);
    deltas = applied.changes.map((c) => c.eloDelta);
    fields = { ...corrected, status: 'set' };
  }
  const why: HistoryCause = {
    kind: 'match',
    at: ctx.now(),
    ref: match.number,
    cause: matchCorrectionCause(match.number, board.type, actionOf(step), before, after),
  };
  // A participant with no result left this season leaves the board, unless a season's end
  // carried their rating over.
  const leaving = new Set<string>();
  if (step.change === 'remove') {
    for (const state of states) {
      const played = (state.wins ?? 0) + (state.draws ?? 0) + (state.losses ?? 0);
      const { playerId } = state;
      if (
        played === 0 &&
        !(await ctx.repos.corrections.carriedOver(tx, board.pk, playerId, step.since))
      ) {
        leaving.add(playerId);
      }
    }
  }
  await settle(ctx, step, current, states, leaving, why);
  await results.updateMatch(tx, match.pk, fields);
  for (const [i, slot] of roster.entries()) {
    await results.setDelta(tx, match.pk, slot.side, slot.position, deltas[i] ?? null);
  }
  return record(ctx, step, { matchPk: match.pk, scorePk: null }, label, before, after, {
    current,
    states,
    leaving,
    names: namesOf(roster),
    number: match.number,
  });
}

async function correctScore(ctx: Context, step: Step, scorePk: number) {
  const { tx, board } = step;
  const { results, corrections } = ctx.repos;
  const operator = operatorOf(board.type, board.sort);
  if (operator === null || !isScoreOperator(operator)) {
    throw new TallyError('internal_error', `${board.type} boards take no scores`);
  }
  const score = await results.score(scorePk, tx);
  if (!score) throw new TallyError('internal_error', `score ${scorePk} is gone`);
  const shownScore = describeResult(board.type, { score: score.score });
  const label = `${score.playerName}’s score ${shownScore}`;
  const named = { player: score.playerName, score: shownScore };
  checkCorrectable(score, named, step.since);
  if (await corrections.removed(tx, { scorePk })) {
    throw refused('review.fix.removedScore', named);
  }
  const before: ResultValue = { score: score.score };
  let after: ResultValue | null = null;
  let fields: Partial<Score> = { status: 'set' };
  if (step.change !== 'remove') {
    const value = scoreValue(required(step.change.score, 'score'));
    if (value === score.score) throw refused('review.fix.scoreReads', named);
    after = { score: value };
    fields = { score: value, status: 'set' };
  }
  await results.updateScore(tx, score.pk, fields);
  const counted = (await corrections.seasonScores(tx, board.pk, score.playerId, step.since)).filter(
    (s) => step.change !== 'remove' || s.pk !== score.pk,
  );
  const recounted = recount(score.playerId, operator, counted);
  const current = await results.entries(tx, board.pk, [score.playerId]);
  const leaving = new Set(recounted ? [] : [score.playerId]);
  const why: HistoryCause = {
    kind: 'score',
    at: ctx.now(),
    ref: score.pk,
    cause: scoreCorrectionCause(board.type, actionOf(step), score.score, after?.score ?? null),
  };
  const states = recounted ? [recounted] : current;
  await settle(ctx, step, current, states, leaving, why);
  return record(ctx, step, { matchPk: null, scorePk: score.pk }, label, before, after, {
    current,
    states,
    leaving,
    names: new Map([[score.playerId, score.playerName]]),
    player: score.playerName,
  });
}

/** A match that already reads the corrected result: the refusal, by the result it reads. */
function alreadyReads(number: number, before: ResultValue): readonly [TextKey, TextVars] {
  if (before.team1Score != null && before.team2Score != null) {
    const result = `${before.team1Score}–${before.team2Score}`;
    return ['review.fix.matchReads', { number, result }];
  }
  if (before.winner === 'team1') return ['review.fix.matchReadsTeam1', { number }];
  if (before.winner === 'team2') return ['review.fix.matchReadsTeam2', { number }];
  if (before.winner === 'draw') return ['review.fix.matchReadsDraw', { number }];
  return ['review.fix.matchReads', { number, result: describeResult('ELO', before) }];
}

const actionOf = (step: Step): CorrectionAction => (step.change === 'remove' ? 'remove' : 'change');

const resultOf = (match: Pick<Match, 'winner' | 'team1Score' | 'team2Score'>): ResultValue =>
  match.team1Score !== null && match.team2Score !== null
    ? { winner: match.winner, team1Score: match.team1Score, team2Score: match.team2Score }
    : { winner: match.winner };

const namesOf = (roster: MatchParticipant[]) =>
  new Map(roster.map((slot) => [slot.playerId, slot.playerName]));

/** Writes the moved entries (with history) and takes off the board whoever has nothing left. */
async function settle(
  ctx: Context,
  step: Step,
  current: Entry[],
  states: EntryState[],
  leaving: Set<string>,
  why: HistoryCause,
) {
  const { tx, board } = step;
  const staying = states.filter((s) => !leaving.has(s.playerId));
  if (staying.length > 0) await ctx.repos.results.saveEntries(tx, board, staying, why, current);
  const gone = current.filter((e) => leaving.has(e.playerId));
  await ctx.repos.results.removeEntries(tx, board, gone, why);
}

async function record(
  ctx: Context,
  step: Step,
  target: { matchPk: number | null; scorePk: number | null },
  label: string,
  before: ResultValue,
  after: ResultValue | null,
  moved: {
    current: Entry[];
    states: EntryState[];
    leaving: Set<string>;
    names: Map<string, string>;
    player?: string;
    number?: number;
  },
): Promise<CorrectionOutcome> {
  const { board } = step;
  const was = new Map(moved.current.map((e) => [e.playerId, rankedValue(board, e)]));
  const ids = new Set([
    ...moved.current.map((e) => e.playerId),
    ...moved.states.map((s) => s.playerId),
  ]);
  const now = new Map(moved.states.map((s) => [s.playerId, rankedValue(board, s)]));
  const changes = [...ids].map((playerId) => ({
    playerId,
    before: was.get(playerId) ?? null,
    after: moved.leaving.has(playerId) ? null : (now.get(playerId) ?? null),
  }));
  await ctx.repos.corrections.insert(step.tx, {
    boardPk: board.pk,
    ...target,
    action: actionOf(step),
    before,
    after,
    changes,
    by: step.by,
    reason: step.reason,
    at: ctx.now(),
  });
  return {
    board,
    kind: target.matchPk !== null ? 'match' : 'score',
    label,
    number: moved.number ?? null,
    player: moved.player ?? null,
    handle: step.handle,
    action: actionOf(step),
    before,
    after,
    changes: changes.map((c) => ({ ...c, name: moved.names.get(c.playerId) ?? c.playerId })),
  };
}

/**
 * What a correction did, in words for a person: the result before and after, then every
 * participant's value (`Ann 1031 → 999 (−32)`, `Bo left the board`). `name` escapes a name for
 * where it is shown (chat markdown, a terminal); `locale` picks the language (English when none
 * is given: the audit line and the CLI).
 */
export function correctionSummary(
  outcome: CorrectionOutcome,
  name: (text: string) => string = (text) => text,
  locale: string | null = null,
): { headline: string; moves: string[] } {
  const { board } = outcome;
  const was = resultText(board.type, outcome.before, locale);
  const label = outcome.player
    ? t(locale, 'review.correct.scoreOf', { player: name(outcome.player), score: was })
    : outcome.number !== null
      ? t(locale, 'review.correct.match', { number: outcome.number })
      : outcome.label;
  const headline =
    outcome.after === null
      ? t(locale, 'review.correct.removed', { label, was })
      : t(locale, 'review.correct.corrected', {
          label,
          now: resultText(board.type, outcome.after, locale),
          was,
        });
  const value = (v: number) =>
    board.type === 'ELO' || board.type === 'League'
      ? String(v)
      : describeResult(board.type, { score: v });
  const moves = outcome.changes.map((c) => {
    const who = name(c.name);
    if (c.after === null) return t(locale, 'review.correct.left', { name: who });
    if (c.before === null) return `${who} ${value(c.after)}`;
    const diff = c.after - c.before;
    return `${who} ${value(c.before)} → ${value(c.after)} (${signedDelta(diff)})`;
  });
  return { headline, moves };
}

/** `team 2 won`, `3–1`, `1:02.500` (domain/correction.ts describeResult), in `locale`'s words. */
function resultText(type: Board['type'], value: ResultValue, locale: string | null): string {
  const scored = value.team1Score != null && value.team2Score != null;
  if (value.score !== undefined || scored) return describeResult(type, value);
  if (value.winner === 'team1') return t(locale, 'review.correct.team1Won');
  if (value.winner === 'team2') return t(locale, 'review.correct.team2Won');
  if (value.winner === 'draw') return t(locale, 'review.correct.draw');
  return t(locale, 'review.correct.noResult');
}
