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

/** GET /dashboard: the member's servers that have Tally boards, and those they could set up. */
export function serversPage({ ctx, access }: DashboardDeps): RequestHandler {
  return async (_req, res) => {
    const session = signedIn(res);
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
      `<li>${link(paths.server(g.id), `<span class="name">${escapeHtml(g.name)}</span>`)}${managesServer(g.permissions, g.owner) ? ' <span class="badge">Manage Server</span>' : ''}</li>`;
    const withBoards = guilds.filter((g) => known.has(`guild:${g.id}`));
    const toSetUp = guilds.filter(
      (g) => !known.has(`guild:${g.id}`) && managesServer(g.permissions, g.owner),
    );
    const body = `<h1>Your servers</h1>
${withBoards.length ? `<ul class="cards">${withBoards.map(item).join('\n')}</ul>` : '<p class="empty">None of your servers has Tally boards yet.</p>'}
${toSetUp.length ? `<h2>Servers you manage without boards</h2>\n<p class="note">Invite Tally there, then create a first board.</p>\n<ul class="cards">${toSetUp.map(item).join('\n')}</ul>` : ''}`;
    sendDashboard(res, 200, dashboardHtml('Your servers · Tally', body, { session }));
  };
}

export type Tab = 'boards' | 'review' | 'mine' | 'keys' | 'audit';

/** The server's sections, as far as the member may open them. */
export function serverTabs(member: InServer, current: Tab): Html {
  const g = member.server.guildId;
  const tabs: [Tab, string, string][] = [
    ['boards', 'Boards', paths.server(g)],
    ['review', 'Review queue', paths.review(g)],
    ['mine', 'My submissions', paths.mine(g)],
  ];
  if (member.server.manageServer) {
    tabs.push(['keys', 'API keys', paths.keys(g)], ['audit', 'Audit trail', paths.audit(g)]);
  }
  const items = tabs.map(
    ([tab, label, href]) =>
      `<li>${tab === current ? `<a href="${escapeHtml(href)}" aria-current="page">${label}</a>` : link(href, label)}</li>`,
  );
  return `<p class="meta">${escapeHtml(member.server.guildName)}</p>\n<ul class="tabs">${items.join('')}</ul>`;
}

function boardRow(member: InServer, board: Board, links: Links): Html {
  const g = member.server.guildId;
  const actions = [
    link(links.board(board), 'Public page'),
    board.type === 'Rating' ? link(paths.contest(g, board.id), 'Vote and submit') : '',
    member.server.manageServer ? link(paths.board(g, board.id), 'Settings') : '',
    moderates(member.server, board) ? link(paths.review(g, board.id), 'Review') : '',
  ].filter(Boolean);
  return `<tr><td class="player"><span class="name">${escapeHtml(boardName(board))}</span>${board.private ? ' <span class="badge">Private</span>' : ''}</td><td>${board.type}</td><td>${actions.join(' · ')}</td></tr>`;
}

export function createBoardForm(member: InServer): Html {
  const types = BOARD_TYPES.map((t) => `<option>${t}</option>`).join('');
  return postForm(
    member.session,
    paths.boards(member.server.guildId),
    `<label>Board id <input name="id" required maxlength="100" pattern="[A-Za-z0-9_\\-]+" placeholder="weekly-ladder"><span class="hint">Letters, digits, - and _; it is in the board's address.</span></label>
<label>Name <input name="name" maxlength="100" placeholder="Weekly ladder"></label>
<label>Type <select name="type">${types}</select></label>
<label>Review window (hours) <input name="windowHours" type="number" min="0" max="999" value="0"><span class="hint">0 applies results at once; more holds them for moderators.</span></label>`,
    { label: 'Create board', kind: 'primary' },
    'stack',
  );
}

/** What an action that lands on the server's page did (`?done=`). */
const FLASH: Record<string, string> = {
  deleted: 'Board deleted, with everything on it.',
};

/** GET /dashboard/{guild}: the server's boards; admins create them here. */
export function serverPage({ ctx, access, links }: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, access);
    const boards = (await boardsAfter(ctx, member.ownerId, 0, 200)).items;
    const table = boards.length
      ? `<div class="scroll"><table><thead><tr><th>Board</th><th>Type</th><th></th></tr></thead><tbody>${boards.map((b) => boardRow(member, b, links)).join('')}</tbody></table></div>`
      : '<p class="empty">This server has no boards yet.</p>';
    const create = member.server.manageServer
      ? `<section class="panel"><h2>New board</h2>${createBoardForm(member)}</section>`
      : '';
    const body = `<h1>Boards</h1>\n${serverTabs(member, 'boards')}\n${table}\n${create}`;
    const done = typeof req.query.done === 'string' ? FLASH[req.query.done] : undefined;
    sendDashboard(
      res,
      200,
      dashboardHtml(`Boards · ${member.server.guildName}`, body, {
        session: member.session,
        flash: done ? { text: done } : null,
      }),
    );
  };
}
