import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Score } from '../../entities/score';
import type { Submission } from '../../entities/submission';
import { UnresolvableParticipant, type ChatPort } from './chat-port';
import { autoApplies, reviewExpiry } from '../domain/board-rules';
import { eloSettings, snapshotRating } from '../domain/elo';
import type { ParticipantRef } from '../domain/participants';
import type { MatchWrite, ScoreWrite } from '../domain/write-request';
import { EntryBatch } from '../store/results';
import type { Processed } from '../store/submissions';
import { applyMatchRecord, applyScoreRecord } from './apply';
import type { Context } from './context';
import { crashPoint } from './crash-points';
import { closeDueSeasons } from './seasons';
import type { SettledOutcome } from './signals';

export type ProcessOutcome = 'done' | 'busy' | 'gone';

function participantsOf(write: MatchWrite | ScoreWrite): ParticipantRef[] {
  return write.kind === 'match' ? [...write.team1, ...write.team2] : [write.player];
}

/** Most queued submissions of one board applied in one transaction (one commit for all). */
export const BATCH_SIZE = 64;

export interface BatchResult {
  outcome: ProcessOutcome;
  /** Submissions that reached a final or reviewable state: applied, pending review or failed. */
  settled: number[];
  /** What the batch's transaction made of the ones it recorded (the failed ones have none). */
  outcomes: Map<number, SettledOutcome>;
}

/**
 * Turns one queued submission into its match or score: the one code path for every front end
 * (DESIGN.md 1). The single-item case of processBatch.
 */
export async function processSubmission(
  ctx: Context,
  chat: ChatPort,
  queued: Submission,
): Promise<ProcessOutcome> {
  return (await processBatch(ctx, chat, [queued])).outcome;
}

/**
 * Turns queued submissions of one board, oldest first, into their matches or scores in ONE
 * transaction. Names are resolved through the chat port before the transaction (a participant
 * that cannot be resolved fails its own submission only); inside it the board is locked, the
 * rows are claimed and re-read in queue order, and each is recorded and, on an auto-applying
 * board, applied in turn, so every submission sees the ones before it exactly as if they had
 * committed one by one. A crash anywhere rolls the whole batch back and every row stays queued.
 * A submission that throws rolls the batch back too: the caller then retries its rows one per
 * transaction, so the fault stays with the submission that caused it.
 */
