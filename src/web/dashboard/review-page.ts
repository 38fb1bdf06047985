import type { Request, RequestHandler } from 'express';
import type { Board } from '../../../entities/board';
import type { MatchParticipant } from '../../../entities/match-participant';
import type { Submission } from '../../../entities/submission';
import { moderates } from '../../domain/access';
import { correctionOf } from '../../domain/correction';
import { sideVerb, signedDelta, utcMinute } from '../../domain/display';
import { TallyError, toldIn } from '../../domain/errors';
import { DECLINE_REASON_MAX, declineReason } from '../../domain/evidence';
import { chatPlayerId, submissionIdOf } from '../../domain/ids';
import { formatScore, formatTime } from '../../domain/score-text';
import { ownedBoard } from '../../pipeline/board-reads';
import { correctResult } from '../../pipeline/corrections';
import {
  evidencePreviewBytes,
  evidencePreviewSize,
  previewThumbs,
} from '../../pipeline/evidence-previews';
import { adjust, review } from '../../pipeline/review';
import { reviewQueue, type PendingReview } from '../../pipeline/review-queue';
import {
  ownedSubmission,
  reviewOutcome,
  reviewViewOf,
  type ReviewView,
} from '../../pipeline/review-view';
import { bdi, boardName, escapeHtml, link, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { inServer, needModerate, type InServer } from './guard';
import { sendImageFile } from '../respond';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { namingFor, type Naming } from './member-names';
import { dashboardLinks as paths } from './paths';
import { serverTabs } from './server-page';
import { doneKey, refusal, type Words } from './words';

/**
 * Moderators' pages (issue 27 item 4), the dashboard's side of chat's review message, its
 * Approve / Decline / Adjust buttons, /review list and /correct: the same use cases with the
 * same refusals, decided as the member (`chat:<id>`), so the audit line and the redrawn review
 * message in Discord name them.
 *
 *   GET  /dashboard/{guild}/review[?board=]      pending submissions of the boards they moderate
 *   GET  /dashboard/{guild}/review/{handle}      one submission, its evidence and the forms
 *   POST /dashboard/{guild}/review/{handle}      `action`: approve, decline, adjust, correct, remove
 *   GET  /dashboard/{guild}/review/{handle}/evidence/{thumb|full}.webp   its image evidence, as
 *        Tally keeps it (src/pipeline/evidence-previews.ts), to whom may open the page only
 */

type Form = Record<string, string | undefined>;
const formOf = (req: Request): Form => (req.body ?? {}) as Form;

/** A member who moderates no board of the server: read once more from Discord, then refused. */
async function needSomeBoard(deps: DashboardDeps, member: InServer, listed: number) {
  if (member.server.manageServer || listed > 0) return false;
  const fresh = await deps.access.inServer(member.session, member.server.guildId, true);
  if (fresh && (fresh.manageServer || fresh.roles.some((r) => !member.server.roles.includes(r)))) {
    member.server = fresh;
    return true; // read the queue again with what Discord says now
  }
  throw refusal(member.w, 'permission_denied', 'review.needSomeBoard', () => ({
    server: member.server.guildName,
  }));
}

/** `@1234…` for a member Tally cannot name here; the page never guesses a name. */
const memberText = (
  w: Words,
  by: string,
  name: (id: string) => string = (id) => `@${id}`,
): string => {
  if (by === 'api') return w.t('review.theApi');
  if (by === 'cli') return w.t('review.theCli');
  const chat = /^chat:(\d+)$/.exec(by);
  return chat ? name(chat[1]!) : by;
};

const when = (w: Words, at: Date): Html =>
  `<time datetime="${at.toISOString()}">${escapeHtml(utcMinute(at, w.lang))}</time>`;
const expiry = (w: Words, at: Date | null): Html =>
  at === null ? w.h('review.never') : when(w, at);

/** The longer side of a thumbnail in the queue's table, in CSS pixels. */
const QUEUE_THUMB_PX = 96;

/** A queue row's thumbnail, its size fitted in QUEUE_THUMB_PX by its attributes. */
function queueThumb(words: Words, g: string, handle: string, size: ThumbSize) {
  const scale = Math.min(1, QUEUE_THUMB_PX / Math.max(size.thumbWidth, size.thumbHeight));
  const w = Math.max(1, Math.round(size.thumbWidth * scale));
  const h = Math.max(1, Math.round(size.thumbHeight * scale));
  const img = `<img src="${escapeHtml(paths.evidence(g, handle, 'thumb'))}" width="${w}" height="${h}" alt="${words.h('review.thumbAlt', { handle })}" loading="lazy">`;
  return link(paths.submission(g, handle), img);
}

type ThumbSize = { thumbWidth: number; thumbHeight: number };

function queueRow(
  member: InServer,
  item: PendingReview,
  naming: Naming,
  preview: ThumbSize | undefined,
): Html {
  const g = member.server.guildId;
  const { w } = member;
  const message = item.messageUrl
    ? ` · ${link(item.messageUrl, w.h('review.inDiscord'), OPEN_NEW_TAB)}`
    : '';
  const thumb = preview ? queueThumb(w, g, item.handle, preview) : '';
  return `<tr><td>${link(paths.submission(g, item.handle), escapeHtml(item.handle))}${message}</td><td>${thumb}</td><td>${bdi(item.board.displayName || item.board.id)}</td><td>${bdi(item.summary)}</td><td>${bdi(memberText(w, item.submittedBy, naming))}</td><td>${when(w, item.submittedAt)}</td><td>${expiry(w, item.expiresAt)}</td></tr>`;
}

/** GET /dashboard/{guild}/review[?board=]: as /review list, oldest first. */
export function reviewQueuePage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const boardId = typeof req.query.board === 'string' ? req.query.board : undefined;
    if (boardId !== undefined) {
      await needModerate(member, deps.access, await ownedBoard(deps.ctx, member.ownerId, boardId));
    }
    const read = () =>
      reviewQueue(deps.ctx, {
        ownerId: member.ownerId,
        ...(boardId === undefined ? {} : { boardId }),
        visible: (board: Board) => moderates(member.server, board),
        locale: member.w.lang,
      });
    let queue = await read();
    if (await needSomeBoard(deps, member, queue.boards.listed)) {
      queue = await read();
      await needSomeBoard(deps, member, queue.boards.listed);
    }
    const g = member.server.guildId;
    const { w } = member;
    const only = boardId
      ? `<p class="meta">${w.m('review.onlyHtml', { board: escapeHtml(boardId), link: link(paths.review(g), w.h('review.allBoards')) })}</p>`
      : '';
    const count = queue.items.length + queue.more;
    const [naming, previews] = await Promise.all([
      namingFor(
        deps,
        g,
        queue.items.map((i) => i.submittedBy),
      ),
      queuePreviews(deps, queue.items),
    ]);
    const table = queue.items.length
      ? `<p>${w.h('review.waiting', { count })}</p>
<div class="scroll"><table><thead><tr>${(['submission', 'evidence', 'board', 'result', 'submittedBy', 'submitted', 'expires'] as const).map((c) => `<th>${w.h(`review.${c}`)}</th>`).join('')}</tr></thead><tbody>${queue.items.map((i) => queueRow(member, i, naming, previews.get(i.handle))).join('')}</tbody></table></div>${queue.more ? `\n<p class="meta">${w.h('review.more', { count: queue.more })}</p>` : ''}`
      : `<p class="empty">${w.h('review.nothing')}</p>`;
    const body = `<h1>${w.h('tabs.review')}</h1>\n${serverTabs(member, 'review')}\n${only}${table}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${w.t('tabs.review')} · ${member.server.guildName}`, body, {
        session: member.session,
        w,
      }),
    );
  };
}

