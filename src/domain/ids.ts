/** DESIGN.md 3: owners are guild or user workspaces. */
export const OWNER_ID = /^(guild|user):\d{17,20}$/;
export type OwnerKind = 'guild' | 'user';

export function ownerKind(ownerId: string): OwnerKind {
  return ownerId.startsWith('user:') ? 'user' : 'guild';
}

/** spec 2.1: board ids are 1–100 characters (counted as Unicode code points). */
export function isBoardId(value: string): boolean {
  const length = [...value].length;
  return length >= 1 && length <= 100;
}

export const HANDLE = /^sub_(\d+)$/;
export const formatHandle = (n: number) => `sub_${n}`;
export const formatTeamId = (n: number) => `team_${n}`;
export const formatBoardId = (n: number) => `board_${n}`;
