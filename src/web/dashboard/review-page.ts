import type { Request, RequestHandler } from 'express';
import type { Board } from '../../../entities/board';
import type { MatchParticipant } from '../../../entities/match-participant';
import type { Submission } from '../../../entities/submission';
import { moderates } from '../../domain/access';
import { correctionOf } from '../../domain/correction';
import { sideVerb, signedDelta, utcMinute } from '../../domain/display';
import { TallyError } from '../../domain/errors';
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
  throw new TallyError(
    'permission_denied',
    `The review queue needs the Manage Server permission or a board's moderator role in ${member.server.guildName}, and your Discord account has neither there. Ask a server admin for the moderator role of the board you review.`,
  );
}

/** `@1234…` for a member Tally cannot name here; the page never guesses a name. */
const memberText = (by: string, name: (id: string) => string = (id) => `@${id}`): string => {
  if (by === 'api') return 'the API';
  if (by === 'cli') return 'the operator CLI';
  const chat = /^chat:(\d+)$/.exec(by);
  return chat ? name(chat[1]!) : by;
};

const when = (at: Date): Html => `<time datetime="${at.toISOString()}">${utcMinute(at)}</time>`;
const expiry = (at: Date | null): Html => (at === null ? 'never (no validation window)' : when(at));

/** The longer side of a thumbnail in the queue's table, in CSS pixels. */
const QUEUE_THUMB_PX = 96;

