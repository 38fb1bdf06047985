import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { markdownPlain } from '../../domain/chat-text';
import { TallyError, toldIn } from '../../domain/errors';
import { log } from '../../log';
import type { Context } from '../../pipeline/context';
import type { ServerDirectory } from '../../pipeline/chat-port';
import { closeSession } from '../../pipeline/web-sessions';
import { escapeHtml, link } from '../html';
import { Links } from '../links';
import { rememberLanguage } from '../locale';
import { limiter, visitorOf, type LimiterStore } from '../page-limits';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DiscordAccount, DiscordSignedOut, DiscordUnavailable } from './discord-account';
import type { DashboardDeps } from './deps';
import { SignInNeeded } from './guard';
import { dashboardHtml, sendDashboard } from './layout';
import { MemberAccessReader } from './member-access';
import { auditChannelAction, auditPage } from './audit-page';
import { boardDeletePage, deleteBoardAction } from './board-delete-page';
import { boardSettingsPage, createBoardAction, saveBoardAction } from './board-settings';
import { keysPage, mintKeyAction, revokeKeyAction } from './keys-page';
import { minePage, withdrawAction } from './mine-page';
import {
  contestGalleryPage,
  entryUpload,
  uploadGate,
  submitEntryAction,
  voteAction,
} from './contest-gallery';
import { evidenceImage, reviewAction, reviewQueuePage, submissionPage } from './review-page';
import { serverPage, serversPage } from './server-page';
import { serverLanguageAction } from './language-section';
import {
  clearCookie,
  cookieNames,
  loadSession,
  requireCsrfToken,
  requireSameOrigin,
  textFields,
  sessionIdIn,
  sessionIn,
} from './session';
import { finishSignIn, signOut, startSignIn } from './sign-in';
import { refusal, wordsOf, type DashboardKey } from './words';

export interface DashboardOptions extends LimiterStore {
  directory?: ServerDirectory | null;
  /** Per-minute limits; tests lower them. */
  limits?: Partial<DashboardLimits>;
}

/**
 * Sign-in starts (per address), actions (per member) and pages (per member): a sign-in costs
 * Discord two calls, a page may cost one, and no person changes settings 30 times a minute.
 */
export interface DashboardLimits {
  signInsPerMinute: number;
  actionsPerMinute: number;
  /** Dashboard pages per member (or address): each may read Discord. */
  pagesPerMinute: number;
  /** Evidence images per member: a review queue shows one thumbnail a row. */
  imagesPerMinute: number;
}
const DEFAULT_LIMITS: DashboardLimits = {
  signInsPerMinute: 10,
  actionsPerMinute: 30,
  pagesPerMinute: 120,
  imagesPerMinute: 600,
};

/** Whether this deployment can sign members in (DISCORD_APPLICATION_ID and DISCORD_CLIENT_SECRET). */
export const signInConfigured = (ctx: Context) =>
  Boolean(ctx.config.discordApplicationId && ctx.config.discordClientSecret);

/**
 * The dashboard (DESIGN.md 7): sign-in with Discord, then each server's boards, settings, keys,
 * audit trail, review queue and the member's own submissions. Every handler asks the member's
 * standing in the server from Discord (guard.ts) and calls the use case chat calls.
 */
export interface Dashboard {
  /** /auth and /dashboard. */
  router: Router;
  /**
   * For the public pages, after their own limits: who is signed in, with their servers, so a
   * member sees their server's private boards (src/web/viewer.ts).
   */
  viewer: RequestHandler;
}

