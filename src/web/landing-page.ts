import type { RequestHandler } from 'express';
import { pageCursor } from '../http/params';
import type { Context } from '../pipeline/context';
import { publicOwners, type PublicOwner } from '../pipeline/public-reads';
import { signInConfigured } from './dashboard';
import type { PageDeps } from './deps';
import { bdi, documentHtml, escapeHtml, link, type Html } from './html';
import { MAX_AGE, sendPage } from './respond';
import { t, type Language } from '../domain/i18n';
import { pageFrame } from './locale';

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
    const frame = pageFrame(req);
    const lang = frame.lang;
    // The catalogue's words are ours; what they take here is markup made from them.
    const say = (key: Parameters<typeof t>[1], vars = {}) => t(lang, key, vars);
    const site = (path: `/${string}`) => deps.links.site(path);
    const nav = [
      cursor === undefined ? '' : link(site('/'), say('web.page.firstPage')),
      nextCursor
        ? link(deps.links.site('/', { cursor: nextCursor }), say('web.landing.more'), ' rel="next"')
        : '',
    ].join('');
    const servers =
      owners.length > 0
        ? `<ul class="boards">\n${owners.map((o) => ownerItem(o, deps, lang)).join('\n')}\n</ul>`
        : `<p class="empty">${say('web.landing.none')}</p>`;
    const signIn = signInConfigured(ctx)
      ? `\n<p>${say('web.landing.signIn', { link: link(site('/dashboard'), say('web.landing.signInLink')) })}</p>`
      : '';
    const code = (text: string) => `<code>${text}</code>`;
    const html = documentHtml(
      'Tally',
      `<h1>Tally</h1>
<p>${say('web.landing.intro')}</p>${signIn}
<h2>${say('web.landing.servers')}</h2>
${servers}
${nav ? `<nav class="pages">${nav}</nav>\n` : ''}<h2>${say('web.landing.developers')}</h2>
<ul>
<li>${say('web.landing.api', { link: link(site('/openapi.yaml'), say('web.landing.apiLink')), v1: code('/v1') })}</li>
<li>${say('web.landing.errors', { link: link(site('/errors'), say('web.landing.errorsLink')) })}</li>
<li>${say('web.landing.health', { link: link(site('/healthz'), say('web.landing.healthLink')) })}</li>
</ul>`,
      {
        title: 'Tally',
        description: say('web.landing.description'),
        url: deps.links.siteUrl('/', { cursor }),
        image: null,
      },
      '',
      frame,
    );
    sendPage(req, res, html, MAX_AGE.landing);
  };
}

function ownerItem(owner: PublicOwner, deps: PageDeps, lang: Language): Html {
  const name = owner.name || owner.id;
  const count = escapeHtml(t(lang, 'web.index.boards', { count: owner.boards }));
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