/** A queue row's thumbnail, its size fitted in QUEUE_THUMB_PX by its attributes. */
function queueThumb(g: string, handle: string, size: ThumbSize) {
  const scale = Math.min(1, QUEUE_THUMB_PX / Math.max(size.thumbWidth, size.thumbHeight));
  const w = Math.max(1, Math.round(size.thumbWidth * scale));
  const h = Math.max(1, Math.round(size.thumbHeight * scale));
  const img = `<img src="${escapeHtml(paths.evidence(g, handle, 'thumb'))}" width="${w}" height="${h}" alt="The attached image of ${escapeHtml(handle)}" loading="lazy">`;
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
  const message = item.messageUrl
    ? ` · ${link(item.messageUrl, 'in Discord', ' rel="noopener noreferrer" target="_blank"')}`
    : '';
  const thumb = preview ? queueThumb(g, item.handle, preview) : '';
  return `<tr><td>${link(paths.submission(g, item.handle), escapeHtml(item.handle))}${message}</td><td>${thumb}</td><td>${bdi(item.board.displayName || item.board.id)}</td><td>${bdi(item.summary)}</td><td>${bdi(memberText(item.submittedBy, naming))}</td><td>${when(item.submittedAt)}</td><td>${expiry(item.expiresAt)}</td></tr>`;
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
      });
    let queue = await read();
    if (await needSomeBoard(deps, member, queue.boards.listed)) {
      queue = await read();
      await needSomeBoard(deps, member, queue.boards.listed);
    }
    const g = member.server.guildId;
    const only = boardId
      ? `<p class="meta">Only ${escapeHtml(boardId)} · ${link(paths.review(g), 'all boards you moderate')}</p>`
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
      ? `<p>${count} waiting, oldest first.</p>
<div class="scroll"><table><thead><tr><th>Submission</th><th>Evidence</th><th>Board</th><th>Result</th><th>Submitted by</th><th>Submitted</th><th>Expires</th></tr></thead><tbody>${queue.items.map((i) => queueRow(member, i, naming, previews.get(i.handle))).join('')}</tbody></table></div>${queue.more ? `\n<p class="meta">…and ${queue.more} more; they show here as these are decided.</p>` : ''}`
      : '<p class="empty">Nothing is waiting for review.</p>';
    const body = `<h1>Review queue</h1>\n${serverTabs(member, 'review')}\n${only}${table}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`Review queue · ${member.server.guildName}`, body, { session: member.session }),
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
    throw new TallyError(
      'not_found',
      `${handle} is not a submission of ${member.server.guildName}. Open one from the review queue.`,
    );
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
  submission: Submission,
  publicUrl: string,
  preview: { src: string; width: number; height: number } | null,
): Html {
  const { evidenceLink: given, evidenceFileUrl: file, evidenceFileKind: kind } = submission;
  const items: Html[] = [];
  if (given) items.push(`<li>Link: ${outside(given, escapeHtml(given))}</li>`);
  if (file && preview) {
    const img = `<img src="${escapeHtml(preview.src)}" width="${preview.width}" height="${preview.height}" alt="The attached image, as Tally kept it">`;
    items.push(
      `<li><figure class="artwork">${link(preview.src, img)}</figure>${link(preview.src, 'Full size')} · ${outside(file, 'the original (opens on Discord)')}</li>`,
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
      items.push(`<li><img src="${escapeHtml(file)}" alt="The attached image"></li>`);
    } else {
      const what = kind === 'image' ? 'The attached image' : 'The attached file';
      items.push(`<li>${outside(file, `${what} (opens on Discord)`)}</li>`);
    }
  }
  return items.length
    ? `<section class="panel evidence"><h2>Evidence</h2><ul>${items.join('')}</ul></section>`
    : '<p class="meta">No evidence attached.</p>';
}

/** A participant's snapshot rating and, once applied, where it moved (as the review message). */
function rating(slot: MatchParticipant, applied: boolean): string {
  if (slot.eloBefore === null) return '';
  if (!applied || slot.eloDelta === null) return ` — ${slot.eloBefore}`;
  return ` — ${slot.eloBefore} → ${slot.eloBefore + slot.eloDelta} (${signedDelta(slot.eloDelta)})`;
}

function recordHtml(view: ReviewView): Html {
  const { record, board, submission } = view;
  if (record.kind === 'score') {
    return `<dl><dt>Player</dt><dd>${bdi(record.score.playerName)}</dd><dt>Score</dt><dd>${escapeHtml(formatScore(board.type, record.score.score))}</dd></dl>`;
  }
  const { match, roster } = record;
  const applied = submission.status === 'approved';
  const side = (n: 1 | 2) => {
    const verb = match.winner === null ? '' : ` · ${sideVerb(match, n)}`;
    const names = roster
      .filter((slot) => slot.side === n)
      .map((slot) => `<li>${bdi(slot.playerName)}${escapeHtml(rating(slot, applied))}</li>`);
    return `<dt>Team ${n}${verb}</dt><dd><ul>${names.join('') || '<li>—</li>'}</ul></dd>`;
  };
  const score =
    match.team1Score !== null && match.team2Score !== null
      ? `<dt>Score</dt><dd>${match.team1Score} – ${match.team2Score}</dd>`
      : '';
  return `<dl>${side(1)}${side(2)}${score}</dl>`;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const WINNERS: [string, string][] = [
  ['team1', 'Team 1 won'],
  ['team2', 'Team 2 won'],
  ['draw', 'Draw'],
];
const winnerSelect = (current: string | null) =>
  `<label>Winner <select name="winner">${WINNERS.map(([v, l]) => `<option value="${v}"${v === current ? ' selected' : ''}>${l}</option>`).join('')}</select></label>`;

/** The Adjust form: the chat modal's fields (bot/adjust-modal.ts), prefilled as submitted. */
function adjustFields(view: ReviewView): Html {
  const { board, record } = view;
  if (record.kind === 'score') {
    const value =
      board.type === 'Time' ? formatTime(record.score.score) : String(record.score.score);
    const label = board.type === 'Time' ? 'Time (m:ss.mmm)' : 'Score';
    return `<label>${label} <input name="score" required maxlength="20" value="${escapeHtml(value)}"></label>`;
  }
  if (board.type === 'League') {
    const n = (name: string, label: string, v: number | null) =>
      `<label>${label} <input name="${name}" required maxlength="20" inputmode="numeric" value="${v ?? ''}"></label>`;
    return `${n('team1_score', 'Team 1 score', record.match.team1Score)}${n('team2_score', 'Team 2 score', record.match.team2Score)}`;
  }
  return winnerSelect(record.match.winner);
}

/** /correct's fields for this board (CorrectionText): a winner, a scoreline or a value. */
function correctFields(board: Board): Html {
  if (board.type === 'ELO') return winnerSelect(null);
  if (board.type === 'League')
    return '<label>Score <input name="scoreline" required maxlength="20" placeholder="3-1"><span class="hint">The right scoreline, team 1 first.</span></label>';
  return `<label>Corrected ${board.type === 'Time' ? 'time (m:ss.mmm)' : 'score'} <input name="value" required maxlength="20"></label>`;
}

const REASON = `<label>Reason <input name="reason" maxlength="300"><span class="hint">Optional; kept with the correction and in the audit line.</span></label>`;

/** Whether the result counts now: approved or adjusted, and not removed since. */
function counts(view: ReviewView): boolean {
  if (view.submission.status !== 'approved') return false;
  return view.record.kind === 'score' || view.record.match.winner !== null;
}

function forms(member: InServer, view: ReviewView): Html {
  const s = member.session;
  const action = paths.submission(member.server.guildId, view.handle);
  if (view.submission.status === 'pending_review') {
    const approve = postForm(s, action, hidden('action', 'approve'), {
      label: 'Approve',
      kind: 'primary',
    });
    const decline = postForm(
      s,
      action,
      `${hidden('action', 'decline')}<label>Reason (optional, shown to the submitter) <textarea name="reason" maxlength="${DECLINE_REASON_MAX}" placeholder="e.g. the screenshot shows a different score"></textarea></label>`,
      { label: 'Decline', kind: 'danger' },
      'stack',
    );
    const adjusted = postForm(
      s,
      action,
      `${hidden('action', 'adjust')}${adjustFields(view)}<span class="hint">Approves the corrected result in one step.</span>`,
      { label: 'Adjust and approve' },
      'stack',
    );
    return `<section class="panel"><h2>Decide</h2><div class="actions">${approve}</div></section>
