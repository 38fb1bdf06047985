import type { RequestHandler } from 'express';
import { pageCursor } from '../http/params';
import type { Context } from '../pipeline/context';
import { publicOwners, type PublicOwner } from '../pipeline/public-reads';
import { signInConfigured } from './dashboard';
import type { PageDeps } from './deps';
import { bdi, documentHtml, escapeHtml, grouped, link, type Html } from './html';
import { MAX_AGE, sendPage } from './respond';

const PAGE = 50;

/**
 * GET / for a browser (issue 30 item 1): what this Tally is, every server (or personal
 * workspace) with a public board, each a link to its index, the API reference, the error list,
 * health, and "Sign in" when the dashboard is on. Private boards are neither counted nor named,
 * for anyone, so the page is the same for every visitor and cached like the public pages.
 */
export function landingPage(ctx: Context, deps: PageDeps): RequestHandler {
  return async (req, res) => {
    const cursor = pageCursor(req);
    const { owners, nextCursor } = await publicOwners(ctx, { cursor, limit: PAGE });
    const site = (path: `/${string}`) => deps.links.site(path);
    const nav = [
      cursor === undefined ? '' : link(site('/'), 'First page'),
      nextCursor
        ? link(deps.links.site('/', { cursor: nextCursor }), 'More servers', ' rel="next"')
        : '',
    ].join('');
    const servers =
      owners.length > 0
        ? `<ul class="boards">\n${owners.map((o) => ownerItem(o, deps)).join('\n')}\n</ul>`
        : '<p class="empty">No public boards yet.</p>';
    const signIn = signInConfigured(ctx)
      ? `\n<p>Run a server’s boards, keys and review queue on the dashboard: ${link(site('/dashboard'), 'Sign in')} with Discord.</p>`
      : '';
    const html = documentHtml(
      'Tally',
      `<h1>Tally</h1>
<p>Leaderboards for Discord servers: ELO ladders and leagues, points, high scores, times and
image contests. Members submit results with the Tally bot’s commands, moderators review them,
and each server’s public boards are readable here, without an account.</p>${signIn}
<h2>Servers</h2>
${servers}
${nav ? `<nav class="pages">${nav}</nav>\n` : ''}<h2>For developers</h2>
<ul>
<li>${link(site('/openapi.yaml'), 'API reference')} (OpenAPI 3.1): every operation is under
<code>/v1</code> and needs an API key from the server’s dashboard.</li>
<li>${link(site('/errors'), 'API errors')}: what each error code means and what to do.</li>
<li>${link(site('/healthz'), 'Health')}: whether this Tally’s database (and Redis) answer.</li>
</ul>`,
      {
        title: 'Tally',
        description: 'Leaderboards for Discord servers: every server’s public boards',
        url: deps.links.siteUrl('/', { cursor }),
        image: null,
      },
    );
    sendPage(req, res, html, MAX_AGE.landing);
  };
}

function ownerItem(owner: PublicOwner, deps: PageDeps): Html {
  const name = owner.name || owner.id;
  const count = `${grouped(owner.boards)} board${owner.boards === 1 ? '' : 's'}`;
  return `<li>${link(deps.links.owner(owner.id), bdi(name), ` class="name" title="${escapeHtml(name)}"`)}
<div class="meta">${count}</div></li>`;
}

/**
 * `/` is a page for a browser (Accept: text/html, or anything, as curl sends); a client that
 * asks for JSON only gets the API's 404 Problem, as before. Caches keep the two apart by Vary.
 */
export const forBrowsers: RequestHandler = (req, res, next) => {
  res.vary('Accept');
  if (req.accepts(['html', 'json']) === 'html') next();
  else next('router');
};
