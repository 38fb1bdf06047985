import type { EntityManager } from 'typeorm';
import type { Board } from '../../entities/board';
import { wholeInRange } from '../domain/errors';
import { boardOfSubject, boardSubject } from '../domain/ids';
import { nameOf } from '../domain/names';
import {
  nextSeason,
  SEASON_RESETS,
  seasonTitle,
  softReset,
  type Season,
  type SeasonReset,
  type SeasonStanding,
} from '../domain/season';
import { recordAudit } from './audit';
import { seasonEndedLine, seasonEndingLine, seasonStartedLine } from './audit-lines';
import { ownedBoard } from './board-reads';
import type { Context } from './context';
import { invalidSaid, refusal } from '../domain/errors';
import { archiveContest } from './contests';
import { StepWaits, type Job } from './job';
import { utcMinute } from '../domain/display';

export const SEASON_END_KIND = 'season-end';
/** Announcements of a season: `season:<pk>:start`, `:soon` (a day before the end) and `:end`. */
export const SEASON_ANNOUNCE_KIND = 'season-announce';
export type SeasonMoment = 'start' | 'soon' | 'end';
export const announceSubject = (season: Pick<Season, 'pk'>, moment: SeasonMoment) =>
  `season:${season.pk}:${moment}`;
export function announcedOf(subject: string): { seasonPk: number; moment: SeasonMoment } | null {
  const m = /^season:(\d+):(start|soon|end)$/.exec(subject);
  return m ? { seasonPk: Number(m[1]), moment: m[2] as SeasonMoment } : null;
}

const DAY_MS = 86_400_000;
/** Seasons end at most this far ahead (ten years): a typo in a date is refused, not kept. */
const LONGEST_MS = 3650 * DAY_MS;
/** A reminder goes out this long before a scheduled end, for seasons longer than twice that. */
export const REMINDER_BEFORE_MS = DAY_MS;

export interface SeasonInput {
  name?: string;
  /** Ends this many days after now; or give `endsAt`; neither runs until ended by command. */
  days?: number;
  endsAt?: Date;
  reset?: SeasonReset;
  softPercent?: number;
  /** Announcement channel; null announces nowhere; absent keeps the last season's. */
  channelId?: string | null;
  topN?: number;
  repeat?: boolean;
}

/**
 * Starts a board's next season, for Manage Server in chat and the operator in the CLI. Settings
 * not given are the last season's (reset, announcement channel, top N), so a series keeps its
 * rules. The standings carry into the first season as they are: a season's end is what resets.
 */
