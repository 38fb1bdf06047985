import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import type { Queue, QueueMatch, QueuePlayer, QueueWait } from '../../entities/queue';
import { teamExpectedScore } from '../domain/elo';
import type { ErrorCode } from '../domain/errors';
import type { TextKey, TextVars } from '../domain/i18n';
import { refusal } from '../domain/errors';
import { formatTeamId } from '../domain/ids';
import {
  checkQueueSettings,
  formTeamMatch,
  pairOneVsOne,
  QUEUE_DEFAULTS,
  queueValue,
  windowOf,
  type QueueSettings,
  type Waiting,
} from '../domain/matchmaking';
import { log } from '../log';
import type { Context } from './context';
import { StepWaits, type Job } from './job';
import { submit, type SubmitHooks, type Submitted } from './submit';

export type { Queue, QueueMatch, QueuePlayer, QueueWait } from '../../entities/queue';
export { QUEUE_DEFAULTS, QUEUE_LIMITS, type QueueSettings } from '../domain/matchmaking';

/**
 * Matchmaking queues (issue 28): one per ELO or League board. Members join and leave (chat's
 * buttons and /queue, the dashboard); the queue's scheduled step (`queueJob`, atomic: exactly
 * once across processes) forms matches by the board's own prediction, ends ready checks and
 * cancels matches nobody reported. A match's report goes through the one submit use case, so the
 * board's opponent confirmation or moderator review decides it as any other report.
 */

/** How often a queue with someone in it is looked at (the window widens; deadlines pass). */
export const QUEUE_TICK_MS = 2_000;
export const QUEUE_JOB = 'queue';
/** The queue's scheduled step's subject. */
export const queueSubject = (queuePk: number) => `queue:${queuePk}`;
const subjectOf = queueSubject;
const queueOfSubject = (subject: string) => Number(subject.slice('queue:'.length));

const PPM = 1_000_000;

/** Side 1's chance, from the stored millionths. */
export const predictedOf = (match: Pick<QueueMatch, 'predictedPpm'>) => match.predictedPpm / PPM;

/**
 * A refusal the member reads in their language (issue 32): the catalogue's English is the detail
 * the API and the CLI show.
 */
const refuse = (code: ErrorCode, name: QueueRefusal, vars?: TextVars) =>
  refusal(code, `play.queueRefused.${name}`, vars);
type QueueRefusal = KeyUnder<TextKey, 'play.queueRefused.'>;
type KeyUnder<K, P extends string> = K extends `${P}${infer Name}` ? Name : never;

function requireQueueBoard(board: Board): void {
  if (board.type !== 'ELO' && board.type !== 'League') {
    throw refuse('board_type_mismatch', 'notQueueBoard', {
      board: board.displayName,
      type: board.type,
    });
  }
}

const settingsOf = (queue: QueueSettings): QueueSettings => ({
  windowStart: queue.windowStart,
  windowGrowthPerMinute: queue.windowGrowthPerMinute,
  windowMax: queue.windowMax,
  readySeconds: queue.readySeconds,
  reportMinutes: queue.reportMinutes,
});

/** The board's queue, if it has one. */
export const queueOfBoard = (ctx: Context, board: Board): Promise<Queue | null> =>
  ctx.repos.queues.forBoard(board.pk);

/**
 * Opens the board's queue (or changes its settings), placing its message in `channelId` when
 * given. The caller has checked the member may manage the server.
 */
export async function openQueue(
  ctx: Context,
  board: Board,
  input: { channelId?: string | null; settings?: Partial<QueueSettings> },
): Promise<Queue> {
  requireQueueBoard(board);
  const { queues, schedules } = ctx.repos;
  return queues.transaction(async (tx) => {
    const existing = await queues.anyForBoard(board.pk, tx);
    const settings = checkQueueSettings({
      ...(existing ? settingsOf(existing) : QUEUE_DEFAULTS),
      ...input.settings,
    });
    if (!existing) {
      const queue = await queues.insert(
        {
          boardPk: board.pk,
          ownerId: board.ownerId,
          channelId: input.channelId ?? null,
          messageId: null,
          ...settings,
          version: 1,
          shownVersion: 0,
          posts: 0,
          leasedUntil: null,
          retryAt: null,
          attempts: 0,
          refused: null,
          closedAt: null,
          createdAt: ctx.now(),
        },
        tx,
      );
      await schedules.plan(QUEUE_JOB, subjectOf(queue.pk), ctx.now(), tx);
      return queue;
    }
    if (existing.closedAt) await queues.reopen(existing.pk, tx);
    if (input.settings) await queues.setSettings(existing.pk, settings, tx);
    if (input.channelId !== undefined) await queues.place(existing.pk, input.channelId, tx);
    return (await queues.byPk(existing.pk, tx))!;
  });
}

