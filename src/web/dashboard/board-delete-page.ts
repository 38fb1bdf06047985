import type { Request, RequestHandler, Response } from 'express';
import { describeContents } from '../../domain/board-deletion';
import {
  boardDeletionPreview,
  deleteBoard,
  type BoardDeletionPreview,
} from '../../pipeline/board-deletion';
import { boardName, escapeHtml, link } from '../html';
import type { DashboardDeps } from './deps';
import { inServer, needManage, type InServer } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { dashboardLinks as paths } from './paths';
import { serverTabs } from './server-page';

/**
 * Deleting a board from the dashboard (issue 27 item 9), the use case /board delete calls
 * (pipeline/board-deletion.ts), Manage Server only:
 *
 *   GET  /dashboard/{guild}/boards/{board}/delete   what would be lost, and a form
 *   POST /dashboard/{guild}/boards/{board}/delete   deletes, if `confirm` is the board's id
 *
 * Typing the id is the confirmation (chat has a button pressed by the asker in 2 minutes);
 * a wrong or empty one shows the page again, saying why, with nothing deleted.
 */

async function previewFor(deps: DashboardDeps, req: Request, res: Response) {
  const member = await inServer(req, res, deps.access);
  await needManage(member, deps.access, 'delete.what');
  const preview = await boardDeletionPreview(deps.ctx, member.ownerId, String(req.params.boardId));
  return { member, preview };
}

function confirmationPage(
  res: Response,
  member: InServer,
  { board, contents, liveChannelId }: BoardDeletionPreview,
  refusal: string | null,
): void {
  const g = member.server.guildId;
  const { w } = member;
  const stays = w.t(liveChannelId ? 'delete.stays' : 'delete.staysPosts');
  const form = postForm(
    member.session,
    paths.boardDelete(g, board.id),
    // The sentence in one span: a label is a grid, where a bare <code> would be a row of its own.
    `<label><span>${w.m('delete.typeIdHtml', { id: `<code>${escapeHtml(board.id)}</code>` })}</span> <input name="confirm" required maxlength="100" autocomplete="off" spellcheck="false"></label>`,
    { label: w.t('delete.button'), kind: 'danger' },
    'stack',
  );
  const body = `<h1>${w.h('delete.heading', { board: boardName(board) })}</h1>
${serverTabs(member, 'boards')}
<section class="panel">
<p>${w.m('delete.goneHtml', { contents: escapeHtml(describeContents(contents, w.lang)) })}</p>
<p>${escapeHtml(stays)}</p>
${form}
</section>
<nav class="pages">${link(paths.board(g, board.id), w.h('delete.back'))}</nav>`;
  sendDashboard(
    res,
    refusal ? 422 : 200,
    dashboardHtml(w.t('delete.pageTitle', { board: boardName(board) }), body, {
      session: member.session,
      w,
      flash: refusal ? { text: refusal, refused: true } : null,
    }),
  );
}

export function boardDeletePage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const { member, preview } = await previewFor(deps, req, res);
    confirmationPage(res, member, preview, null);
  };
}

export function deleteBoardAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const { member, preview } = await previewFor(deps, req, res);
    const typed = (req.body as Record<string, string | undefined> | undefined)?.confirm ?? '';
    if (typed.trim() !== preview.board.id) {
      const refusal = member.w.t('delete.refused', { id: preview.board.id });
      confirmationPage(res, member, preview, refusal);
      return;
    }
    await deleteBoard(deps.ctx, member.ownerId, preview.board.id, `chat:${member.session.userId}`);
    res.redirect(303, `${paths.server(member.server.guildId)}?done=deleted`);
  };
}