export async function startSeason(
  ctx: Context,
  ownerId: string,
  boardId: string,
  input: SeasonInput,
  /** Who starts it, for the audit line: `chat:<id>` in chat; the operator (`cli`) by default. */
  by = 'cli',
): Promise<{ board: Board; season: Season }> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  if (board.type === 'Rating' && input.reset !== undefined && input.reset !== 'hard') {
    throw invalidSaid('admin.season.errors.roundAfresh');
  }
  const now = ctx.now();
  if (input.days !== undefined && input.endsAt !== undefined) {
    throw invalidSaid('admin.season.errors.daysOrEnd');
  }
  const endsAt =
    input.days !== undefined
      ? new Date(now.getTime() + wholeInRange('days', input.days, 1, 3650) * DAY_MS)
      : (input.endsAt ?? null);
  if (
    endsAt &&
    (endsAt.getTime() <= now.getTime() || endsAt.getTime() - now.getTime() > LONGEST_MS)
  ) {
    throw invalidSaid('admin.season.errors.endInFuture');
  }
  if (input.reset !== undefined && !SEASON_RESETS.includes(input.reset)) {
    throw invalidSaid('admin.season.errors.reset', { resets: SEASON_RESETS.join(', ') });
  }
  if (input.reset !== undefined && input.reset !== 'hard' && board.type !== 'ELO') {
    throw invalidSaid('admin.season.errors.onlyElo', { type: board.type });
  }
  if (input.repeat && !endsAt) throw invalidSaid('admin.season.errors.repeatNeedsEnd');
  const name = input.name === undefined ? null : nameOf(input.name, 'season name');
  const season = await ctx.repos.db.transaction(async (tx) => {
    // The schedule row first, then the board: the order the scheduler takes them in.
    await ctx.repos.schedules.cancel(SEASON_END_KIND, boardSubject(board.pk), tx);
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    const running = await ctx.repos.seasons.open(board.pk, tx);
    if (running) {
      throw running.endsAt
        ? invalidSaid('admin.season.errors.runningUntil', {
            number: running.number,
            until: utcMinute(running.endsAt),
          })
        : invalidSaid('admin.season.errors.running', { number: running.number });
    }
    const last = await ctx.repos.seasons.latest(board.pk, tx);
    const number = (last?.number ?? 0) + 1;
    const reset = input.reset ?? last?.reset ?? 'hard';
    const created = await ctx.repos.seasons.insert(
      {
        boardPk: board.pk,
        number,
        name: name ?? `Season ${number}`,
        startedAt: now,
        endsAt,
        endedAt: null,
        reset,
        softPercent:
          reset === 'soft'
            ? wholeInRange('soft_percent', input.softPercent ?? last?.softPercent ?? 50, 1, 99)
            : (last?.softPercent ?? 50),
        channelId: input.channelId !== undefined ? input.channelId : (last?.channelId ?? null),
        topN: wholeInRange('top', input.topN ?? last?.topN ?? 10, 1, 25),
        repeat: input.repeat ?? false,
      },
      tx,
    );
    if (endsAt) await ctx.repos.schedules.plan(SEASON_END_KIND, boardSubject(board.pk), endsAt, tx);
    await planAnnouncements(ctx, tx, created, true);
    await recordAudit(ctx, tx, board.ownerId, (locale) =>
      seasonStartedLine(by, board, created, locale),
    );
    return created;
  });
  return { board, season };
}

/**
 * The announcements of a season that has just started: its start (unless the end announcement of
 * its predecessor says it) and a reminder a day before a scheduled end.
 */
async function planAnnouncements(
  ctx: Context,
  tx: EntityManager,
  season: Season,
  announceStart: boolean,
) {
  const { schedules } = ctx.repos;
  if (!season.channelId) return;
  if (announceStart) {
    await schedules.plan(
      SEASON_ANNOUNCE_KIND,
      announceSubject(season, 'start'),
      season.startedAt,
      tx,
    );
  }
  if (
    season.endsAt &&
    season.endsAt.getTime() - season.startedAt.getTime() > 2 * REMINDER_BEFORE_MS
  ) {
    const at = new Date(season.endsAt.getTime() - REMINDER_BEFORE_MS);
    await schedules.plan(SEASON_ANNOUNCE_KIND, announceSubject(season, 'soon'), at, tx);
  }
}

/**
 * Ends the board's running season now, by command: its end moves to now and it no longer repeats
 * (a manager who ends a series early starts the next by hand). It closes at once unless
 * submissions queued before now still wait for the worker; then it closes as soon as they are
 * recorded (the scheduler's step), by the same rule as a scheduled end.
 */
export async function endSeason(
  ctx: Context,
  ownerId: string,
  boardId: string,
  /** Who ends it, for the audit line: `chat:<id>` in chat; the operator (`cli`) by default. */
  by = 'cli',
): Promise<{ board: Board; season: Season; closed: boolean }> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  const now = ctx.now();
  return ctx.repos.db.transaction(async (tx) => {
    await ctx.repos.schedules.plan(SEASON_END_KIND, boardSubject(board.pk), now, tx);
    await ctx.repos.results.lockBoard(tx, board.pk, false);
    const running = await ctx.repos.seasons.open(board.pk, tx);
    if (!running) {
      await ctx.repos.schedules.cancel(SEASON_END_KIND, boardSubject(board.pk), tx);
      throw invalidSaid('admin.season.errors.noneRunning', { board: board.id });
    }
    // An end that has passed (the season waits to close) stays: moving it to now would pull the
    // results queued since into the old season and stop a series that has rolled over.
    const overdue = running.endsAt !== null && running.endsAt.getTime() <= now.getTime();
    const endsAt = overdue ? running.endsAt! : now;
    const repeat = overdue && running.repeat;
    await ctx.repos.seasons.setEnd(running.pk, endsAt, repeat, tx);
    await ctx.repos.schedules.cancel(SEASON_ANNOUNCE_KIND, announceSubject(running, 'soon'), tx);
    const season = { ...running, endsAt, repeat };
    const { closed } = await closeDueSeasons(ctx, tx, board, now, by);
    // Closed now, the close's line names who ended it; otherwise the close follows as Tally's.
    if (closed === 0)
      await recordAudit(ctx, tx, board.ownerId, (locale) =>
        seasonEndingLine(by, board, season, locale),
      );
    if (closed > 0 && !repeat) {
      await ctx.repos.schedules.cancel(SEASON_END_KIND, boardSubject(board.pk), tx);
    }
    return {
      board,
      season: closed > 0 ? { ...season, endedAt: endsAt } : season,
      closed: closed > 0,
    };
  });
}