/**
 * Closes the board's queue: whoever waits leaves it, and its open matches are cancelled (nothing
 * would end them any more: the queue's step goes with it). A result already reported stays.
 */
export async function closeQueue(ctx: Context, board: Board): Promise<boolean> {
  const { queues, schedules } = ctx.repos;
  return queues.transaction(async (tx) => {
    const queue = await queues.forBoard(board.pk, tx);
    if (!queue) return false;
    for (const match of await queues.openMatches(queue.pk, tx)) {
      const from = [match.state];
      if (await queues.move(match.pk, from, { state: 'cancelled', reason: 'closed' }, tx)) {
        await queues.free(match.pk, tx);
      }
    }
    await queues.close(queue.pk, ctx.now(), tx);
    await schedules.cancel(QUEUE_JOB, subjectOf(queue.pk), tx);
    return true;
  });
}

export interface JoinInput {
  board: Board;
  /** The member who joins, `chat:<id>`. */
  member: string;
  /** On a fixed-teams board, the team they queue (`team:<pk>`); else themselves. */
  team?: string;
}

/**
 * Joins the member (or their team) to the board's queue. Refused, with what to do: a board
 * without a queue, someone already waiting (here or in another queue), someone in a match.
 */
export async function joinQueue(ctx: Context, input: JoinInput): Promise<QueueWait> {
  const { board, member } = input;
  requireQueueBoard(board);
  if (board.fixedTeams && !input.team) {
    throw refuse('invalid_request', 'sayTeam');
  }
  const entrant = board.fixedTeams ? input.team! : member;
  if (board.fixedTeams) {
    const team = /^team:(\d{1,15})$/.exec(entrant);
    const found = team ? await ctx.repos.teams.byPk(Number(team[1])) : null;
    if (found?.boardPk !== board.pk) {
      throw refuse('invalid_request', 'notTeam', { board: board.displayName });
    }
  }
  const { queues, schedules } = ctx.repos;
  const now = ctx.now();
  const wait = { entrant, joinedBy: member, queuePk: 0, since: now };
  await queues.transaction(async (tx) => {
    const queue = await queues.forBoard(board.pk, tx);
    if (!queue) {
      throw refuse('not_found', 'noQueue', { board: board.displayName });
    }
    wait.queuePk = queue.pk;
    const waiting = (await queues.waitOf(member, tx)) ?? (await queues.waitOfEntrant(entrant, tx));
    if (waiting) {
      const there =
        waiting.queuePk === queue.pk
          ? board.displayName
          : await boardNameOfQueue(ctx, waiting.queuePk, tx);
      const key =
        waiting.entrant === member
          ? 'youWait'
          : waiting.joinedBy === member
            ? 'yourTeamWaits'
            : 'teamWaits';
      throw refuse('invalid_request', key, { board: there ?? ANOTHER_BOARD });
    }
    const playing =
      (await queues.openMatchOf(member, tx)) ?? (await queues.openMatchOfEntrant(entrant, tx));
    if (playing) {
      throw refuse('invalid_request', 'inMatch');
    }
    if (!(await queues.join(wait, tx))) {
      throw refuse('invalid_request', 'joinedJustNow');
    }
    await schedules.plan(QUEUE_JOB, subjectOf(queue.pk), now, tx);
  });
  return wait;
}

/** A queue's board is deleted with its waits: a wait's board without a name is one going away. */
const ANOTHER_BOARD = '…';

async function boardNameOfQueue(ctx: Context, queuePk: number, tx: EntityManager) {
  const queue = await ctx.repos.queues.byPk(queuePk, tx);
  const board = queue ? await ctx.repos.boards.byPk(queue.boardPk, tx) : null;
  return board?.displayName ?? null;
}