/** The kept previews of the queue's items, by handle, with their thumbnails' sizes. */
async function queuePreviews(
  deps: DashboardDeps,
  items: readonly PendingReview[],
): Promise<Map<string, ThumbSize>> {
  const handles = new Map<number, string>();
  for (const item of items) {
    const id = submissionIdOf(item.handle);
    if (id !== null) handles.set(id, item.handle);
  }
  const thumbs = await previewThumbs(deps.ctx, [...handles.keys()]);
  return new Map([...thumbs].map(([id, size]) => [handles.get(id)!, size]));
}

/** The URL's submission if it is this server's and the member may moderate its board. */
async function moderatedSubmission(
  deps: DashboardDeps,
  req: Request,
  member: InServer,
): Promise<{ handle: string; submission: Submission; board: Board }> {
  const handle = String(req.params.handle);
  const id = submissionIdOf(handle);
  const found = id === null ? null : await ownedSubmission(deps.ctx, member.ownerId, id);
  if (!found) {
    throw refusal(member.w, 'not_found', 'review.notHers', () => ({
      handle,
      server: member.server.guildName,
    }));
  }
  await needModerate(member, deps.access, found.board);
  return { handle, ...found };
}

const OPEN_NEW_TAB = ' rel="noopener noreferrer" target="_blank"';

