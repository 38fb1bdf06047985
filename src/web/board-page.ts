import { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Board } from '../../entities/board';
import { pageCursor, pageLimit, queryValue } from '../http/params';
import { boardUrl } from '../domain/board-url';
import { decodeEntriesCursor } from '../domain/cursor';
import { notFound, TallyError } from '../domain/errors';
import { isBoardId, OWNER_ID } from '../domain/ids';
import { formatTime } from '../domain/score-text';
import { log } from '../log';
import type { Context } from '../pipeline/context';
import { seasonOf } from '../pipeline/seasons';
import { standingsPage, type RankedEntry, type StandingsPage } from '../pipeline/standings';
import { seasonTitle, type Season, type SeasonStanding } from '../domain/season';

/**
 * The public board page (DESIGN.md 3): a board's `url` (spec 2.2) is plain HTML standings, served
 * outside /v1 with no key, paged with the very cursors of GET /v1/boards/{board}/entries.
 */
export function boardPages(ctx: Context): Router {
  const router = Router();
  router.get('/boards/:ownerId/:boardId', async (req, res) => {
    const limit = pageLimit(req);
    const cursor = pageCursor(req);
    if (cursor !== undefined) decodeEntriesCursor(cursor); // a bad cursor is a 400 before a 404
    const number = wholeQuery(req, 'season');
    const from = wholeQuery(req, 'from') ?? 0;
    const board = await publicBoard(ctx, String(req.params.ownerId), String(req.params.boardId));
    const links = linksOf(ctx.config.publicUrl, board, req.query.limit !== undefined, limit);
    const seasons = await seasonLinks(ctx, board, links.path);
    if (number !== undefined) {
      const season = await seasonOf(ctx, board, number).catch((err: unknown) => {
        if (!(err instanceof TallyError && err.code === 'not_found')) throw err;
        const back = `<a href="${escapeHtml(links.first)}">Current standings</a>`;
        sendHtml(
          res,
          404,
          documentHtml(
            'Season not found',
            `<h1>Season not found</h1>\n<p>${escapeHtml(`${err.detail}.`)}</p>\n<nav>${back}</nav>`,
          ),
        );
        return null;
      });
      if (!season) return;
      const rows = await ctx.repos.seasons.standings(season.pk, from, limit + 1);
      sendHtml(res, 200, archiveHtml(board, season, rows, { limit, from, links, seasons }));
      return;
    }
    const standings =
      board.type === 'Rating' ? null : await standingsPage(ctx, board, { cursor, limit });
    sendHtml(res, 200, boardHtml(board, standings, links, cursor !== undefined, seasons));
  });
  router.get('/boards{/*rest}', () => {
    throw notFound('No board here');
  });
  router.use(errorPage);
  return router;
}

async function publicBoard(ctx: Context, ownerId: string, id: string): Promise<Board> {
  const board =
    OWNER_ID.test(ownerId) && isBoardId(id) ? await ctx.repos.boards.byId(ownerId, id) : null;
  if (!board) throw notFound('No such board');
  return board;
}

/**
 * Links are the path of the board's public url, so they hold behind a proxy that serves
 * PUBLIC_URL under a prefix. An explicit ?limit= is kept from page to page.
 */
function linksOf(publicUrl: string, board: Board, keepLimit: boolean, limit: number) {
  const path = new URL(boardUrl(publicUrl, board)).pathname;
  const href = (cursor?: string) => {
    const query = new URLSearchParams();
    if (cursor !== undefined) query.set('cursor', cursor);
    if (keepLimit) query.set('limit', String(limit));
    return query.size > 0 ? `${path}?${query}` : path;
  };
  const season = (number: number, from = 0) => {
    const query = new URLSearchParams({ season: String(number) });
    if (from > 0) query.set('from', String(from));
    if (keepLimit) query.set('limit', String(limit));
    return `${path}?${query}`;
  };
  return { path, first: href(), next: (cursor: string) => href(cursor), season };
}