/** The member leaves the queue they wait in; refused when they wait in none. */
export async function leaveQueue(ctx: Context, member: string): Promise<QueueWait> {
  const left = await ctx.repos.queues.transaction((tx) => ctx.repos.queues.leave(member, tx));
  if (!left) {
    throw refuse('invalid_request', 'notWaiting');
  }
  return left;
}

/** Someone waiting, as the queue's message and status show them. */
export interface Waiter extends QueueWait {
  /** Their stored name on the board (a team's name; a member's entry), null before any. */
  name: string | null;
  rating: number;
  /** The widest gap they accept now. */
  window: number;
}

export interface QueueView {
  queue: Queue;
  board: Board;
  waiting: Waiter[];
  /** Matches still in their ready check or being played. */
  open: number;
}

/** The queue as members see it: who waits and since when, their ratings and windows now. */
export async function queueView(ctx: Context, queuePk: number): Promise<QueueView | null> {
  const { queues, boards } = ctx.repos;
  const queue = await queues.byPk(queuePk);
  const board = queue ? await boards.byPk(queue.boardPk) : null;
  if (!queue || !board) return null;
  const now = ctx.now();
  const waits = await queues.waiting(queue.pk);
  const entrants = waits.map((w) => w.entrant);
  const [ratings, names] = await Promise.all([
    ratingsOf(ctx, board, entrants),
    ctx.repos.results.knownNames(board.pk, entrants),
  ]);
  return {
    queue,
    board,
    waiting: waits.map((w) => ({
      ...w,
      name: names.get(w.entrant) ?? null,
      rating: ratings.get(w.entrant)!,
      window: Math.round(windowOf(queue, now.getTime() - w.since.getTime())),
    })),
    open: (await queues.openMatches(queue.pk)).length,
  };
}

/** How many wait in each board's queue (the public pages); boards without a queue are absent. */
export async function waitingByBoard(
  ctx: Context,
  boards: readonly Pick<Board, 'pk'>[],
): Promise<Map<number, number>> {
  const queues = await ctx.repos.queues.forBoards(boards.map((b) => b.pk));
  const counts = await ctx.repos.queues.waitingCounts(queues.map((q) => q.pk));
  return new Map(queues.map((q) => [q.boardPk, counts.get(q.pk) ?? 0]));
}

/** Each entrant's value to pair on (queueValue), from the board's current entries. */
async function ratingsOf(
  ctx: Context,
  board: Board,
  entrants: readonly string[],
): Promise<Map<string, number>> {
  const entries = await Promise.all(entrants.map((id) => ctx.repos.entries.get(board.pk, id)));
  return new Map(
    entrants.map((id, i) => {
      const entry = entries[i];
      return [id, queueValue(board, entry ?? undefined)];
    }),
  );
}

/** A formed match, with its players, as its message shows it. */
export interface QueueMatchView {
  match: QueueMatch;
  board: Board;
  players: QueuePlayer[];
  /** The players' stored names on the board (teams' names), by entrant; absent before any. */
  names: ReadonlyMap<string, string>;
  /** Side 1's chance (the board's own prediction, from the ratings when matched). */
  predicted: number;
}

export async function queueMatchView(
  ctx: Context,
  matchPk: number,
): Promise<QueueMatchView | null> {
  const { queues, boards } = ctx.repos;
  const match = await queues.match(matchPk);
  const board = match ? await boards.byPk(match.boardPk) : null;
  if (!match || !board) return null;
  const players = await queues.players(match.pk);
  const names = await ctx.repos.results.knownNames(
    board.pk,
    players.map((p) => p.entrant),
  );
  return { match, board, players, names, predicted: predictedOf(match) };
}

/** The open match the member plays in (their own or their team's), if any. */
export async function openMatchOfMember(
  ctx: Context,
  member: string,
): Promise<QueueMatchView | null> {
  const player = await ctx.repos.queues.openMatchOf(member);
  return player ? queueMatchView(ctx, player.matchPk) : null;
}

/** Where the member waits, if anywhere. */
export const waitOfMember = (ctx: Context, member: string) => ctx.repos.queues.waitOf(member);

