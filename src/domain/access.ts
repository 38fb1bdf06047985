import type { Board } from './board';

/**
 * Who may do what in a server (DESIGN.md 1), one rule for every edge: chat reads it from the
 * member Discord sends with an interaction, the dashboard from the member's own OAuth2 reads.
 *
 * - Manage Server (or Administrator, or owning the server) administers boards, keys and the
 *   audit trail, and moderates every board;
 * - a board's moderator role moderates that board;
 * - anyone else in the server is a member: their own submissions, contest entries and votes.
 */

/** Discord's permission bits (a decimal string on the wire). */
export const PERMISSION_BITS = { administrator: 1n << 3n, manageGuild: 1n << 5n } as const;

export interface MemberAccess {
  /** Manage Server, Administrator or the server's owner. */
  manageServer: boolean;
  roles: readonly string[];
}

/** Manage Server from a member's permission bit set (as Discord sends it) and ownership. */
export function managesServer(permissions: string | null | undefined, owner = false): boolean {
  if (owner) return true;
  if (!permissions || !/^\d+$/.test(permissions)) return false;
  const bits = BigInt(permissions);
  return (bits & (PERMISSION_BITS.administrator | PERMISSION_BITS.manageGuild)) !== 0n;
}

/** Manage Server, or the board's moderator role. */
export function moderates(member: MemberAccess, board: Pick<Board, 'moderatorRoleId'>): boolean {
  if (member.manageServer) return true;
  return board.moderatorRoleId !== null && member.roles.includes(board.moderatorRoleId);
}