/** An address as a link that opens elsewhere, or as text if it is not http(s). */
function outside(url: string, label: Html): Html {
  const web = /^https?:\/\//i.test(url);
  return web ? link(url, label, OPEN_NEW_TAB) : escapeHtml(url);
}

/**
 * A chat report's evidence. The dashboard's CSP allows pictures from this site only, and
 * Discord's attachment addresses are signed and expire within a day, so an image is shown here
 * as Tally kept it when the report came in (src/pipeline/evidence-previews.ts), served under this
 * page's guard; the original on Discord's CDN is a link that opens it there.
 */
function evidence(
  w: Words,
  submission: Submission,
  publicUrl: string,
  preview: { src: string; width: number; height: number } | null,
): Html {
  const { evidenceLink: given, evidenceFileUrl: file, evidenceFileKind: kind } = submission;
  const items: Html[] = [];
  if (given) items.push(`<li>${w.h('review.link')}${outside(given, escapeHtml(given))}</li>`);
  if (file && preview) {
    const img = `<img src="${escapeHtml(preview.src)}" width="${preview.width}" height="${preview.height}" alt="${w.h('review.keptAlt')}">`;
    items.push(
      `<li><figure class="artwork">${link(preview.src, img)}</figure>${link(preview.src, w.h('review.fullSize'))} · ${outside(file, w.h('review.original'))}</li>`,
    );
  }
  if (file && !preview) {
    const here = (() => {
      try {
        return new URL(file).origin === new URL(publicUrl).origin;
      } catch {
        return false;
      }
    })();
    if (kind === 'image' && here) {
      items.push(`<li><img src="${escapeHtml(file)}" alt="${w.h('review.attachedImage')}"></li>`);
    } else {
      const what = w.t(kind === 'image' ? 'review.attachedImage' : 'review.attachedFile');
      items.push(`<li>${outside(file, w.h('review.opensOnDiscord', { what }))}</li>`);
    }
  }
  return items.length
    ? `<section class="panel evidence"><h2>${w.h('review.evidence')}</h2><ul>${items.join('')}</ul></section>`
    : `<p class="meta">${w.h('review.noEvidence')}</p>`;
}

/** A participant's snapshot rating and, once applied, where it moved (as the review message). */
function rating(slot: MatchParticipant, applied: boolean): string {
  if (slot.eloBefore === null) return '';
  if (!applied || slot.eloDelta === null) return ` — ${slot.eloBefore}`;
  return ` — ${slot.eloBefore} → ${slot.eloBefore + slot.eloDelta} (${signedDelta(slot.eloDelta)})`;
}