async function playerOf(ctx: Context, tx: EntityManager, match: QueueMatch, member: string) {
  const players = await ctx.repos.queues.players(match.pk, tx);
  const mine = players.find((p) => p.joinedBy === member);
  if (!mine) {
    throw refuse('permission_denied', 'onlyPlayers');
  }
  return { players, mine };
}

async function openMatch(ctx: Context, tx: EntityManager, matchPk: number) {
  const match = await ctx.repos.queues.match(matchPk, tx);
  if (!match) {
    throw refuse('not_found', 'noMatch');
  }
  return match;
}

/**
 * The member presses Ready. When everyone has, the match is on: its report deadline starts.
 * Returns the match as it is now.
 */
export async function pressReady(
  ctx: Context,
  matchPk: number,
  member: string,
): Promise<QueueMatch> {
  const { queues } = ctx.repos;
  return queues.transaction(async (tx) => {
    const match = await openMatch(ctx, tx, matchPk);
    const { players, mine } = await playerOf(ctx, tx, match, member);
    const now = ctx.now();
    if (match.state !== 'ready' || match.readyBy <= now) throw readyOver(match);
    if (mine.readyAt || !(await queues.ready(match.pk, mine.entrant, now, tx))) {
      throw refuse('invalid_request', 'readyAlready');
    }
    const everyone = players.every((p) => p === mine || p.readyAt !== null);
    const queue = await queues.byPk(match.queuePk, tx);
    const reportMinutes = queue?.reportMinutes ?? QUEUE_DEFAULTS.reportMinutes;
    const next = everyone
      ? {
          state: 'playing' as const,
          reportBy: new Date(now.getTime() + reportMinutes * 60_000),
        }
      : { state: 'ready' as const };
    if (!(await queues.move(match.pk, ['ready'], next, tx))) {
      throw refuse('invalid_request', 'checkOver');
    }
    return (await queues.match(match.pk, tx))!;
  });
}

/**
 * The member says they cannot play (or the ready check ran out on them): the match is
 * cancelled, the no-shows go out, and the others go back into the queue at the places they had.
 */
export async function declineReady(ctx: Context, matchPk: number, member: string): Promise<void> {
  await ctx.repos.queues.transaction(async (tx) => {
    const match = await openMatch(ctx, tx, matchPk);
    const { players, mine } = await playerOf(ctx, tx, match, member);
    if (match.state !== 'ready') throw readyOver(match);
    await failReadyCheck(ctx, tx, match, players, [mine]);
  });
}

async function failReadyCheck(
  ctx: Context,
  tx: EntityManager,
  match: QueueMatch,
  players: readonly QueuePlayer[],
  out: readonly QueuePlayer[],
): Promise<boolean> {
  const { queues } = ctx.repos;
  const reason = `not ready: ${out.map((p) => p.entrant).join(' ')}`;
  if (!(await queues.move(match.pk, ['ready'], { state: 'cancelled', reason }, tx))) return false;
  await queues.free(match.pk, tx);
  const back = players.filter((p) => !out.includes(p));
  if (await queues.byPk(match.queuePk, tx)) {
    await queues.putBack(
      match.queuePk,
      back.map((p) => ({
        entrant: p.entrant,
        joinedBy: p.joinedBy,
        queuePk: match.queuePk,
        since: p.since,
      })),
      tx,
    );
    await ctx.repos.schedules.plan(QUEUE_JOB, subjectOf(match.queuePk), ctx.now(), tx);
  }
  return true;
}

/** The ready check is over, and where the match is now. */
const readyOver = (match: Pick<QueueMatch, 'state'>) =>
  refuse('invalid_request', `readyOver.${match.state}`);

export type QueueReport =
  { result: 'won' | 'lost' | 'draw' } | { score: readonly [number, number] };

/**
 * A player reports the match: their side is side 1 of the report, the other side the opponents,
 * so nobody types who played. The report goes through `submit` as `/match report` does (the
 * board's opponent confirmation or moderator review). One report per match: the first press takes
 * it, and a report that fails validation gives it back.
 */
