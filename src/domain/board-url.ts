/**
 * The public standings page of a board (DESIGN.md 3: a board's `url`, spec 2.2), served outside
 * /v1 by src/web. Every front end links a board with this, so the link is the same everywhere.
 */
export function boardUrl(publicUrl: string, board: { ownerId: string; id: string }): string {
  return `${publicUrl}/boards/${encodeURIComponent(board.ownerId)}/${encodeURIComponent(board.id)}`;
}

/** The public index of a server's (or a personal workspace's) boards: `/boards/<owner>`. */
export function ownerIndexUrl(publicUrl: string, ownerId: string): string {
  return `${publicUrl}/boards/${encodeURIComponent(ownerId)}`;
}
