import type { RequestHandler } from 'express';
import type { Board } from '../../../entities/board';
import { entryStanding, submissionStateWord } from '../../domain/display';
import { chatPlayerId } from '../../domain/ids';
import { boardsAfter } from '../../pipeline/board-reads';
import { memberEntries, type MemberEntry } from '../../pipeline/contest-reads';
import { withdrawEntry } from '../../pipeline/contests';
import { memberSubmissions, type MemberSubmission } from '../../pipeline/member-submissions';
import { placeText, thumbSize } from '../contest-view';
import { bdi, boardName, escapeHtml, link, timeTag, type Html } from '../html';
import type { Links } from '../links';
import type { DashboardDeps } from './deps';
import { inServer, type InServer } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { dashboardLinks as paths } from './paths';
import { serverTabs } from './server-page';
import { doneKey, type Words } from './words';

/**
 * A member's own things in a server (issue 27 item 5): the scores and matches they reported from
 * chat with where each stands and why it was declined, and their contest entries on Rating
 * boards with their standing and a Withdraw button (the use case `/contest withdraw` calls).
 *
 *   GET  /dashboard/{guild}/mine
 *   POST /dashboard/{guild}/mine/entries/{entry}/withdraw   then back here
 */

/** Flash texts by `?done=`: never the member's text in a URL. */
const FLASH: Record<string, 'mine.withdrawn'> = { withdrawn: 'mine.withdrawn' };

function submissionRow(w: Words, s: MemberSubmission): Html {
  const refused = ['declined', 'expired', 'failed'].includes(s.state);
  return `<tr><td>${s.board ? bdi(boardName(s.board)) : `<span class="muted">${w.h('mine.deletedBoard')}</span>`}</td><td>${escapeHtml(s.summary)} <span class="hint">${escapeHtml(s.handle)}</span></td><td>${refused ? '<strong>' : ''}${escapeHtml(submissionStateWord(s.state, w.lang))}${refused ? '</strong>' : ''}</td><td>${s.reason ? bdi(s.reason) : ''}</td><td>${timeTag(s.submittedAt, w.lang)}</td></tr>`;
}

function entryState(w: Words, e: MemberEntry, minVotes: number): string {
  if (e.standing) {
    const standing = entryStanding(e.standing, minVotes, w.lang);
    return e.standing.rank === null ? standing : `${placeText(e.standing, w.lang)} · ${standing}`;
  }
  if (e.entry.status === 'pending') return w.t('mine.waitingApproval');
  const rank = e.entry.finalRank === null ? w.t('mine.unranked') : `#${e.entry.finalRank}`;
  return e.round
    ? w.t('mine.seasonEnded', { number: e.round.number, rank })
    : w.t('mine.ended', { rank });
}

function entryRow(member: InServer, links: Links, e: MemberEntry, minVotes: number): Html {
  const { width, height } = thumbSize(e.entry);
  const img = `<img src="${escapeHtml(links.image(e.entry.thumbHash))}" width="${Math.round(width / 4)}" height="${Math.round(height / 4)}" alt="">`;
  const open = e.entry.status === 'live' || e.entry.status === 'pending';
  const withdraw = open
    ? postForm(member.session, paths.withdraw(member.server.guildId, e.entry.pk), '', {
        label: member.w.t('mine.withdraw'),
        kind: 'danger',
      })
    : '';
  return `<tr><td>${img}</td><td>${bdi(e.entry.title)} <span class="hint">#${e.entry.pk}</span></td><td>${escapeHtml(entryState(member.w, e, minVotes))}</td><td>${timeTag(e.entry.createdAt, member.w.lang)}</td><td>${withdraw}</td></tr>`;
}

async function contestSections(deps: DashboardDeps, member: InServer): Promise<Html[]> {
  const boards = (await boardsAfter(deps.ctx, member.ownerId, 0, 200)).items.filter(
    (b: Board) => b.type === 'Rating',
  );
  const authorId = chatPlayerId(member.session.userId);
  const { w } = member;
  const sections: Html[] = [];
  for (const board of boards) {
    const { settings, entries } = await memberEntries(deps.ctx, board, authorId);
    const gallery = link(paths.contest(member.server.guildId, board.id), w.h('mine.gallery'));
    const table = entries.length
      ? `<div class="scroll"><table><thead><tr><th></th><th>${w.h('mine.entry')}</th><th>${w.h('mine.standing')}</th><th>${w.h('mine.submitted')}</th><th></th></tr></thead><tbody>${entries.map((e) => entryRow(member, deps.links, e, settings.minVotes)).join('')}</tbody></table></div>`
      : `<p class="empty">${w.h('mine.noEntries')}</p>`;
    sections.push(
      `<section class="panel"><h2>${bdi(boardName(board))}</h2>\n<p class="meta">${gallery}</p>\n${table}</section>`,
    );
  }
  return sections;
}

/** GET /dashboard/{guild}/mine */
export function minePage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { w } = member;
    const submissions = await memberSubmissions(deps.ctx, {
      ownerId: member.ownerId,
      userId: member.session.userId,
      locale: w.lang,
    });
    const table = submissions.length
      ? `<div class="scroll"><table><thead><tr>${(['board', 'what', 'state', 'reason', 'submitted'] as const).map((c) => `<th>${w.h(`mine.${c}`)}</th>`).join('')}</tr></thead><tbody>${submissions.map((s) => submissionRow(w, s)).join('')}</tbody></table></div>`
      : `<p class="empty">${w.h('mine.none')}</p>`;
    const contests = await contestSections(deps, member);
    const done = doneKey(FLASH, req.query.done);
    const body = `<h1>${w.h('tabs.mine')}</h1>
${serverTabs(member, 'mine')}
<section><h2>${w.h('mine.scoresAndMatches')}</h2>
<p class="note">${w.h('mine.note')}</p>
${table}</section>
${contests.length ? `<h2>${w.h('mine.contestEntries')}</h2>\n${contests.join('\n')}` : ''}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${w.t('tabs.mine')} · ${member.server.guildName}`, body, {
        session: member.session,
        w,
        flash: done ? { text: w.t(done) } : null,
      }),
    );
  };
}

/** POST /dashboard/{guild}/mine/entries/{entry}/withdraw: as `/contest withdraw`. */
export function withdrawAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await withdrawEntry(deps.ctx, {
      ownerId: member.ownerId,
      entryPk: Number(req.params.entryPk),
      authorId: chatPlayerId(member.session.userId),
    });
    res.redirect(303, `${paths.mine(member.server.guildId)}?done=withdrawn`);
  };
}