export function dashboard(ctx: Context, options: DashboardOptions = {}): Dashboard {
  const cookies = cookieNames(ctx.config.publicUrl);
  const discord = new DiscordAccount(ctx.config);
  const access = new MemberAccessReader(ctx, discord);
  const deps: DashboardDeps = {
    ctx,
    discord,
    access,
    cookies,
    links: new Links(ctx.config.publicUrl),
    directory: options.directory ?? null,
  };
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const signIns = limiter(limits.signInsPerMinute, 'sign-ins', options);
  const actions = limiter(limits.actionsPerMinute, 'actions', options);
  const pages = limiter(limits.pagesPerMinute, 'dashboard-pages', options);
  const images = limiter(limits.imagesPerMinute, 'dashboard-images', options);
  const router = Router();
  const memberOrVisitor = (req: Request, res: Response) => sessionIn(res)?.userId ?? visitorOf(req);
  const sameOrigin = requireSameOrigin(ctx.config.publicUrl);
  const perMember = limited(actions, memberOrVisitor);
  // Headers first (who, from where, how often), then the body, then its CSRF token.
  const forms = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 50 });
  const guarded = [sameOrigin, perMember, forms, textFields, requireCsrfToken];
  // An upload is read only once the sender is known to be a member of the server, within the
  // limits, and no bigger than an entry may be; its fields (the token among them) come last.
  const uploads = [
    sameOrigin,
    perMember,
    uploadGate(deps),
    entryUpload,
    textFields,
    requireCsrfToken,
  ];

  // The language switch's pick (`?lang=`) is remembered in its cookie, as on the public pages.
  router.use(['/auth', '/dashboard'], rememberLanguage);
  router.use(['/auth', '/dashboard'], loadSession(ctx, cookies));
  // Before the pages' limit: a queue (up to 100 rows) with a thumbnail each is one page and as
  // many pictures.
  router.get(
    '/dashboard/:guildId/review/:handle/evidence/:file',
    limited(images, memberOrVisitor),
    evidenceImage(deps),
  );
  router.use('/dashboard', limited(pages, memberOrVisitor));
  const viewerSession = loadSession(ctx, cookies, false);
  const viewer: RequestHandler = (req, res, next) => {
    viewerSession(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const session = sessionIn(res);
      if (session) {
        // A Discord fault leaves them a visitor rather than failing the page.
        const guilds = await access.guilds(session).catch(() => null);
        if (guilds)
          res.locals.viewer = {
            userId: session.userId,
            guildIds: new Set(guilds.map((g) => g.id)),
          };
      }
      next();
    });
  };
  router.get('/auth/sign-in', limited(signIns, visitorOf), startSignIn(deps));
  router.get('/auth/callback', limited(signIns, visitorOf), finishSignIn(deps));
  router.post('/auth/sign-out', ...guarded, signOut(deps));

  router.get('/dashboard', serversPage(deps));
  router.get('/dashboard/:guildId', serverPage(deps));
  router.post('/dashboard/:guildId/language', ...guarded, serverLanguageAction(deps));
  router.post('/dashboard/:guildId/boards', ...guarded, createBoardAction(deps));
  router.get('/dashboard/:guildId/boards/:boardId', boardSettingsPage(deps));
  router.post('/dashboard/:guildId/boards/:boardId', ...guarded, saveBoardAction(deps));
  router.get('/dashboard/:guildId/boards/:boardId/delete', boardDeletePage(deps));
  router.post('/dashboard/:guildId/boards/:boardId/delete', ...guarded, deleteBoardAction(deps));
  router.get('/dashboard/:guildId/review', reviewQueuePage(deps));
  router.get('/dashboard/:guildId/review/:handle', submissionPage(deps));
  router.post('/dashboard/:guildId/review/:handle', ...guarded, reviewAction(deps));
  router.get('/dashboard/:guildId/keys', keysPage(deps));
  router.post('/dashboard/:guildId/keys', ...guarded, mintKeyAction(deps));
  router.post('/dashboard/:guildId/keys/:keyId/revoke', ...guarded, revokeKeyAction(deps));
  router.get('/dashboard/:guildId/audit', auditPage(deps));
  router.post('/dashboard/:guildId/audit', ...guarded, auditChannelAction(deps));
  router.get('/dashboard/:guildId/mine', minePage(deps));
  router.post(
    '/dashboard/:guildId/mine/entries/:entryPk/withdraw',
    ...guarded,
    withdrawAction(deps),
  );
  router.get('/dashboard/:guildId/contest/:boardId', contestGalleryPage(deps));
  router.post('/dashboard/:guildId/contest/:boardId/entries', ...uploads, submitEntryAction(deps));
  router.post(
    '/dashboard/:guildId/contest/:boardId/entries/:entryPk/vote',
    ...guarded,
    voteAction(deps),
  );
  router.all('/dashboard{/*rest}', (req) => {
    throw refusal(wordsOf(req), 'not_found', 'errors.noPage');
  });
  router.use(['/auth', '/dashboard'], dashboardErrors(deps));
  return { router, viewer };
}