function recordHtml(w: Words, view: ReviewView): Html {
  const { record, board, submission } = view;
  if (record.kind === 'score') {
    return `<dl><dt>${w.h('review.player')}</dt><dd>${bdi(record.score.playerName)}</dd><dt>${w.h('review.score')}</dt><dd>${escapeHtml(formatScore(board.type, record.score.score))}</dd></dl>`;
  }
  const { match, roster } = record;
  const applied = submission.status === 'approved';
  const side = (n: 1 | 2) => {
    const verb = match.winner === null ? '' : ` · ${escapeHtml(sideVerb(match, n, w.lang))}`;
    const names = roster
      .filter((slot) => slot.side === n)
      .map((slot) => `<li>${bdi(slot.playerName)}${escapeHtml(rating(slot, applied))}</li>`);
    return `<dt>${w.h('review.team', { n })}${verb}</dt><dd><ul>${names.join('') || '<li>—</li>'}</ul></dd>`;
  };
  const score =
    match.team1Score !== null && match.team2Score !== null
      ? `<dt>${w.h('review.score')}</dt><dd>${match.team1Score} – ${match.team2Score}</dd>`
      : '';
  return `<dl>${side(1)}${side(2)}${score}</dl>`;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const WINNERS = [
  ['team1', 'review.team1Won'],
  ['team2', 'review.team2Won'],
  ['draw', 'review.draw'],
] as const;
const winnerSelect = (w: Words, current: string | null) =>
  `<label>${w.h('review.winner')} <select name="winner">${WINNERS.map(([v, l]) => `<option value="${v}"${v === current ? ' selected' : ''}>${w.h(l)}</option>`).join('')}</select></label>`;

/** The Adjust form: the chat modal's fields (bot/adjust-modal.ts), prefilled as submitted. */
function adjustFields(w: Words, view: ReviewView): Html {
  const { board, record } = view;
  if (record.kind === 'score') {
    const value =
      board.type === 'Time' ? formatTime(record.score.score) : String(record.score.score);
    const label = w.h(board.type === 'Time' ? 'review.time' : 'review.score');
    return `<label>${label} <input name="score" required maxlength="20" value="${escapeHtml(value)}"></label>`;
  }
  if (board.type === 'League') {
    const n = (name: string, label: string, v: number | null) =>
      `<label>${label} <input name="${name}" required maxlength="20" inputmode="numeric" value="${v ?? ''}"></label>`;
    return `${n('team1_score', w.h('review.team1Score'), record.match.team1Score)}${n('team2_score', w.h('review.team2Score'), record.match.team2Score)}`;
  }
  return winnerSelect(w, record.match.winner);
}

/** /correct's fields for this board (CorrectionText): a winner, a scoreline or a value. */
function correctFields(w: Words, board: Board): Html {
  if (board.type === 'ELO') return winnerSelect(w, null);
  if (board.type === 'League')
    return `<label>${w.h('review.score')} <input name="scoreline" required maxlength="20" placeholder="3-1"><span class="hint">${w.h('review.scorelineHint')}</span></label>`;
  return `<label>${w.h(board.type === 'Time' ? 'review.correctedTime' : 'review.correctedScore')} <input name="value" required maxlength="20"></label>`;
}

const reasonField = (w: Words) =>
  `<label>${w.h('review.reason')} <input name="reason" maxlength="300"><span class="hint">${w.h('review.reasonHint')}</span></label>`;

/** Whether the result counts now: approved or adjusted, and not removed since. */
function counts(view: ReviewView): boolean {
  if (view.submission.status !== 'approved') return false;
  return view.record.kind === 'score' || view.record.match.winner !== null;
}

function forms(member: InServer, view: ReviewView): Html {
  const s = member.session;
  const { w } = member;
  const action = paths.submission(member.server.guildId, view.handle);
  if (view.submission.status === 'pending_review') {
    const approve = postForm(s, action, hidden('action', 'approve'), {
      label: w.t('review.approve'),
      kind: 'primary',
    });
    const decline = postForm(
      s,
      action,
      `${hidden('action', 'decline')}<label>${w.h('review.declineReason')} <textarea name="reason" maxlength="${DECLINE_REASON_MAX}" placeholder="${w.h('review.declinePlaceholder')}"></textarea></label>`,
      { label: w.t('review.decline'), kind: 'danger' },
      'stack',
    );
    const adjusted = postForm(
      s,
      action,
      `${hidden('action', 'adjust')}${adjustFields(w, view)}<span class="hint">${w.h('review.adjustHint')}</span>`,
      { label: w.t('review.adjustAndApprove') },
      'stack',
    );
    return `<section class="panel"><h2>${w.h('review.decide')}</h2><div class="actions">${approve}</div></section>
<section class="panel"><h2>${w.h('review.decline')}</h2>${decline}</section>
<section class="panel"><h2>${w.h('review.adjust')}</h2>${adjusted}</section>`;
  }
  if (!counts(view)) return '';
  const change = postForm(
    s,
    action,
    `${hidden('action', 'correct')}${correctFields(w, view.board)}${reasonField(w)}`,
    { label: w.t('review.correct') },
    'stack',
  );
  const remove = postForm(s, action, `${hidden('action', 'remove')}${reasonField(w)}`, {
    label: w.t('review.remove'),
    kind: 'danger',
  });
  return `<section class="panel"><h2>${w.h('review.correctHeading')}</h2><p class="hint">${w.h('review.correctHint')}</p>${change}</section>
<section class="panel"><h2>${w.h('review.removeHeading')}</h2>${remove}</section>`;
}

const FLASH = {
  approved: 'review.approved',
  declined: 'review.declined',
  adjusted: 'review.adjusted',
  corrected: 'review.corrected',
  removed: 'review.removed',
} as const;

/** GET /dashboard/{guild}/review/{handle}: what the review message in Discord shows, and forms. */
export function submissionPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { handle, submission, board } = await moderatedSubmission(deps, req, member);
    const { w } = member;
    const view = await reviewViewOf(deps.ctx, submission, board);
    if (!view) throw refusal(w, 'not_found', 'review.noResult', () => ({ handle }));
    // Names Tally knows on this page: the participants and the member reading it.
    const names = new Map<string, string>(
      view.record.kind === 'match'
        ? view.record.roster.map((slot) => [slot.playerId, slot.playerName])
        : [[view.record.score.playerId, view.record.score.playerName]],
    );
    names.set(chatPlayerId(member.session.userId), member.session.userName);
    const known = new Map([...names].map(([player, name]) => [player.replace(/^chat:/, ''), name]));
    const outcome = reviewOutcome(view, { member: (id) => `<@${id}>`, text: (t) => t });
    const member_ = await namingFor(
      deps,
      member.server.guildId,
      [submission.submittedBy, outcome],
      known,
    );
    const pending = submission.status === 'pending_review';
    const number =
      view.record.kind === 'match'
        ? ` · ${w.h('review.match', { number: view.record.match.number })}`
        : '';
    const facts = `<dl><dt>${w.h('review.submittedBy')}</dt><dd>${bdi(memberText(w, submission.submittedBy, member_))}</dd><dt>${w.h('review.submitted')}</dt><dd>${when(w, submission.queuedAt)}</dd>${
      pending
        ? `<dt>${w.h('review.expires')}</dt><dd>${expiry(w, submission.expiresAt)}</dd>`
        : `<dt>${w.h('review.outcome')}</dt><dd>${escapeHtml(reviewOutcome(view, { member: member_, text: (t) => t }, w.lang))}</dd>`
    }</dl>`;
    const done = doneKey(FLASH, req.query.done);
    const g = member.server.guildId;
    const heading = w.m(pending ? 'review.pendingHtml' : 'review.decidedHtml', {
      board: bdi(boardName(board)),
    });
    const body = `<h1>${heading}</h1>
${serverTabs(member, 'review')}
<p class="meta">${escapeHtml(handle)}${number} · ${w.h('review.boardId', { id: board.id })} · ${link(paths.review(g), w.h('review.backToQueue'))}</p>
<section class="panel">${recordHtml(w, view)}${facts}</section>
${evidence(w, submission, deps.ctx.config.publicUrl, await previewOf(deps, g, handle, submission))}
${forms(member, view)}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${handle} · ${boardName(board)}`, body, {
        session: member.session,
        w,
        flash: done ? { text: w.t(done) } : null,
      }),
    );
  };
}

