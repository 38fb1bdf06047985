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