export async function reportQueueMatch(
  ctx: Context,
  input: {
    matchPk: number;
    member: string;
    report: QueueReport;
    reportedIn: { guildId: string | null; channelId: string | null };
  },
  hooks: SubmitHooks = {},
): Promise<Submitted & { board: Board }> {
  const { queues, boards } = ctx.repos;
  const taken = await queues.transaction(async (tx) => {
    const match = await openMatch(ctx, tx, input.matchPk);
    const { players, mine } = await playerOf(ctx, tx, match, input.member);
    if (match.state !== 'playing' || (match.reportBy && match.reportBy <= ctx.now())) {
      const late = match.state === 'playing';
      throw refuse('invalid_request', `cannotReport.${late ? 'late' : match.state}`);
    }
    if (
      !(await queues.move(
        match.pk,
        ['playing'],
        { state: 'reporting', reportedBy: input.member },
        tx,
      ))
    ) {
      throw refuse('invalid_request', 'reportedJustNow');
    }
    return { match, players, mine };
  });
  const board = (await boards.byPk(taken.match.boardPk))!;
  const side = (n: number) =>
    taken.players.filter((p) => p.side === n).map((p) => participantOf(p.entrant));
  const mySide = taken.mine.side;
  const body: Record<string, unknown> = { team1: side(mySide), team2: side(3 - mySide) };
  if ('score' in input.report) {
    [body.team1_score, body.team2_score] = input.report.score;
  } else {
    body.winner = { won: 'team1', lost: 'team2', draw: 'draw' }[input.report.result];
  }
  let submitted: Submitted;
  try {
    submitted = await submit(
      ctx,
      {
        board,
        kind: 'match',
        body,
        submittedBy: input.member,
        waitMs: ctx.config.syncWaitMs,
        reportedIn: input.reportedIn,
      },
      hooks,
    );
  } catch (err) {
    await queues.transaction((tx) =>
      queues.move(taken.match.pk, ['reporting'], { state: 'playing', reportedBy: null }, tx),
    );
    throw err;
  }
  await queues.transaction(async (tx) => {
    await queues.move(
      taken.match.pk,
      ['reporting'],
      { state: 'reported', submissionId: submitted.submission.id },
      tx,
    );
    await queues.free(taken.match.pk, tx);
  });
  return { ...submitted, board };
}

/** The API's participant for a queue entrant. */
function participantOf(entrant: string): Record<string, unknown> {
  if (entrant.startsWith('team:')) return { team_id: formatTeamId(Number(entrant.slice(5))) };
  return { chat_id: entrant.slice('chat:'.length) };
}

/**
 * A moderator (or an admin) calls an open match off: nobody's rating moves; players in a ready
 * check do not go back in. The caller has checked who may.
 */
export async function cancelQueueMatch(ctx: Context, matchPk: number, by: string): Promise<void> {
  await ctx.repos.queues.transaction(async (tx) => {
    const match = await openMatch(ctx, tx, matchPk);
    const moved = await ctx.repos.queues.move(
      match.pk,
      ['ready', 'playing'],
      { state: 'cancelled', reason: `cancelled by ${by}` },
      tx,
    );
    if (!moved) {
      throw refuse('invalid_request', `cannotCancel.${match.state}`);
    }
    await ctx.repos.queues.free(match.pk, tx);
  });
}

/**
 * One pass over a queue, in the scheduler's transaction (atomic: of several processes exactly one
 * takes each pass): ready checks past their deadline fail (the no-shows go out, the others back in
 * at their places), matches past their report deadline are cancelled, then matches are formed
 * from whoever waits, by the board's rule, at the clock's time.
 */
