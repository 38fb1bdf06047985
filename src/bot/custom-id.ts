import { submissionIdOf } from '../domain/ids';
import type { Decision } from '../pipeline/review';

/** A review message's buttons: a decision, or Adjust (opens a modal with the corrected result). */
export type ReviewAction = Decision | 'adjust';

/** The review buttons' custom ids: `review:approve:sub_12`, `review:decline:sub_12`, `review:adjust:sub_12`. */
export interface ReviewButton {
  decision: ReviewAction;
  handle: string;
  submissionId: number;
}

export const reviewButtonId = (decision: ReviewAction, handle: string) =>
  `review:${decision}:${handle}`;

/** The Adjust modal's custom id: `adjust:sub_12`. */
export const adjustModalId = (handle: string) => `adjust:${handle}`;

/** The Decline modal's custom id (an optional reason): `decline:sub_12`. */
export const declineModalId = (handle: string) => `decline:${handle}`;

/** Decodes a review button's custom id; null for anything else or anything malformed. */
export function parseReviewButton(customId: string): ReviewButton | null {
  const [prefix, decision, handle, ...rest] = customId.split(':');
  if (prefix !== 'review' || rest.length > 0 || handle === undefined) return null;
  if (decision !== 'approve' && decision !== 'decline' && decision !== 'adjust') return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { decision, handle, submissionId: id };
}

export function parseAdjustModal(
  customId: string,
  expected: 'adjust' | 'decline' = 'adjust',
): { handle: string; submissionId: number } | null {
  const [prefix, handle, ...rest] = customId.split(':');
  if (prefix !== expected || rest.length > 0 || handle === undefined) return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { handle, submissionId: id };
}

/** Decodes the Decline modal's custom id; null for anything else or anything malformed. */
export const parseDeclineModal = (customId: string) => parseAdjustModal(customId, 'decline');

/** A waiting report's buttons (src/bot/confirm-button.ts): `confirm:dispute:sub_12`. */
export type ConfirmAction = 'confirm' | 'dispute' | 'withdraw';

export const confirmButtonId = (action: ConfirmAction, handle: string) =>
  `confirm:${action}:${handle}`;

/** Decodes a confirmation button's custom id; null for anything else or anything malformed. */
export function parseConfirmButton(
  customId: string,
): { action: ConfirmAction; handle: string; submissionId: number } | null {
  const [prefix, action, handle, ...rest] = customId.split(':');
  if (prefix !== 'confirm' || rest.length > 0 || handle === undefined) return null;
  if (action !== 'confirm' && action !== 'dispute' && action !== 'withdraw') return null;
  const id = submissionIdOf(handle);
  return id === null ? null : { action, handle, submissionId: id };
}

/** The buttons under /board delete's confirmation (commands/board-delete.ts). */
export const BOARD_DELETE_PREFIX = 'boarddelete:';
export type BoardDeleteAction = 'delete' | 'cancel';

/**
 * `boarddelete:delete:12:<member>:<until>`: the board by pk (its id may be 100 characters), the
 * member who asked (only they may press), and until when, in seconds since the epoch.
 */
export interface BoardDeleteButton {
  action: BoardDeleteAction;
  boardPk: number;
  memberId: string;
  until: Date;
}

export const boardDeleteButtonId = (b: BoardDeleteButton) =>
  `${BOARD_DELETE_PREFIX}${b.action}:${b.boardPk}:${b.memberId}:${Math.floor(b.until.getTime() / 1000)}`;

/** Decodes a /board delete button's custom id; null for anything else or anything malformed. */
export function parseBoardDeleteButton(customId: string): BoardDeleteButton | null {
  const m = /^boarddelete:(delete|cancel):(\d{1,15}):(\d{1,20}):(\d{1,12})$/.exec(customId);
  if (!m) return null;
  return {
    action: m[1] as BoardDeleteAction,
    boardPk: Number(m[2]),
    memberId: m[3]!,
    until: new Date(Number(m[4]) * 1000),
  };
}