export async function processBatch(
  ctx: Context,
  chat: ChatPort,
  queued: Submission[],
): Promise<BatchResult> {
  const first = queued[0];
  const outcomes = new Map<number, SettledOutcome>();
  if (!first) return { outcome: 'gone', settled: [], outcomes };
  const settled: number[] = [];
  // Both at once (one round trip less on MariaDB); the names are of no use if the board is gone.
  const [board, known] = await Promise.all([
    ctx.repos.boards.byPk(first.boardPk),
    ctx.repos.results.knownNames(first.boardPk, [
      ...new Set(
        queued.flatMap((q) =>
          participantsOf(q.payload as MatchWrite | ScoreWrite).map((r) => r.id),
        ),
      ),
    ]),
  ]);
  if (!board) {
    for (const submission of queued) {
      await fail(ctx, submission, 'the board no longer exists');
      settled.push(submission.id);
    }
    return { outcome: 'done', settled, outcomes };
  }
  const names = new Map<number, Map<string, string>>();
  for (const [i, submission] of queued.entries()) {
    const refs = participantsOf(submission.payload as MatchWrite | ScoreWrite);
    try {
      names.set(submission.id, await chat.resolveNames(board.ownerId, refs, known));
    } catch (err) {
      if (err instanceof UnresolvableParticipant) {
        await fail(ctx, submission, `${err.participantId}: ${err.message}`);
        settled.push(submission.id);
        continue;
      }
      // The rows resolved so far go ahead; this one and the rest wait for the next pass.
      if (i === 0 || names.size === 0) {
        if (settled.length > 0) return { outcome: 'done', settled, outcomes };
        throw err;
      }
      break;
    }
  }
  if (names.size === 0) return { outcome: 'done', settled, outcomes };
  const applied: number[] = [];
  let answered = () => undefined as void;
  const outcome = await ctx.repos.db.transaction(async (tx): Promise<ProcessOutcome> => {
    if (!(await ctx.repos.results.lockBoard(tx, board.pk, true))) return 'busy';
    // SQLite has no row locks (DESIGN.md 5): the claim, a compare-and-set, is the first statement,
    // so the transaction holds the write lock (busy_timeout waits for it) before it reads. Read
    // first, its first write failed with SQLITE_BUSY whenever another process committed meanwhile.
    const claimed =
      ctx.repos.db.dialect !== 'sqlite' ||
      (await ctx.repos.submissions.claim(tx, [...names.keys()], ctx.now())) > 0;
    if (!claimed) return 'gone';
    const rows = await ctx.repos.submissions.queuedBatch(tx, board.pk, names.size, true);
    crashPoint('process:after-claim');
    // A season whose end the first row reaches closes first; a batch never spans a season's end
    // (src/domain/season.ts): the rows from the next end on wait for the next batch.
    const { open: season } = rows[0]
      ? await closeDueSeasons(ctx, tx, board, rows[0].queuedAt)
      : { open: null };
    const boundary = season?.endsAt?.getTime() ?? Infinity;
    const now = ctx.now();
    const taken = inQueueOrder(rows, names, boundary);
    const batch = await prefetchEntries(ctx, tx, board, taken);
    // A batch's scores go in with one statement, before any is applied (none depends on another).
    const scores = await ctx.repos.results.insertScores(
      tx,
      taken.flatMap((submission) => {
        const write = submission.payload as MatchWrite | ScoreWrite;
        return write.kind === 'score' ? [scoreRecord(board, submission, write, names, now)] : [];
      }),
    );
    const scoreOf = new Map(scores.map((score) => [score.submissionId, score]));
    const processed: Processed[] = [];
    for (const submission of taken) {
      const resolved = names.get(submission.id)!;
      const score = scoreOf.get(submission.id) ?? null;
      const recorded = await recordOne(ctx, tx, board, submission, resolved, now, batch, score);
      processed.push(recorded.fields);
      outcomes.set(submission.id, {
        submission: { ...submission, ...recorded.fields },
        record: recorded.record,
      });
      applied.push(submission.id);
    }
    if (applied.length === 0) return 'gone';
    await ctx.repos.submissions.markProcessed(tx, processed);
    await ctx.repos.results.flushBatch(tx, board.pk, batch);
    // The answers of the requests waiting here commit with their writes (final-answers.ts).
    const final = ctx.signals.answers.forBatch(outcomes, ctx.repos.idempotency.answersInTx);
    const stored = await ctx.repos.idempotency.storeInTx(tx, final.answers);
    answered = () => final.committed(stored);
    crashPoint('process:after-apply');
    return 'done';
  });
  if (outcome === 'done') {
    crashPoint('process:after-commit');
    answered();
  } else outcomes.clear(); // rolled back or not begun: nothing of it holds
  settled.push(...applied);
  return { outcome: settled.length > 0 ? 'done' : outcome, settled, outcomes };
}

/**
 * The claimed rows this batch records, in queue order: up to the first it did not resolve
 * (queued meanwhile), and never past the open season's end once it has one (the rows from there
 * on belong to the next season and wait for the next batch).
 */
function inQueueOrder(
  rows: Submission[],
  names: Map<number, Map<string, string>>,
  boundary: number,
): Submission[] {
  const taken: Submission[] = [];
  for (const submission of rows) {
    if (!names.has(submission.id)) break;
    if (taken.length > 0 && submission.queuedAt.getTime() >= boundary) break;
    taken.push(submission);
  }
  return taken;
}

/** Score boards that apply at once: every player's entry read once for the batch, written once. */
async function prefetchEntries(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  taken: Submission[],
): Promise<EntryBatch> {
  const batch = new EntryBatch();
  if (!autoApplies(board) || board.type === 'ELO' || board.type === 'League') return batch;
  const players = [
    ...new Set(
      taken.flatMap((row) => {
        const write = row.payload as MatchWrite | ScoreWrite;
        return write.kind === 'score' ? [write.player.id] : [];
      }),
    ),
  ];
  for (const id of players) batch.entries.set(id, null);
  for (const entry of await ctx.repos.results.entries(tx, board.pk, players))
    batch.entries.set(entry.playerId, entry);
  return batch;
}

/** Whether a claimed submission is applied as it is recorded (else it waits for review). */
const appliesNow = (board: Board, submission: Submission) =>
  autoApplies(board) && submission.confirmState !== 'awaiting';

