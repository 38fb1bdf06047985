/**
 * Where each dashboard page lives (paths: links hold behind a proxy's prefix as the public
 * pages' do). Every page names its server, so the permission asked is always that server's.
 *
 *   /dashboard                                   the member's servers
 *   /dashboard/{guild}                           boards (admins create them), the server's language
 *   /dashboard/{guild}/language                  POST: the language Tally posts in (Manage Server)
 *   /dashboard/{guild}/boards/{board}            a board's settings (Manage Server)
 *   /dashboard/{guild}/boards/{board}/delete     deleting it, after typing its id (Manage Server)
 *   /dashboard/{guild}/review[?board=]           the review queue (moderators)
 *   /dashboard/{guild}/review/{handle}           one submission, to decide
 *   /dashboard/{guild}/review/{handle}/evidence/{thumb|full}.webp   its kept image
 *   /dashboard/{guild}/mine                      the member's own submissions and entries
 *   /dashboard/{guild}/contest/{board}           a Rating board's gallery: vote, submit an entry
 *   /dashboard/{guild}/keys                      API keys (Manage Server)
 *   /dashboard/{guild}/audit                     the audit trail (Manage Server)
 */
const enc = encodeURIComponent;

export const dashboardLinks = {
  home: () => '/dashboard',
  server: (guildId: string) => `/dashboard/${enc(guildId)}`,
  language: (guildId: string) => `/dashboard/${enc(guildId)}/language`,
  boards: (guildId: string) => `/dashboard/${enc(guildId)}/boards`,
  board: (guildId: string, boardId: string) => `/dashboard/${enc(guildId)}/boards/${enc(boardId)}`,
  boardDelete: (guildId: string, boardId: string) =>
    `/dashboard/${enc(guildId)}/boards/${enc(boardId)}/delete`,
  review: (guildId: string, boardId?: string) =>
    `/dashboard/${enc(guildId)}/review${boardId ? `?board=${enc(boardId)}` : ''}`,
  submission: (guildId: string, handle: string) =>
    `/dashboard/${enc(guildId)}/review/${enc(handle)}`,
  evidence: (guildId: string, handle: string, size: 'thumb' | 'full') =>
    `/dashboard/${enc(guildId)}/review/${enc(handle)}/evidence/${size}.webp`,
  mine: (guildId: string) => `/dashboard/${enc(guildId)}/mine`,
  withdraw: (guildId: string, entryPk: number) =>
    `/dashboard/${enc(guildId)}/mine/entries/${entryPk}/withdraw`,
  contest: (guildId: string, boardId: string) =>
    `/dashboard/${enc(guildId)}/contest/${enc(boardId)}`,
  contestEntries: (guildId: string, boardId: string) =>
    `/dashboard/${enc(guildId)}/contest/${enc(boardId)}/entries`,
  vote: (guildId: string, boardId: string, entryPk: number) =>
    `/dashboard/${enc(guildId)}/contest/${enc(boardId)}/entries/${entryPk}/vote`,
  keys: (guildId: string) => `/dashboard/${enc(guildId)}/keys`,
  audit: (guildId: string) => `/dashboard/${enc(guildId)}/audit`,
};