<section class="panel"><h2>Decline</h2>${decline}</section>
<section class="panel"><h2>Adjust</h2>${adjusted}</section>`;
  }
  if (!counts(view)) return '';
  const change = postForm(
    s,
    action,
    `${hidden('action', 'correct')}${correctFields(view.board)}${REASON}`,
    { label: 'Correct the result' },
    'stack',
  );
  const remove = postForm(s, action, `${hidden('action', 'remove')}${REASON}`, {
    label: 'Remove it from the board',
    kind: 'danger',
  });
  return `<section class="panel"><h2>Correct this result</h2><p class="hint">As /correct in Discord: the ratings or scores it moved are recounted.</p>${change}</section>
<section class="panel"><h2>Remove this result</h2>${remove}</section>`;
}

const FLASH: Record<string, string> = {
  approved: 'Approved: it is on the leaderboard.',
  declined: 'Declined. Nothing was applied.',
  adjusted: 'Adjusted and approved: it is on the leaderboard as corrected.',
  corrected: 'Corrected: the result and what it moved were recounted.',
  removed: 'Removed: it no longer counts.',
};

/** GET /dashboard/{guild}/review/{handle}: what the review message in Discord shows, and forms. */
export function submissionPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { handle, submission, board } = await moderatedSubmission(deps, req, member);
    const view = await reviewViewOf(deps.ctx, submission, board);
    if (!view) throw new TallyError('not_found', `${handle} has no result recorded`);
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
    const number = view.record.kind === 'match' ? ` · match #${view.record.match.number}` : '';
    const facts = `<dl><dt>Submitted by</dt><dd>${bdi(memberText(submission.submittedBy, member_))}</dd><dt>Submitted</dt><dd>${when(submission.queuedAt)}</dd>${
      pending
        ? `<dt>Expires</dt><dd>${expiry(submission.expiresAt)}</dd>`
        : `<dt>Outcome</dt><dd>${escapeHtml(reviewOutcome(view, { member: member_, text: (t) => t }))}</dd>`
    }</dl>`;
    const done = typeof req.query.done === 'string' ? FLASH[req.query.done] : undefined;
    const g = member.server.guildId;
    const body = `<h1>${pending ? 'Review' : 'Reviewed'}: ${bdi(boardName(board))}</h1>
${serverTabs(member, 'review')}
<p class="meta">${escapeHtml(handle)}${number} · board ${escapeHtml(board.id)} · ${link(paths.review(g), 'back to the queue')}</p>
<section class="panel">${recordHtml(view)}${facts}</section>
${evidence(submission, deps.ctx.config.publicUrl, await previewOf(deps, g, handle, submission))}
${forms(member, view)}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${handle} · ${boardName(board)}`, body, {
        session: member.session,
        flash: done ? { text: done } : null,
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
    if (size === undefined) {
      throw new TallyError('not_found', 'A submission’s image is thumb.webp or full.webp.');
    }
    const bytes = await evidencePreviewBytes(deps.ctx, submission.id, size);
    if (!bytes) throw new TallyError('not_found', `${handle} has no image kept by Tally.`);
    sendImageFile(req, res, '', bytes, true);
  };
}

/** A use case's refusal as the page says it: nothing was recorded, and why. */
async function recorded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TallyError && err.status < 500) {
      throw new TallyError(err.code, `${what} was not recorded: ${err.detail}.`, {
        status: err.status,
      });
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
      throw new TallyError(
        'invalid_request',
        `${handle} was already decided; nothing changed. Its page shows the outcome.`,
        { status: 409 },
      );
    }
    const done = await recorded(decision ? 'Your decision' : 'Your correction', async () => {
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
          throw new TallyError('invalid_request', 'the form named no action');
      }
    });
    res.redirect(303, `${paths.submission(member.server.guildId, handle)}?done=${done}`);
  };
}