/** The submission's kept image, as the page shows it; null if Tally kept none. */
async function previewOf(deps: DashboardDeps, g: string, handle: string, submission: Submission) {
  if (submission.evidenceFileKind !== 'image') return null;
  const size = await evidencePreviewSize(deps.ctx, submission.id);
  return size && { src: paths.evidence(g, handle, 'full'), width: size.width, height: size.height };
}

const EVIDENCE_FILE = /^(thumb|full)\.webp$/;

/**
 * GET /dashboard/{guild}/review/{handle}/evidence/{thumb|full}.webp: the kept image, to a member
 * who may open the submission's page, refused as the page refuses (sign-in, 404, 403). Never
 * cached by anyone but the member's own browser, and not even there.
 */
export function evidenceImage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { handle, submission } = await moderatedSubmission(deps, req, member);
    const size = EVIDENCE_FILE.exec(String(req.params.file))?.[1] as 'thumb' | 'full' | undefined;
    if (size === undefined) throw refusal(member.w, 'not_found', 'review.imageFile');
    const bytes = await evidencePreviewBytes(deps.ctx, submission.id, size);
    if (!bytes) throw refusal(member.w, 'not_found', 'review.noImage', () => ({ handle }));
    sendImageFile(req, res, '', bytes, true);
  };
}

