import type { Board } from '../../entities/board';
import type { BoardSort } from '../domain/vocabulary';
import { BOARD_TYPES } from '../domain/vocabulary';
import { TeamEntity, type Team } from '../../entities/team';
import { DEFAULTS, isMatchBoard } from '../domain/board-rules';
import { checkStandingsSize, DISPLAY_DEFAULTS, type BoardDisplay } from '../domain/board-display';
import { nameOf } from '../domain/names';
import { wholeInRange } from '../domain/errors';
import { formatBoardId, formatTeamId, isBoardId } from '../domain/ids';
import { ownedBoard } from './board-reads';
import type { Context } from './context';
import { invalidSaid } from '../domain/errors';
import { requireOwner } from './owners';
import {
  CONFIRM_DEFAULTS,
  CONFIRM_WINDOW_RANGE,
  ON_SILENCE,
  REVIEW_MODES,
  type OnSilence,
  type ReviewMode,
} from '../domain/confirmation';

export interface BoardInput {
  ownerId: string;
  type: string;
  id?: string;
  name?: string;
  sort?: string;
  teamSize?: number;
  fixedTeams?: boolean;
  freeForAll?: boolean;
  windowHours?: number;
  kFactor?: number;
  startRating?: number;
  points?: [number, number, number];
  /** Opponent confirmation (src/domain/confirmation.ts): `moderators` or `opponents`. */
  reviewMode?: string;
  confirmWindowHours?: number;
  onSilence?: string;
  moderatorChannelId?: string;
  moderatorRoleId?: string;
  /** Chat reports must carry evidence (a link or an attachment); API writes are unaffected. */
  evidenceRequired?: boolean;
}

function checkInt(name: string, value: number | undefined, min: number, max: number): void {
  if (value !== undefined) wholeInRange(name, value, min, max);
}

function settings(input: BoardInput): Omit<Board, 'pk' | 'ownerId' | 'id' | 'createdAt'> {
  const type = BOARD_TYPES.find((t) => t.toLowerCase() === input.type.toLowerCase());
  if (!type) throw invalidSaid('admin.errors.type', { types: BOARD_TYPES.join(', ') });
  if (input.sort !== undefined && input.sort !== 'asc' && input.sort !== 'desc') {
    throw invalidSaid('admin.errors.sort');
  }
  checkInt('team size', input.teamSize, 1, 8);
  checkInt('validation window', input.windowHours, 0, 999);
  checkInt('k factor', input.kFactor, 1, 1000);
  checkInt('start rating', input.startRating, 0, 1_000_000);
  input.points?.forEach((p) => checkInt('points', p, -1_000_000, 1_000_000));
  const matchBoard = isMatchBoard({ type });
  if (!matchBoard && (input.fixedTeams || input.freeForAll || (input.teamSize ?? 1) !== 1)) {
    throw invalidSaid('admin.errors.teamsMatchesOnly');
  }
  if (type !== 'ELO' && (input.kFactor !== undefined || input.startRating !== undefined)) {
    throw invalidSaid('admin.errors.eloOnly');
  }
  if (type !== 'League' && input.points) throw invalidSaid('admin.errors.pointsLeagueOnly');
  const confirmation = confirmationOf(input, matchBoard, CONFIRM_DEFAULTS);
  return {
    ...confirmation,
    displayName: input.name === undefined ? '' : nameOf(input.name, 'board name'),
    type,
    sort: (input.sort as BoardSort | undefined) ?? DEFAULTS.sortOf(type),
    teamSize: input.teamSize ?? 1,
    fixedTeams: input.fixedTeams ?? false,
    freeForAll: input.freeForAll ?? false,
    validationWindowHours: input.windowHours ?? DEFAULTS.validationWindowHours,
    kFactor: type === 'ELO' ? (input.kFactor ?? DEFAULTS.kFactor) : null,
    startRating: type === 'ELO' ? (input.startRating ?? DEFAULTS.startRating) : null,
    pointsWin: type === 'League' ? (input.points?.[0] ?? DEFAULTS.points[0]) : null,
    pointsDraw: type === 'League' ? (input.points?.[1] ?? DEFAULTS.points[1]) : null,
    pointsLoss: type === 'League' ? (input.points?.[2] ?? DEFAULTS.points[2]) : null,
    moderatorChannelId: input.moderatorChannelId ?? null,
    moderatorRoleId: input.moderatorRoleId ?? null,
    evidenceRequired: input.evidenceRequired ?? false,
    private: false,
    ...DISPLAY_DEFAULTS,
  };
}