/**
 * Closes every season of the board whose end is at or before `at`, oldest first, in the caller's
 * transaction (which holds the board lock): called before the worker records a submission queued
 * at `at`, before a review applies at `at`, before a decay step due at `at`, and by the scheduled
 * end. A season closes only once nothing queued before its end waits (README "Seasons").
 * Returns how many closed, the season open after them, and whether that one is over but waits
 * for submissions queued before its end (a caller that would change standings must wait too).
 */
export async function closeDueSeasons(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  at: Date,
  /** Who closes them, for the audit line: Tally itself (`auto`) unless a command ends a season. */
  by = 'auto',
): Promise<{ closed: number; open: Season | null; waiting: boolean }> {
  let closed = 0;
  for (;;) {
    const open = await ctx.repos.seasons.open(board.pk, tx);
    if (!open?.endsAt || open.endsAt.getTime() > at.getTime()) {
      return { closed, open, waiting: false };
    }
    if (await ctx.repos.seasons.queuedBefore(board.pk, open.endsAt, tx)) {
      return { closed, open, waiting: true }; // over, but not closed: what was queued comes first
    }
    await closeSeason(ctx, tx, board, open, by);
    closed++;
  }
}

/**
 * A season's end, in one transaction with the board locked: the standings are archived with
 * their ranks, reset by the season's policy (rating moves recorded as changes with their cause),
 * the live standings message starts afresh, the end is announced, and a repeating season's
 * successor starts at the same moment. The season-end schedule row is left alone: the scheduler
 * may hold it while it waits for this board's lock, and its step reads what is open then.
 */
async function closeSeason(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  season: Season,
  by: string,
) {
  const at = season.endsAt!;
  if (!(await ctx.repos.seasons.close(season.pk, at, tx))) return;
  if (board.type === 'Rating') {
    await archiveContest(ctx, tx, board, season); // a contest round: its entries, ranked
  } else {
    await ctx.repos.seasons.archive(tx, season, board);
    await resetStandings(ctx, tx, board, season, at);
  }
  await ctx.repos.liveStandings.restart(board.pk, tx);
  await ctx.repos.schedules.cancel(SEASON_ANNOUNCE_KIND, announceSubject(season, 'soon'), tx);
  if (season.channelId) {
    await ctx.repos.schedules.plan(SEASON_ANNOUNCE_KIND, announceSubject(season, 'end'), at, tx);
  }
  const successor = nextSeason(season, at);
  const started = successor ? await ctx.repos.seasons.insert(successor, tx) : null;
  // The end announcement says the next has begun; no separate start message.
  if (started) await planAnnouncements(ctx, tx, started, false);
  const ended = { ...season, endedAt: at };
  await recordAudit(ctx, tx, board.ownerId, (locale) =>
    seasonEndedLine(by, board, ended, started, locale),
  );
}

