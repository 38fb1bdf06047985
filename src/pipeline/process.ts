import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Submission } from '../../entities/submission';
import { UnresolvableParticipant, type ChatPort } from '../bot/chat-port';
import { autoApplies, NO_EXPIRY_WINDOW } from '../domain/board-rules';
import { eloSettings, snapshotRating } from '../domain/elo';
import type { ParticipantRef } from '../domain/participants';
import type { MatchWrite, ScoreWrite } from '../domain/write-request';
import { applyMatchRecord, applyScoreRecord } from './apply';
import type { Context } from './context';
import { crashPoint } from './crash-points';

const HOUR_MS = 3_600_000;

export type ProcessOutcome = 'done' | 'busy' | 'gone';

function participantsOf(write: MatchWrite | ScoreWrite): ParticipantRef[] {
  return write.kind === 'match' ? [...write.team1, ...write.team2] : [write.player];
}

/**
 * Turns one queued submission into its match or score: the one code path for every front end
 * (DESIGN.md 1). Names are resolved through the chat port before the transaction; inside it the
 * board is locked, ratings are snapshotted, the record is created and, on an auto-applying board,
 * applied at once. A crash anywhere rolls the whole step back and the row stays queued.
 */
export async function processSubmission(
  ctx: Context,
  chat: ChatPort,
  queued: Submission,
): Promise<ProcessOutcome> {
  const board = await ctx.repos.boards.byPk(queued.boardPk);
  if (!board) {
    await fail(ctx, queued, 'the board no longer exists');
    return 'done';
  }
  const write = queued.payload as MatchWrite | ScoreWrite;
  const refs = participantsOf(write);
  let names: Map<string, string>;
  try {
    const known = await ctx.repos.results.knownNames(
      board.pk,
      refs.map((r) => r.id),
    );
    names = await chat.resolveNames(board.ownerId, refs, known);
  } catch (err) {
    if (!(err instanceof UnresolvableParticipant)) throw err;
    await fail(ctx, queued, `${err.participantId}: ${err.message}`);
    return 'done';
  }
  const outcome = await ctx.repos.db.transaction(async (tx): Promise<ProcessOutcome> => {
    if (!(await ctx.repos.results.lockBoard(tx, board.pk, true))) return 'busy';
    // SQLite has no row locks (DESIGN.md 5): the claim, a compare-and-set, is the first statement,
    // so the transaction holds the write lock (busy_timeout waits for it) before it reads. Read
    // first, its first write failed with SQLITE_BUSY whenever another process committed meanwhile.
    const claimed =
      ctx.repos.db.dialect !== 'sqlite' ||
      (await ctx.repos.submissions.transition(queued.id, 'queued', { claimedAt: ctx.now() }, tx));
    if (!claimed) return 'gone';
    const submission = await ctx.repos.submissions.oldestQueued(tx, board.pk);
    if (!submission || submission.id !== queued.id) return 'gone';
    crashPoint('process:after-claim');
    const nameOf = (ref: ParticipantRef) => names.get(ref.id) ?? ref.id;
    const now = ctx.now();
    const apply = autoApplies(board);
    const status = apply ? 'approved' : 'pending';
    const common = {
      boardPk: board.pk,
      status,
      submittedAt: submission.queuedAt,
      submittedBy: submission.submittedBy,
      submissionId: submission.id,
      reviewedAt: apply ? now : null,
      reviewedBy: apply ? 'auto' : null,
    } as const;
    const fields: Partial<Submission> = {
      status: apply ? 'approved' : 'pending_review',
      claimedAt: now,
      attempts: submission.attempts + 1,
      expiresAt:
        apply || board.validationWindowHours === NO_EXPIRY_WINDOW
          ? null
          : new Date(now.getTime() + board.validationWindowHours * HOUR_MS),
    };
    if (write.kind === 'match') {
      const match = await createMatch(ctx, tx, board, write, nameOf, common);
      fields.matchPk = match.pk;
      crashPoint('process:after-record');
      if (apply) await applyMatchRecord(ctx, tx, board, match);
    } else {
      const score = await ctx.repos.results.insertScore(tx, {
        ...common,
        playerId: write.player.id,
        playerName: nameOf(write.player),
        score: write.score,
      });
      fields.scorePk = score.pk;
      crashPoint('process:after-record');
      if (apply) await applyScoreRecord(ctx, tx, board, score);
    }
    await ctx.repos.submissions.update(submission.id, fields, tx);
    crashPoint('process:after-apply');
    return 'done';
  });
  if (outcome === 'done') crashPoint('process:after-commit');
  return outcome;
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