/**
 * Checks a new board's settings without touching the database, so a front end that creates the
 * owner on first use (chat) creates it only for a board that will be made.
 */
export function checkBoardInput(input: Omit<BoardInput, 'ownerId'>): void {
  settings({ ...input, ownerId: '' });
}

/** Creates a board; new boards get `board_<n>` from the global sequence (DESIGN.md 3). */
export async function createBoard(ctx: Context, input: BoardInput): Promise<Board> {
  const owner = await requireOwner(ctx, input.ownerId);
  const values = settings(input);
  if (input.id !== undefined && !isBoardId(input.id))
    throw invalidSaid('admin.errors.boardIdLength');
  return ctx.repos.db.transaction(async (tx) => {
    if (input.id !== undefined && (await ctx.repos.boards.byId(owner.id, input.id, tx))) {
      throw invalidSaid('admin.errors.boardExists', { owner: owner.id, id: input.id });
    }
    // The sequence is the row's own key: insert under a placeholder, then name it after the key.
    const placeholder = input.id ?? `\u0000new-${ctx.now().getTime()}-${Math.random()}`;
    const board = await ctx.repos.boards.insert(
      {
        ...values,
        ownerId: owner.id,
        id: placeholder,
        displayName: values.displayName || placeholder,
        createdAt: ctx.now(),
      },
      tx,
    );
    if (input.id === undefined) {
      board.id = formatBoardId(board.pk);
      board.displayName = values.displayName || board.id;
      await ctx.repos.boards.rename(board.pk, board.id, board.displayName, tx);
    }
    return board;
  });
}

export async function createTeam(
  ctx: Context,
  ownerId: string,
  boardId: string,
  name: string,
): Promise<Team & { teamId: string }> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  if (!board.fixedTeams) throw invalidSaid('admin.errors.notFixedTeams', { board: boardId });
  const team = await ctx.repos.teams.insert({
    boardPk: board.pk,
    name: nameOf(name, 'team name'),
    createdAt: ctx.now(),
  });
  return { ...team, teamId: formatTeamId(team.pk) };
}

/**
 * The review mode and its window and silence rule, checked; `base` fills what is not given.
 * Only match boards have opponents to ask (README "Opponent confirmation").
 */
function confirmationOf(
  input: { reviewMode?: string; confirmWindowHours?: number; onSilence?: string },
  matchBoard: boolean,
  base: { reviewMode: ReviewMode; confirmWindowHours: number; onSilence: OnSilence },
): Pick<Board, 'reviewMode' | 'confirmWindowHours' | 'confirmOnSilence'> {
  const mode = input.reviewMode ?? base.reviewMode;
  if (!REVIEW_MODES.includes(mode as ReviewMode)) {
    throw invalidSaid('admin.errors.reviewMode', { modes: REVIEW_MODES.join(', ') });
  }
  if (mode === 'opponents' && !matchBoard) {
    throw invalidSaid('admin.errors.opponentsMatchesOnly');
  }
  const onSilence = input.onSilence ?? base.onSilence;
  if (!ON_SILENCE.includes(onSilence as OnSilence)) {
    throw invalidSaid('admin.errors.onSilence', { values: ON_SILENCE.join(', ') });
  }
  checkInt('confirmation window', input.confirmWindowHours, ...CONFIRM_WINDOW_RANGE);
  return {
    reviewMode: mode as ReviewMode,
    confirmWindowHours: input.confirmWindowHours ?? base.confirmWindowHours,
    confirmOnSilence: onSilence as OnSilence,
  };
}