/** /setup's components and its board-name modal (commands/setup.ts). */
export const SETUP_PREFIX = 'setup:';
export const SETUP_STEPS = [
  'role', // the moderator role picked (a role select)
  'skiprole',
  'channel', // the review channel picked (a channel select)
  'skipchannel',
  'type', // the first board's type picked (a string select): opens the name modal
  'name', // the name modal submitted: creates the board
  'live', // the live standings channel picked (a channel select)
  'skiplive',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/**
 * What /setup carries from step to step, so no server memory is trusted: the admin who ran it
 * (only they may go on), and either the choices so far (role, channel, type: checked again
 * where they are used) or, once the board exists, the board by pk (the rest is on the board).
 *
 *   setup:channel:<member>:<role|->:<channel|->[:<type>]     at most 90 characters
 *   setup:live:<member>:<boardPk>
 */
export type SetupState = { step: SetupStep; memberId: string } & (
  { roleId: string | null; channelId: string | null; type: string | null } | { boardPk: number }
);

const orDash = (id: string | null) => id ?? '-';

export const setupId = (s: SetupState) =>
  'boardPk' in s
    ? `${SETUP_PREFIX}${s.step}:${s.memberId}:${s.boardPk}`
    : `${SETUP_PREFIX}${s.step}:${s.memberId}:${orDash(s.roleId)}:${orDash(s.channelId)}${s.type ? `:${s.type}` : ''}`;

/** Decodes a /setup custom id; null for anything else or anything malformed. */
export function parseSetupId(customId: string): SetupState | null {
  const board = /^setup:(live|skiplive):(\d{1,20}):(\d{1,15})$/.exec(customId);
  if (board) {
    return { step: board[1] as SetupStep, memberId: board[2]!, boardPk: Number(board[3]) };
  }
  const m =
    /^setup:([a-z]{1,12}):(\d{1,20}):(-|\d{17,20}):(-|\d{17,20})(?::([A-Za-z]{1,12}))?$/.exec(
      customId,
    );
  const step = SETUP_STEPS.find((s) => s === m?.[1]);
  if (!m || !step || step === 'live' || step === 'skiplive') return null;
  const dash = (v: string) => (v === '-' ? null : v);
  return { step, memberId: m[2]!, roleId: dash(m[3]!), channelId: dash(m[4]!), type: m[5] ?? null };
}

/**
 * A queue message's buttons (src/bot/queue-message.ts, commands/queue-buttons.ts):
 * `queue:join:<queuePk>`, `queue:leave:<queuePk>`.
 */
export const QUEUE_PREFIX = 'queue:';
export type QueueAction = 'join' | 'leave';
export const queueButtonId = (action: QueueAction, queuePk: number) =>
  `${QUEUE_PREFIX}${action}:${queuePk}`;

export function parseQueueButton(
  customId: string,
): { action: QueueAction; queuePk: number } | null {
  const m = /^queue:(join|leave):(\d{1,15})$/.exec(customId);
  return m ? { action: m[1] as QueueAction, queuePk: Number(m[2]) } : null;
}

/**
 * A queue match's buttons: `qmatch:<action>:<matchPk>`. Ready and Can't play during its ready
 * check; then Won, Lost, Draw (ELO: for the presser's side) or Score (League: opens the
 * `qscore:<matchPk>` modal, the presser's side first); Cancel for moderators.
 */
export const QUEUE_MATCH_PREFIX = 'qmatch:';
export const QUEUE_SCORE_PREFIX = 'qscore:';
export const QUEUE_MATCH_ACTIONS = [
  'ready',
  'decline',
  'won',
  'lost',
  'draw',
  'score',
  'cancel',
] as const;
export type QueueMatchAction = (typeof QUEUE_MATCH_ACTIONS)[number];
export const queueMatchButtonId = (action: QueueMatchAction, matchPk: number) =>
  `${QUEUE_MATCH_PREFIX}${action}:${matchPk}`;
export const queueScoreModalId = (matchPk: number) => `${QUEUE_SCORE_PREFIX}${matchPk}`;

export function parseQueueMatchButton(
  customId: string,
): { action: QueueMatchAction; matchPk: number } | null {
  const m = /^qmatch:([a-z]{3,7}):(\d{1,15})$/.exec(customId);
  const action = QUEUE_MATCH_ACTIONS.find((a) => a === m?.[1]);
  return m && action ? { action, matchPk: Number(m[2]) } : null;
}

export function parseQueueScoreModal(customId: string): { matchPk: number } | null {
  const m = /^qscore:(\d{1,15})$/.exec(customId);
  return m ? { matchPk: Number(m[1]) } : null;
}
