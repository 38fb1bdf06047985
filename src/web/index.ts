import { Router, type RequestHandler } from 'express';
import { notFound, TallyError } from '../domain/errors';
import type { Context } from '../pipeline/context';
import { boardMatchesPage } from './board-matches-page';
import { boardPage } from './board-page';
import { boardSubmissionsPage } from './board-submissions-page';
import { entryPage } from './entry-page';
import type { PageDeps, PageRenderer } from './deps';
import { about, errorPage } from './error-page';
import { cardImage, chartImage } from './images';
import { errorTypePage, errorTypesPage, unknownErrorType } from './error-types';
import { indexPage } from './index-page';
import { forBrowsers, landingPage } from './landing-page';
import { Links } from './links';
import { rememberLanguage } from './locale';
import { LiveStreams } from './live';
import { DEFAULT_PAGE_LIMITS, pageLimits, type LimiterStore, type PageLimits } from './page-limits';
import { playerPage } from './player-page';
import { playerMatches, playerScores } from './player-history-page';
import { isPicturePath, pageHeaders } from './respond';
import { imageFile, MALFORMED } from './stored-images';

export type { PageRenderer };

export interface BoardPagesOptions extends LimiterStore {
  /** Makes the pictures (src/render); without one the pages link no picture. */
  renderer?: PageRenderer | null;
  /** Per-address limits (page-limits.ts); tests lower them. */
  limits?: Partial<PageLimits>;
  /** Default 10 s. */
  renderTimeoutMs?: number;
  /** Who is signed in (the dashboard's, src/web/dashboard), run after the limits; none: visitors. */
  viewer?: RequestHandler | null;
  /** The live pages' streams (live.ts), which src/main.ts ends on shutdown; default: their own. */
  live?: LiveStreams;
}

/**
 * The public pages (DESIGN.md 3 and 6), outside /v1 and without a key: HTML that needs no
 * script, light and dark, and pictures for the links people share.
 *
 *   GET /boards/{owner}                                      the owner's boards
 *   GET /boards/{owner}/{board}[?season=N]                   standings (a board's `url`, spec 2.2)
 *   GET /boards/{owner}/{board}/live                         the board's changes (SSE, live.ts)
 *   GET /boards/{owner}/{board}/matches[?cursor=]            every match (match boards)
 *   GET /boards/{owner}/{board}/card.png[?season=N]          the leaderboard card
 *   GET /boards/{owner}/{board}/players/{player}[?vs=P]      a player; head to head
 *   GET /boards/{owner}/{board}/players/{player}/chart.png   the player's chart
 *   GET /boards/{owner}/{board}/players/{player}/matches[?cursor=]      all their matches
 *   GET /boards/{owner}/{board}/players/{player}/submissions[?cursor=]  all their scores
 *   GET /boards/{owner}/{board}/entries/{entry}              a contest entry (Rating boards)
 *   GET /boards/{owner}/{board}/submissions[?cursor=]        every submission (score boards)
 *   GET /images/{sha256}.webp                                a contest entry's stored picture
 *   GET /[?cursor=]                                          the landing: servers with public boards
 *   GET /errors, /errors/{code}                              what the API's Problem types mean
 */
export function boardPages(ctx: Context, options: BoardPagesOptions = {}): Router {
  const deps: PageDeps = {
    links: new Links(ctx.config.publicUrl),
    renderer: options.renderer ?? null,
    renderTimeoutMs: options.renderTimeoutMs ?? 10_000,
  };
  const router = Router();
  const limits = pageLimits({ ...DEFAULT_PAGE_LIMITS, ...options.limits }, options);
  const headers = pageHeaders(ctx.config.discordCdnUrl);
  // Pages speak the visitor's language (locale.ts); pictures pick theirs in images.ts.
  const language: RequestHandler = (req, res, next) => {
    if (isPicturePath(req.path)) next();
    else rememberLanguage(req, res, next);
  };
  router.use(['/boards', '/images'], headers);
  router.use(['/boards', '/images'], language);
  router.use(['/boards', '/images'], limits);
  if (options.viewer) router.use(['/boards', '/images'], options.viewer);
  router.get('/boards/:ownerId', indexPage(ctx, deps));
  router.get('/boards/:ownerId/:boardId', boardPage(ctx, deps));
  router.get('/boards/:ownerId/:boardId/live', (options.live ?? new LiveStreams(ctx)).handler());
  router.get('/boards/:ownerId/:boardId/matches', boardMatchesPage(ctx, deps));
  router.get('/boards/:ownerId/:boardId/card.png', cardImage(ctx, deps));
  router.get('/boards/:ownerId/:boardId/players/:playerId', playerPage(ctx, deps));
  router.get('/boards/:ownerId/:boardId/players/:playerId/chart.png', chartImage(ctx, deps));
  router.get('/boards/:ownerId/:boardId/players/:playerId/matches', playerMatches(ctx, deps));
  router.get('/boards/:ownerId/:boardId/players/:playerId/submissions', playerScores(ctx, deps));
  router.get('/boards/:ownerId/:boardId/entries/:entryPk', entryPage(ctx, deps));
  router.get('/boards/:ownerId/:boardId/submissions', boardSubmissionsPage(ctx, deps));
  router.get('/images/:file', imageFile(ctx));
  // The landing and the error reference: the same headers and per-address limit, no viewer
  // (neither shows anything private).
  router.get('/', forBrowsers, headers, language, limits, landingPage(ctx, deps));
  router.use('/errors', headers, language, limits);
  router.get('/errors', errorTypesPage(deps));
  router.get('/errors/:code', errorTypePage(deps));
  router.get('/errors/*rest', unknownErrorType(deps));
  router.get('/boards{/*rest}', () => {
    throw new TallyError('not_found', 'No page here', { said: { key: 'web.detail.noPage' } });
  });
  router.get('/images{/*rest}', (_req, res) => {
    about(res, 'Picture');
    throw notFound(MALFORMED);
  });
  router.use(errorPage);
  return router;
}