/** ?season= and ?from=: whole numbers, or a bad link (400). */
function wholeQuery(req: Request, name: string): number | undefined {
  const raw = queryValue(req, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw new TallyError('invalid_request', `${name} must be a whole number`);
  return Number(raw);
}

/** The seasons nav: the running standings, then the newest ended seasons. */
async function seasonLinks(ctx: Context, board: Board, path: string): Promise<SeasonLink[]> {
  const ended = await ctx.repos.seasons.ended(board.pk, Number.MAX_SAFE_INTEGER, 12);
  if (ended.length === 0) return [];
  const open = await ctx.repos.seasons.open(board.pk);
  return [
    { label: open ? `${seasonTitle(open)} (running)` : 'Current', href: path, number: null },
    ...ended.map((s) => ({
      label: seasonTitle(s),
      href: `${path}?season=${s.number}`,
      number: s.number,
    })),
  ];
}

interface SeasonLink {
  label: string;
  href: string;
  /** null: the current standings. */
  number: number | null;
}

function seasonsNav(links: SeasonLink[], current: number | null): string {
  if (links.length === 0) return '';
  const items = links.map((l) =>
    l.number === current
      ? `<li aria-current="page"><bdi>${escapeHtml(l.label)}</bdi></li>`
      : `<li><a href="${escapeHtml(l.href)}"><bdi>${escapeHtml(l.label)}</bdi></a></li>`,
  );
  return `<nav aria-label="Seasons" class="seasons"><ul>${items.join('')}</ul></nav>`;
}

// ---- HTML ------------------------------------------------------------------------------------

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every piece of stored or requested text goes through this before it meets markup. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const grouped = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

interface Column {
  heading: string;
  cell: (entry: RankedEntry) => string;
}

/** The value columns per board type: what spec 2.4 gives an entry of that type. */
function columnsOf(board: Board): Column[] {
  const record: Column[] = [
    { heading: '<abbr title="Wins">W</abbr>', cell: (e) => grouped(e.wins ?? 0) },
    { heading: '<abbr title="Draws">D</abbr>', cell: (e) => grouped(e.draws ?? 0) },
    { heading: '<abbr title="Losses">L</abbr>', cell: (e) => grouped(e.losses ?? 0) },
  ];
  const submissions: Column = { heading: 'Submissions', cell: (e) => grouped(e.submissions ?? 0) };
  switch (board.type) {
    case 'ELO':
      return [{ heading: 'Elo', cell: (e) => String(e.elo ?? '—') }, ...record];
    case 'League':
      return [{ heading: 'Points', cell: (e) => grouped(e.score) }, ...record];
    case 'Time': {
      const time = (e: RankedEntry) => (e.score === null ? '—' : formatTime(e.score));
      return [{ heading: 'Time', cell: time }, submissions];
    }
    default:
      return [{ heading: 'Score', cell: (e) => grouped(e.score) }, submissions];
  }
}

const td = (content: string | number, className = 'num') =>
  `<td class="${className}">${content}</td>`;

function rowHtml(entry: RankedEntry, columns: Column[]): string {
  // <bdi>: a right-to-left name must not reorder the cells around it.
  const player = `<bdi>${escapeHtml(entry.playerName || entry.playerId)}</bdi>`;
  const values = columns.map((c) => td(c.cell(entry)));
  return `<tr>${td(entry.rank)}${td(player, 'player')}${values.join('')}</tr>`;
}

function tableHtml(board: Board, entries: RankedEntry[]): string {
  if (entries.length === 0) return '<p class="empty">No entries yet.</p>';
  const columns = columnsOf(board);
  const head = columns.map((c) => `<th scope="col" class="num">${c.heading}</th>`).join('');
  return `<table>
<thead><tr><th scope="col" class="num">Rank</th><th scope="col">Player</th>${head}</tr></thead>
<tbody>
${entries.map((e) => rowHtml(e, columns)).join('\n')}
</tbody>
</table>`;
}

function boardHtml(
  board: Board,
  standings: StandingsPage | null,
  links: ReturnType<typeof linksOf>,
  resumed: boolean,
  seasons: SeasonLink[],
): string {
  const name = board.displayName || board.id;
  const kind = [`${board.type} board`, board.freeForAll ? 'free-for-all' : null, 'updated live'];
  const nav = [
    resumed ? `<a href="${escapeHtml(links.first)}">First page</a>` : '',
    standings?.nextCursor
      ? `<a rel="next" href="${escapeHtml(links.next(standings.nextCursor))}">Next page</a>`
      : '',
  ].join('');
  const body = standings
    ? tableHtml(board, standings.entries)
    : '<p class="empty">Rating boards keep no standings in this version.</p>';
  return documentHtml(
    name,
    `<h1><bdi>${escapeHtml(name)}</bdi></h1>
<p class="meta">${kind.filter(Boolean).join(' · ')}</p>
${seasonsNav(seasons, null)}
${body}
${nav ? `<nav>${nav}</nav>` : ''}`,
  );
}

/** An ended season's final standings: the archive, paged by offset (it never changes). */
function archiveHtml(
  board: Board,
  season: Season,
  rows: SeasonStanding[],
  page: { limit: number; from: number; links: ReturnType<typeof linksOf>; seasons: SeasonLink[] },
): string {
  const name = board.displayName || board.id;
  const title = seasonTitle(season);
  const entries: RankedEntry[] = rows.slice(0, page.limit).map((row) => ({
    playerId: row.playerId,
    playerName: row.playerName,
    rank: row.rank,
    score: row.value,
    elo: row.value,
    rankKey: 0,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    submissions: row.submissions,
    lastSub: null,
  }));
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const nav = [
    page.from > 0 ? `<a href="${escapeHtml(page.links.season(season.number))}">First page</a>` : '',
    rows.length > page.limit
      ? `<a rel="next" href="${escapeHtml(page.links.season(season.number, page.from + page.limit))}">Next page</a>`
      : '',
  ].join('');
  return documentHtml(
    `${name} — ${title}`,
    `<h1><bdi>${escapeHtml(name)}</bdi></h1>
<p class="meta"><bdi>${escapeHtml(title)}</bdi> · final standings · ${day(season.startedAt)} – ${day(season.endedAt!)}</p>
${seasonsNav(page.seasons, season.number)}
${entries.length > 0 || page.from > 0 ? tableHtml(board, entries) : '<p class="empty">Nobody had a result this season.</p>'}
${nav ? `<nav>${nav}</nav>` : ''}`,
  );
}

const CSS = `
  :root {
    color-scheme: light dark;
    --text: #1d1d22; --muted: #5a5a66; --page: #f6f6f8; --card: #fff; --rule: #e2e2e8;
    --link: #3547c8;
  }
  @media (prefers-color-scheme: dark) {
    :root {
      --text: #e6e6ea; --muted: #a3a3b0; --page: #17171c; --card: #212128; --rule: #34343d;
      --link: #9aa8ff;
    }
  }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: var(--page); }
  main { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  a { color: var(--link); }
  h1 { margin: 0; font-size: 1.6rem; overflow-wrap: anywhere; }
  .meta, .empty { color: var(--muted); }
  table { width: 100%; border-collapse: collapse; background: var(--card); }
  th, td { padding: 0.45rem 0.75rem; border-bottom: 1px solid var(--rule); text-align: left; }
  th { font-size: 0.85rem; color: var(--muted); }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .player { overflow-wrap: anywhere; }
  abbr { text-decoration: none; }
  nav { display: flex; gap: 1.5rem; margin-top: 1rem; }
  .seasons { margin: 0 0 1rem; }
  .seasons ul { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; margin: 0; padding: 0; list-style: none; font-size: 0.9rem; }
  .seasons [aria-current] { font-weight: 600; }
`;

function documentHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

// ---- Responses -------------------------------------------------------------------------------

/** No script runs on these pages; the policy makes that hold even if escaping ever slipped. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function sendHtml(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store', // "updated live": every load reads the standings afresh
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
    })
    .send(html);
}

const BAD_LINK = { title: 'Bad page link', text: 'This page link is not valid' } as const;
const ERROR_PAGES = {
  400: BAD_LINK,
  422: BAD_LINK,
  404: { title: 'Board not found', text: 'There is no board at this address' },
  500: { title: 'Something went wrong', text: 'The standings could not be loaded; try again' },
} as const;

/**
 * Bad input is a 400, 404 or 422 page, never a 500 or a Problem document, with the API's status
 * for the same fault (a malformed cursor 400, a limit out of range 422): a malformed path segment
 * (Express throws a URIError) names no board, and a bad ?cursor= or ?limit= is a bad link.
 */
const errorPage: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  let status: keyof typeof ERROR_PAGES = 500;
  if (err instanceof URIError || (err instanceof TallyError && err.code === 'not_found')) {
    status = 404;
  } else if (err instanceof TallyError && err.status < 500) {
    status = err.status === 422 ? 422 : 400;
  } else {
    log.error('board page failed', { requestId: res.locals.requestId, path: req.path, err });
  }
  const { title, text } = ERROR_PAGES[status];
  const detail = status < 500 && err instanceof TallyError ? ` (${err.detail})` : '';
  sendHtml(
    res,
    status,
    documentHtml(title, `<h1>${title}</h1>\n<p>${escapeHtml(`${text}${detail}.`)}</p>`),
  );
};