async function queueStep(ctx: Context, tx: EntityManager, queuePk: number): Promise<void> {
  const { queues, boards } = ctx.repos;
  const queue = await queues.byPk(queuePk, tx);
  const board = queue ? await boards.byPk(queue.boardPk, tx) : null;
  if (!queue || !board || queue.closedAt) return;
  const now = ctx.now();
  for (const match of await queues.openMatches(queue.pk, tx)) {
    if (match.state === 'ready' && match.readyBy <= now) {
      const players = await queues.players(match.pk, tx);
      await failReadyCheck(
        ctx,
        tx,
        match,
        players,
        players.filter((p) => p.readyAt === null),
      );
    } else if (match.reportBy && unreportedAt(match) <= now.getTime()) {
      if (
        await queues.move(
          match.pk,
          ['playing', 'reporting'],
          { state: 'cancelled', reason: 'unreported' },
          tx,
        )
      ) {
        await queues.free(match.pk, tx);
      }
    }
  }
  if ((await queues.dropBusy(queue.pk, tx)) > 0) await queues.touch(queue.pk, tx);
  const waits = await queues.waiting(queue.pk, tx);
  if (waits.length < 2) return;
  const ratings = await ratingsOf(
    ctx,
    board,
    waits.map((w) => w.entrant),
  );
  const waiting: Waiting[] = waits.map((w) => ({
    id: w.entrant,
    rating: ratings.get(w.entrant)!,
    since: w.since,
  }));
  const byId = new Map(waits.map((w) => [w.entrant, w]));
  const formed = formMatches(board, queue, waiting, now);
  for (const [side1, side2] of formed) {
    const entrants = [...side1, ...side2].map((w) => w.id);
    if (!(await queues.take(queue.pk, entrants, tx))) {
      throw new StepWaits('someone left the queue while it was being matched');
    }
    const predicted = teamExpectedScore(
      side1.map((w) => w.rating),
      side2.map((w) => w.rating),
    );
    const sides: [number, Waiting[]][] = [
      [1, side1],
      [2, side2],
    ];
    const match = await queues.insertMatch(
      {
        queuePk: queue.pk,
        boardPk: board.pk,
        state: 'ready',
        predictedPpm: Math.round(predicted * PPM),
        readyBy: new Date(now.getTime() + queue.readySeconds * 1000),
        reportBy: null,
        submissionId: null,
        reportedBy: null,
        reason: null,
        channelId: queue.channelId,
        messageId: null,
        version: 1,
        shownVersion: 0,
        leasedUntil: null,
        retryAt: null,
        attempts: 0,
        createdAt: now,
      },
      sides.flatMap(([side, players]) =>
        players.map((w) => ({
          entrant: w.id,
          joinedBy: byId.get(w.id)!.joinedBy,
          side,
          rating: Math.round(w.rating),
          since: w.since,
          readyAt: null,
          busy: w.id,
        })),
      ),
      tx,
    );
    log.info('queue match formed', { queue: queue.pk, match: match.pk, entrants });
  }
  if (formed.length > 0) await queues.touch(queue.pk, tx);
}

/** The matches to form now: 1v1 pairs (a team a side on fixed-teams boards), or one team game. */
function formMatches(
  board: Board,
  settings: QueueSettings,
  waiting: Waiting[],
  now: Date,
): [Waiting[], Waiting[]][] {
  if (board.fixedTeams || board.teamSize <= 1) {
    return pairOneVsOne(waiting, now, settings).map(([a, b]) => [[a], [b]]);
  }
  const formed: [Waiting[], Waiting[]][] = [];
  let left = waiting;
  for (;;) {
    const game = formTeamMatch(left, board.teamSize, now, settings, teamExpectedScore);
    if (!game) return formed;
    formed.push(game.sides);
    const used = new Set(game.sides.flat().map((w) => w.id));
    left = left.filter((w) => !used.has(w.id));
  }
}

/**
 * When an unreported match is called off: at its report deadline, or a grace later for a report
 * being sent then (a process that died sending one leaves the match `reporting`).
 */
const REPORTING_GRACE_MS = 5 * 60_000;
function unreportedAt(match: QueueMatch): number {
  const deadline = match.reportBy!.getTime();
  if (match.state === 'playing') return deadline;
  return match.state === 'reporting' ? deadline + REPORTING_GRACE_MS : Infinity;
}

/**
 * The queue's scheduled step (registered by the composition root with the pipeline's JOBS). It
 * runs every QUEUE_TICK_MS while anyone waits or a match is open, and stops when the queue is
 * idle; a join plans it again at once.
 */
export const queueJob: Job = {
  kind: QUEUE_JOB,
  atomic: true,
  step: (ctx, tx, subject) => queueStep(ctx, tx!, queueOfSubject(subject)),
  async next(ctx, subject, _dueAt, now) {
    const queuePk = queueOfSubject(subject);
    const { queues } = ctx.repos;
    const queue = await queues.byPk(queuePk);
    if (!queue || queue.closedAt) return null;
    const busy =
      (await queues.waiting(queuePk)).length > 0 || (await queues.openMatches(queuePk)).length > 0;
    return busy ? new Date(now.getTime() + QUEUE_TICK_MS) : null;
  },
};