/** The score row a score submission records. */
function scoreRecord(
  board: Board,
  submission: Submission,
  write: ScoreWrite,
  names: Map<number, Map<string, string>>,
  now: Date,
): Omit<Score, 'pk'> {
  const apply = appliesNow(board, submission);
  return {
    boardPk: board.pk,
    status: apply ? 'approved' : 'pending',
    submittedAt: submission.queuedAt,
    submittedBy: submission.submittedBy,
    submissionId: submission.id,
    reviewedAt: apply ? now : null,
    reviewedBy: apply ? 'auto' : null,
    playerId: write.player.id,
    playerName: names.get(submission.id)?.get(write.player.id) ?? write.player.id,
    score: write.score,
  };
}

/**
 * Records one claimed submission inside the batch's transaction (a score's row is already in:
 * `score`) and applies it if the board auto-applies.
 */
async function recordOne(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  submission: Submission,
  names: Map<string, string>,
  now: Date,
  batch: EntryBatch,
  score: Score | null,
): Promise<{ fields: Processed; record: SettledOutcome['record'] }> {
  const write = submission.payload as MatchWrite | ScoreWrite;
  const nameOf = (ref: ParticipantRef) => names.get(ref.id) ?? ref.id;
  // A report waiting for its opponents applies only once confirmed (src/pipeline/confirm.ts).
  const awaiting = submission.confirmState === 'awaiting';
  const apply = appliesNow(board, submission);
  const fields: Processed = {
    id: submission.id,
    status: apply ? 'approved' : 'pending_review',
    claimedAt: now,
    attempts: submission.attempts + 1,
    expiresAt: apply || awaiting ? null : reviewExpiry(board, now),
    matchPk: null,
    scorePk: null,
  };
  if (write.kind === 'match') {
    const status = apply ? 'approved' : 'pending';
    const match = await createMatch(ctx, tx, board, write, nameOf, {
      boardPk: board.pk,
      status,
      submittedAt: submission.queuedAt,
      submittedBy: submission.submittedBy,
      submissionId: submission.id,
      reviewedAt: apply ? now : null,
      reviewedBy: apply ? 'auto' : null,
    });
    fields.matchPk = match.pk;
    crashPoint('process:after-record');
    if (apply) await applyMatchRecord(ctx, tx, board, match);
    return { fields, record: { status, id: match.number } };
  }
  if (!score) throw new Error(`submission ${submission.id}: its score was not recorded`);
  fields.scorePk = score.pk;
  crashPoint('process:after-record');
  if (apply) await applyScoreRecord(ctx, tx, board, score, batch);
  // The fields are written with the batch's others (markProcessed).
  return { fields, record: { status: score.status, id: score.pk } };
}

async function createMatch(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  write: MatchWrite,
  nameOf: (ref: ParticipantRef) => string,
  common: {
    boardPk: number;
    status: 'approved' | 'pending';
    submittedAt: Date;
    submittedBy: string;
    submissionId: number;
    reviewedAt: Date | null;
    reviewedBy: string | null;
  },
) {
  const number = await ctx.repos.results.nextMatchNumber(tx, board.pk);
  const refs = [...write.team1, ...write.team2];
  // spec 1.6: the rating held right now, at submission, in submission order.
  const current = new Map(
    (
      await ctx.repos.results.entries(
        tx,
        board.pk,
        refs.map((r) => r.id),
      )
    ).map((e) => [e.playerId, e]),
  );
  const { startRating } = eloSettings(board);
  const slot = (ref: ParticipantRef, side: 1 | 2, position: number) => ({
    side,
    position,
    boardPk: board.pk,
    matchNumber: number,
    playerId: ref.id,
    playerName: nameOf(ref),
    eloBefore: board.type === 'ELO' ? snapshotRating(current.get(ref.id), startRating) : null,
    eloDelta: null,
  });
  return ctx.repos.results.insertMatch(
    tx,
    {
      ...common,
      number,
      winner: write.winner,
      team1Score: write.team1Score,
      team2Score: write.team2Score,
    },
    [...write.team1.map((r, i) => slot(r, 1, i)), ...write.team2.map((r, i) => slot(r, 2, i))],
  );
}

/** spec 3.1: the bot could not process the event; nothing is applied. */
export async function fail(ctx: Context, submission: Submission, reason: string): Promise<void> {
  await ctx.repos.submissions.transition(submission.id, 'queued', {
    status: 'failed',
    failureReason: reason.slice(0, 300),
    attempts: submission.attempts + 1,
    claimedAt: ctx.now(),
  });
}