export interface BoardEdit {
  reviewMode?: string;
  confirmWindowHours?: number;
  onSilence?: string;
  name?: string;
  windowHours?: number;
  moderatorChannelId?: string | null;
  moderatorRoleId?: string | null;
  evidenceRequired?: boolean;
  /** Off the public pages but for its server's signed-in members (public-reads.ts mayView). */
  private?: boolean;
  /** How its standings look (src/domain/board-display.ts); not a Rating board's (a contest). */
  medals?: boolean;
  standingsSize?: number;
  showRecord?: boolean;
  showSubmissions?: boolean;
}

/** The display settings an edit gives, checked (a contest's entries have a layout of their own). */
function displayOf(board: Board, edit: BoardEdit): Partial<BoardDisplay> {
  const display: Partial<BoardDisplay> = {
    ...(edit.medals !== undefined ? { medals: edit.medals } : {}),
    ...(edit.standingsSize !== undefined
      ? { standingsSize: checkStandingsSize(edit.standingsSize) }
      : {}),
    ...(edit.showRecord !== undefined ? { showRecord: edit.showRecord } : {}),
    ...(edit.showSubmissions !== undefined ? { showSubmissions: edit.showSubmissions } : {}),
  };
  if (board.type === 'Rating' && Object.keys(display).length > 0) {
    throw invalidSaid('admin.errors.displayRating');
  }
  return display;
}

/**
 * Changes what can change without rewriting history: the name, the validation window, where
 * review happens and whether the public pages show it. Type, sort, team shape and scoring
 * settings stay as created (entries were computed with them).
 */
export async function editBoard(
  ctx: Context,
  ownerId: string,
  boardId: string,
  edit: BoardEdit,
): Promise<Board> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  checkInt('validation window', edit.windowHours, 0, 999);
  const name = edit.name === undefined ? undefined : nameOf(edit.name, 'board name');
  const confirmation =
    edit.reviewMode !== undefined ||
    edit.confirmWindowHours !== undefined ||
    edit.onSilence !== undefined
      ? confirmationOf(edit, isMatchBoard(board), {
          reviewMode: board.reviewMode,
          confirmWindowHours: board.confirmWindowHours,
          onSilence: board.confirmOnSilence,
        })
      : {};
  const fields: Partial<Board> = {
    ...confirmation,
    ...(name !== undefined ? { displayName: name } : {}),
    ...(edit.windowHours !== undefined ? { validationWindowHours: edit.windowHours } : {}),
    ...(edit.moderatorChannelId !== undefined
      ? { moderatorChannelId: edit.moderatorChannelId }
      : {}),
    ...(edit.moderatorRoleId !== undefined ? { moderatorRoleId: edit.moderatorRoleId } : {}),
    ...(edit.evidenceRequired !== undefined ? { evidenceRequired: edit.evidenceRequired } : {}),
    ...(edit.private !== undefined ? { private: edit.private } : {}),
    ...displayOf(board, edit),
  };
  if (Object.keys(fields).length === 0) throw invalidSaid('admin.errors.nothingToChange');
  await ctx.repos.boards.update(board.pk, fields);
  return { ...board, ...fields };
}

export async function listTeams(
  ctx: Context,
  ownerId: string,
  boardId: string,
): Promise<(Team & { teamId: string })[]> {
  const board = await ownedBoard(ctx, ownerId, boardId);
  const teams = await ctx.repos.db.run((m) =>
    m.find(TeamEntity, { where: { boardPk: board.pk }, order: { pk: 'ASC' }, take: 100 }),
  );
  return teams.map((team) => ({ ...team, teamId: formatTeamId(team.pk) }));
}