async function resetStandings(
  ctx: Context,
  tx: EntityManager,
  board: Board,
  season: Season,
  at: Date,
): Promise<void> {
  const { seasons, results } = ctx.repos;
  const start = board.startRating ?? 1000;
  const why = (cause: string) => ({ kind: 'season', at, ref: null, cause }) as const;
  if (board.type !== 'ELO' || season.reset === 'hard') {
    const cause = `${seasonTitle(season)} ended: standings start again`;
    await ctx.repos.history.recordClear(tx, board, at, cause);
    await seasons.clearEntries(tx, board.pk);
    return;
  }
  if (season.reset === 'keep') {
    await seasons.clearRecords(tx, board.pk);
    return;
  }
  const entries = await results.boardEntries(tx, board.pk);
  const moved = entries
    .map((entry) => ({ entry, elo: softReset(entry.elo ?? start, start, season.softPercent) }))
    .filter(({ entry, elo }) => elo !== entry.elo);
  await seasons.clearRecords(tx, board.pk);
  await results.saveEntries(
    tx,
    board,
    moved.map(({ entry, elo }) => ({ ...entry, elo, wins: 0, draws: 0, losses: 0 })),
    why(`${seasonTitle(season)} ended: ${season.softPercent}% back toward ${start}`),
    entries,
  );
}

/** A season that cannot close yet: the scheduler tries the same step again next pass. */
export class SeasonWaits extends StepWaits {
  constructor(readonly boardPk: number) {
    super(`board ${boardPk}: a season end waits for submissions queued before it`);
    this.name = 'SeasonWaits';
  }
}

/**
 * The scheduled end of a board's season (exactly once, with the take): closes it unless another
 * path closed it first (a result, review or decay step after the end), or waits a pass while
 * submissions queued before the end are still being recorded. Its next step is the successor's
 * end: the season that is open after this step, read before it.
 */
export const seasonEndJob: Job = {
  kind: SEASON_END_KIND,
  atomic: true,
  async step(ctx, tx, subject, dueAt) {
    const boardPk = boardOfSubject(subject);
    await ctx.repos.results.lockBoard(tx!, boardPk, false);
    const board = await ctx.repos.boards.byPk(boardPk, tx!);
    const season = board && (await ctx.repos.seasons.open(boardPk, tx!));
    if (!board || !season?.endsAt || season.endsAt.getTime() > dueAt.getTime()) return;
    if (await ctx.repos.seasons.queuedBefore(boardPk, season.endsAt, tx!)) {
      throw new SeasonWaits(boardPk);
    }
    await closeDueSeasons(ctx, tx!, board, dueAt);
  },
  async next(ctx, subject, dueAt) {
    const season = await ctx.repos.seasons.open(boardOfSubject(subject));
    if (!season?.endsAt) return null;
    if (season.endsAt.getTime() > dueAt.getTime()) return season.endsAt; // closed meanwhile
    return nextSeason(season, season.endsAt)?.endsAt ?? null;
  },
};

/** An ended season of a board by its number (chat and the public page), or why there is none. */
export async function seasonOf(ctx: Context, board: Board, number: number): Promise<Season> {
  const season = await ctx.repos.seasons.byNumber(board.pk, number);
  if (!season || !season.endedAt) {
    const current = await ctx.repos.seasons.open(board.pk);
    throw current?.number === number
      ? refusal('not_found', 'admin.season.errors.stillRunning', { number })
      : refusal('not_found', 'admin.season.errors.noEnded', { board: board.id, number });
  }
  return season;
}

/** A season announcement to post (src/bot/jobs/season-announce.ts): which, of which board. */
export interface SeasonAnnouncement {
  board: Board;
  season: Season;
  moment: SeasonMoment;
  /** For the end: the season that followed it, if one runs now. */
  successor: Season | null;
}

/** The announcement a scheduled step names, or null when its season or board is gone. */
export async function seasonAnnouncementOf(
  ctx: Context,
  subject: string,
): Promise<SeasonAnnouncement | null> {
  const which = announcedOf(subject);
  const season = which && (await ctx.repos.seasons.byPk(which.seasonPk));
  const board = season && (await ctx.repos.boards.byPk(season.boardPk));
  if (!which || !season || !board) return null;
  const next =
    which.moment === 'end' ? await ctx.repos.seasons.byNumber(board.pk, season.number + 1) : null;
  return {
    board,
    season,
    moment: which.moment,
    successor: next && !next.endedAt ? next : null,
  };
}

export type { Season, SeasonStanding };
