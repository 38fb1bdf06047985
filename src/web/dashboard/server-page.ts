import type { RequestHandler } from 'express';
import type { Board } from '../../../entities/board';
import { BOARD_TYPES } from '../../domain/vocabulary';
import { moderates } from '../../domain/access';
import { boardsAfter } from '../../pipeline/board-reads';
import { ownersAmong } from '../../pipeline/owners';
import { managesServer } from '../../domain/access';
import { boardName, escapeHtml, link, type Html } from '../html';
import type { Links } from '../links';
import type { DashboardDeps } from './deps';
import { inServer, signedIn, type InServer } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { dashboardLinks as paths } from './paths';
import { doneKey, wordsOf } from './words';
import { languageSection } from './language-section';

/** GET /dashboard: the member's servers that have Tally boards, and those they could set up. */
export function serversPage({ ctx, access }: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const session = signedIn(res);
    const w = wordsOf(req);
    const guilds = await access.guilds(session);
    const known = new Set(
      (
        await ownersAmong(
          ctx,
          guilds.map((g) => `guild:${g.id}`),
        )
      ).map((o) => o.id),
    );
    const item = (g: (typeof guilds)[number]) =>
      `<li>${link(paths.server(g.id), `<span class="name">${escapeHtml(g.name)}</span>`)}${managesServer(g.permissions, g.owner) ? ` <span class="badge">${w.h('servers.manageServer')}</span>` : ''}</li>`;
    const withBoards = guilds.filter((g) => known.has(`guild:${g.id}`));
    const toSetUp = guilds.filter(
      (g) => !known.has(`guild:${g.id}`) && managesServer(g.permissions, g.owner),
    );
    const body = `<h1>${w.h('servers.title')}</h1>
${withBoards.length ? `<ul class="cards">${withBoards.map(item).join('\n')}</ul>` : `<p class="empty">${w.h('servers.none')}</p>`}
${toSetUp.length ? `<h2>${w.h('servers.toSetUp')}</h2>\n<p class="note">${w.h('servers.invite')}</p>\n<ul class="cards">${toSetUp.map(item).join('\n')}</ul>` : ''}`;
    sendDashboard(res, 200, dashboardHtml(`${w.t('servers.title')} · Tally`, body, { session, w }));
  };
}

export type Tab = 'boards' | 'review' | 'mine' | 'keys' | 'audit';

/** The server's sections, as far as the member may open them. */
export function serverTabs(member: InServer, current: Tab): Html {
  const g = member.server.guildId;
  const tabs: [Tab, string][] = [
    ['boards', paths.server(g)],
    ['review', paths.review(g)],
    ['mine', paths.mine(g)],
  ];
  if (member.server.manageServer) tabs.push(['keys', paths.keys(g)], ['audit', paths.audit(g)]);
  const items = tabs
    .map(([tab, href]) => [tab, member.w.h(`tabs.${tab}`), href] as const)
    .map(
      ([tab, label, href]) =>
        `<li>${tab === current ? `<a href="${escapeHtml(href)}" aria-current="page">${label}</a>` : link(href, label)}</li>`,
    );
  return `<p class="meta">${escapeHtml(member.server.guildName)}</p>\n<ul class="tabs">${items.join('')}</ul>`;
}

function boardRow(member: InServer, board: Board, links: Links): Html {
  const g = member.server.guildId;
  const { w } = member;
  const actions = [
    link(links.board(board), w.h('boards.publicPage')),
    board.type === 'Rating' ? link(paths.contest(g, board.id), w.h('boards.voteAndSubmit')) : '',
    member.server.manageServer ? link(paths.board(g, board.id), w.h('boards.settings')) : '',
    moderates(member.server, board) ? link(paths.review(g, board.id), w.h('boards.review')) : '',
  ].filter(Boolean);
  return `<tr><td class="player"><span class="name">${escapeHtml(boardName(board))}</span>${board.private ? ` <span class="badge">${w.h('boards.private')}</span>` : ''}</td><td>${escapeHtml(w.type(board.type))}</td><td>${actions.join(' · ')}</td></tr>`;
}

export function createBoardForm(member: InServer): Html {
  const { w } = member;
  // The value is the type's name, which the use case reads; the text is the page's language.
  const types = BOARD_TYPES.map(
    (t) => `<option value="${t}">${escapeHtml(w.type(t))}</option>`,
  ).join('');
  return postForm(
    member.session,
    paths.boards(member.server.guildId),
    `<label>${w.h('boards.id')} <input name="id" required maxlength="100" pattern="[A-Za-z0-9_\\-]+" placeholder="weekly-ladder"><span class="hint">${w.h('boards.idHint')}</span></label>
<label>${w.h('boards.name')} <input name="name" maxlength="100" placeholder="${w.h('boards.namePlaceholder')}"></label>
<label>${w.h('boards.type')} <select name="type">${types}</select></label>
<label>${w.h('boards.windowHours')} <input name="windowHours" type="number" min="0" max="999" value="0"><span class="hint">${w.h('boards.windowHint')}</span></label>`,
    { label: w.t('boards.create'), kind: 'primary' },
    'stack',
  );
}

/** What an action that lands on the server's page did (`?done=`). */
const FLASH = { deleted: 'boards.deleted', language: 'language.saved' } as const;

/** GET /dashboard/{guild}: the server's boards; admins create them here. */
export function serverPage({ ctx, access, links }: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, access);
    const { w } = member;
    const boards = (await boardsAfter(ctx, member.ownerId, 0, 200)).items;
    const table = boards.length
      ? `<div class="scroll"><table><thead><tr><th>${w.h('boards.board')}</th><th>${w.h('boards.type')}</th><th></th></tr></thead><tbody>${boards.map((b) => boardRow(member, b, links)).join('')}</tbody></table></div>`
      : `<p class="empty">${w.h('boards.none')}</p>`;
    const create = member.server.manageServer
      ? `<section class="panel"><h2>${w.h('boards.newBoard')}</h2>${createBoardForm(member)}</section>`
      : '';
    const language = await languageSection({ ctx }, member);
    const body = `<h1>${w.h('tabs.boards')}</h1>\n${serverTabs(member, 'boards')}\n${table}\n${create}${language}`;
    const done = doneKey(FLASH, req.query.done);
    sendDashboard(
      res,
      200,
      dashboardHtml(`${w.t('tabs.boards')} · ${member.server.guildName}`, body, {
        session: member.session,
        w,
        flash: done ? { text: w.t(done) } : null,
      }),
    );
  };
}