/** A use case's refusal as the page says it: nothing was recorded, and why. */
async function recorded<T>(
  w: Words,
  what: 'review.yourDecision' | 'review.yourCorrection',
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TallyError && err.status < 500) {
      // The use case's refusal in the page's language (its `said`), inside the page's sentence.
      const why = (words: Words) => (words.lang === 'en' ? err.detail : toldIn(err, words.lang));
      throw refusal(
        w,
        err.code,
        'review.notRecorded',
        (words) => ({ what: words.t(what), why: why(words) }),
        { status: err.status },
      );
    }
    throw err;
  }
}

/** POST /dashboard/{guild}/review/{handle}: one decision or correction, then back to the page. */
export function reviewAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { handle, submission, board } = await moderatedSubmission(deps, req, member);
    const form = formOf(req);
    const { ctx } = deps;
    const by = chatPlayerId(member.session.userId);
    const actor = { ownerId: member.ownerId };
    const known = { submission, board };
    const decision =
      form.action === 'approve' || form.action === 'decline' || form.action === 'adjust';
    if (decision && submission.status !== 'pending_review') {
      throw refusal(member.w, 'invalid_request', 'review.alreadyDecided', () => ({ handle }), {
        status: 409,
      });
    }
    const what = decision ? 'review.yourDecision' : 'review.yourCorrection';
    const done = await recorded(member.w, what, async () => {
      switch (form.action) {
        case 'approve':
          await review(ctx, handle, 'approve', by, actor, { known });
          return 'approved';
        case 'decline': {
          const reason = declineReason(form.reason);
          const options = reason === null ? { known } : { reason, known };
          await review(ctx, handle, 'decline', by, actor, options);
          return 'declined';
        }
        case 'adjust':
          await adjust(
            ctx,
            handle,
            correctionOf(board, (id) => form[id] ?? ''),
            by,
            actor,
            known,
          );
          return 'adjusted';
        case 'correct':
        case 'remove': {
          const change =
            form.action === 'remove'
              ? ('remove' as const)
              : {
                  text: {
                    winner: form.winner ?? null,
                    scoreline: form.scoreline ?? null,
                    value: form.value ?? null,
                  },
                };
          await correctResult(ctx, { handle }, change, { by, actor, reason: form.reason ?? null });
          return form.action === 'remove' ? 'removed' : 'corrected';
        }
        default:
          throw refusal(member.w, 'invalid_request', 'review.noAction');
      }
    });
    res.redirect(303, `${paths.submission(member.server.guildId, handle)}?done=${done}`);
  };
}