function limited(
  counter: ReturnType<typeof limiter>,
  who: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => string,
): RequestHandler {
  return async (req, res, next) => {
    try {
      await counter.consume(who(req, res));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        log.warn('dashboard limiter failed; serving unchecked', { err });
        next();
        return;
      }
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      res.set('Retry-After', String(seconds));
      const w = wordsOf(req);
      const title = w.t('errors.slowDown');
      const text = w.t('errors.tooMany', { seconds });
      sendDashboard(
        res,
        429,
        dashboardHtml(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`, {
          session: sessionIn(res),
          w,
        }),
      );
      return;
    }
    next();
  };
}

const TITLES: Record<number, DashboardKey> = {
  400: 'errors.didNotWork',
  401: 'errors.signInAgain',
  403: 'errors.notAllowed',
  404: 'errors.notFound',
  409: 'errors.conflict',
  422: 'errors.didNotWork',
};

/** Refusals as pages that say why and what to do; nothing changed on any of them. */
function dashboardErrors({ ctx, access, cookies }: DashboardDeps): ErrorRequestHandler {
  return async (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const session = sessionIn(res);
    const w = wordsOf(req);
    if (err instanceof SignInNeeded) {
      if (req.method === 'GET') {
        res
          .set('Cache-Control', 'no-store')
          .redirect(303, `/auth/sign-in?return=${encodeURIComponent(req.originalUrl)}`);
        return;
      }
      err = refusal(w, 'authentication_failed', 'errors.notSignedIn');
    }
    if (err instanceof DiscordSignedOut) {
      // Discord no longer honours the member's token: the session is over.
      const id = sessionIdIn(res);
      if (id) await closeSession(ctx, id);
      if (session) access.forget(session);
      clearCookie(res, cookies, cookies.session);
      const body = `<h1>${w.h('errors.signInAgain')}</h1>\n<p>${w.h('errors.revoked')}</p>\n<p>${link('/auth/sign-in', w.h('layout.signIn'))}</p>`;
      sendDashboard(res, 401, dashboardHtml(w.t('errors.signInAgain'), body, { session: null, w }));
      return;
    }
    if (err instanceof DiscordUnavailable) {
      log.warn('dashboard: Discord did not answer', {
        requestId: res.locals.requestId,
        err: err.message,
      });
      const body = `<h1>${w.h('errors.discordDown')}</h1>\n<p>${w.h('errors.discordDownText')}</p>`;
      sendDashboard(res, 503, dashboardHtml(w.t('errors.discordDown'), body, { session, w }));
      return;
    }
    const known = err instanceof TallyError && err.status < 500;
    if (!known)
      log.error('dashboard page failed', { requestId: res.locals.requestId, path: req.path, err });
    const status = known ? (err as TallyError).status : 500;
    const title = w.t(TITLES[status] ?? 'errors.wrong');
    const text = known
      ? markdownPlain(toldIn(err as TallyError, w.lang)) // use cases word refusals for chat
      : w.t('errors.notLoaded');
    const signIn = status === 401 ? `\n<p>${link('/auth/sign-in', w.h('layout.signIn'))}</p>` : '';
    const back = session
      ? `\n<nav class="pages">${link('/dashboard', w.h('servers.title'))}</nav>`
      : '';
    sendDashboard(
      res,
      status,
      dashboardHtml(
        title,
        `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>${signIn}${back}`,
        { session: status === 401 ? null : session, w },
      ),
    );
  };
}
