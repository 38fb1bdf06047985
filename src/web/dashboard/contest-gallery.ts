import type { RequestHandler } from 'express';
import multer from 'multer';
import { periodOpen, VOTES } from '../../domain/contest';
import { utcMinute } from '../../domain/display';
import { chatPlayerId } from '../../domain/ids';
import { votesOf } from '../../pipeline/contest-reads';
import { contestBoard, contestStandings, submitEntry, voteOnEntry } from '../../pipeline/contests';
import { MAX_UPLOAD_BYTES } from '../../render/intake';
import { TITLE_MAX } from '../../domain/contest';
import { periodsText, rankedGallery, type Entry } from '../contest-view';
import { bdi, boardName, escapeHtml, link, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { inServer, SignInNeeded, type InServer } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { dashboardLinks as paths } from './paths';
import { serverTabs } from './server-page';
import { sessionIn } from './session';
import { doneKey, refusal, wordsOf } from './words';

/**
 * A Rating board's contest for its server's members (issue 27 item 5): the gallery with a vote
 * form under each entry (the member's own vote shown) and a form to submit an entry, calling the
 * use cases chat's vote buttons and `/contest submit` call, with their refusals.
 *
 *   GET  /dashboard/{guild}/contest/{board}
 *   POST /dashboard/{guild}/contest/{board}/entries               multipart: title, image
 *   POST /dashboard/{guild}/contest/{board}/entries/{entry}/vote  value 1–10
 */

/** An entry's largest image, in MB as the form and its refusals say it. */
const UPLOAD_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** Flash texts by `?done=`: never the member's text in a URL. */
const FLASH = {
  voted: 'contest.voted',
  submitted: 'contest.submitted',
  waiting: 'contest.waiting',
} as const;

function voteForm(member: InServer, boardId: string, e: Entry, mine: number | undefined): Html {
  const options = VOTES.map((v) => `<option${v === mine ? ' selected' : ''}>${v}</option>`).join(
    '',
  );
  const { w } = member;
  const current =
    mine === undefined ? w.h('contest.notVoted') : w.h('contest.yourVote', { value: mine });
  return `<div class="vote"><span class="hint">${current}</span>${postForm(
    member.session,
    paths.vote(member.server.guildId, boardId, e.pk),
    `<label>${w.h('contest.vote')} <select name="value">${options}</select></label>`,
    { label: w.t(mine === undefined ? 'contest.vote' : 'contest.changeVote') },
  )}</div>`;
}

/** The submit form: multipart, so it carries the CSRF token as a field of its own. */
function submitForm(member: InServer, boardId: string): Html {
  const { w } = member;
  return `<form method="post" action="${escapeHtml(paths.contestEntries(member.server.guildId, boardId))}" enctype="multipart/form-data" class="stack">
<input type="hidden" name="csrf" value="${escapeHtml(member.session.csrfToken)}">
<label>${w.h('contest.title')} <input name="title" required maxlength="${TITLE_MAX}"></label>
<label>${w.h('contest.image')} <input name="image" type="file" required accept="image/png,image/jpeg,image/webp,image/gif"><span class="hint">${w.h('contest.imageHint', { mb: UPLOAD_MB })}</span></label>
<button type="submit" class="primary">${w.h('contest.submit')}</button>
</form>`;
}

/** GET /dashboard/{guild}/contest/{board} */
export function contestGalleryPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { w } = member;
    const board = await contestBoard(deps.ctx, member.ownerId, String(req.params.boardId));
    const { settings, entries } = await contestStandings(deps.ctx, board);
    const me = chatPlayerId(member.session.userId);
    const mine = await votesOf(deps.ctx, me, entries);
    const now = deps.ctx.now();
    const votingOpen = periodOpen(settings.votingUntil, now);
    const extra = (e: Entry): Html =>
      e.authorId === me
        ? `<div class="vote"><span class="hint">${w.h('contest.yourEntry')}</span></div>`
        : votingOpen
          ? voteForm(member, board.id, e, mine.get(e.pk))
          : `<div class="vote"><span class="hint">${mine.has(e.pk) ? `${w.h('contest.yourVote', { value: mine.get(e.pk)! })} · ` : ''}${w.h('contest.votingClosed')}</span></div>`;
    const gallery = entries.length
      ? rankedGallery(board, entries, settings.minVotes, deps.links, 0, { extra, lang: w.lang })
      : `<p class="empty">${w.h('contest.noEntries')}</p>`;
    const submit = periodOpen(settings.submissionsUntil, now)
      ? submitForm(member, board.id)
      : `<p>${w.h('contest.submissionsClosed', { when: utcMinute(settings.submissionsUntil!, w.lang) })}</p>`;
    const done = doneKey(FLASH, req.query.done);
    const body = `<h1>${bdi(boardName(board))}</h1>
${serverTabs(member, 'boards')}
<p class="meta">${w.h('contest.imageContest')} · ${link(deps.links.board(board), w.h('contest.publicPage'))} · ${link(paths.mine(member.server.guildId), w.h('contest.yourEntries'))}</p>
<p class="periods">${escapeHtml(periodsText(settings, now, w.lang))}</p>
<section class="panel"><h2>${w.h('contest.submitHeading')}</h2>${submit}</section>
${gallery}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${boardName(board)} · ${member.server.guildName}`, body, {
        session: member.session,
        w,
        flash: done ? { text: w.t(done) } : null,
      }),
    );
  };
}

/** POST .../entries/{entry}/vote: as a vote button under the entry's post. */
export function voteAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const raw = String((req.body as Record<string, unknown> | undefined)?.value ?? '');
    const { board } = await voteOnEntry(deps.ctx, {
      ownerId: member.ownerId,
      entryPk: Number(req.params.entryPk),
      voterId: chatPlayerId(member.session.userId),
      value: /^\d{1,2}$/.test(raw) ? Number(raw) : NaN,
    });
    res.redirect(303, `${paths.contest(member.server.guildId, board.id)}?done=voted`);
  };
}

/**
 * The upload's parser: multer, in memory (the bytes go to intake, which re-encodes them; nothing
 * touches the disk), one file of at most the intake's limit and a few short fields. It runs only
 * for a signed-in member, so a stranger cannot make the server hold 10 MB; the CSRF and Origin
 * check runs right after it, on the fields it parsed, before anything is stored.
 */
const parseUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 5 },
}).single('image');

export const entryUpload: RequestHandler = (req, res, next) => {
  if (!sessionIn(res)) {
    next(new SignInNeeded());
    return;
  }
  parseUpload(req, res, (err: unknown) => {
    if (!(err instanceof multer.MulterError)) {
      next(err);
      return;
    }
    const w = wordsOf(req);
    next(
      err.code === 'LIMIT_FILE_SIZE'
        ? refusal(w, 'invalid_request', 'contest.tooLarge', () => ({ mb: UPLOAD_MB }))
        : refusal(w, 'invalid_request', 'contest.unreadable'),
    );
  });
};

/** Uploads being read at once across the process; more wait for a moment's 503. */
const MAX_UPLOADS_AT_ONCE = 4;
let uploadsReading = 0;

/**
 * Before an upload's bytes are read: the sender must be a member of the URL's server and the
 * board one of its contests, the declared size within an entry's (a form's few fields beside
 * the file), and only a few uploads read at once, so no stranger can make Tally hold 10 MB.
 */
export function uploadGate(deps: DashboardDeps): RequestHandler {
  return async (req, res, next) => {
    const member = await inServer(req, res, deps.access);
    await contestBoard(deps.ctx, member.ownerId, String(req.params.boardId));
    const declared = Number(req.get('Content-Length') ?? 'NaN');
    if (!Number.isFinite(declared) || declared > MAX_UPLOAD_BYTES + 64 * 1024) {
      throw refusal(member.w, 'invalid_request', 'contest.tooLarge', () => ({ mb: UPLOAD_MB }));
    }
    if (uploadsReading >= MAX_UPLOADS_AT_ONCE) {
      res.set('Retry-After', '5');
      throw refusal(member.w, 'rate_limited', 'contest.busy', undefined, { status: 503 });
    }
    uploadsReading++;
    res.once('close', () => uploadsReading--);
    next();
  };
}

/** POST .../entries (after entryUpload): as `/contest submit`. */
export function submitEntryAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const boardId = String(req.params.boardId);
    const file = req.file;
    if (!file || file.size === 0) {
      throw refusal(member.w, 'invalid_request', 'contest.chooseImage');
    }
    const title = (req.body as Record<string, unknown> | undefined)?.title;
    const { board, entry } = await submitEntry(deps.ctx, {
      ownerId: member.ownerId,
      boardId,
      authorId: chatPlayerId(member.session.userId),
      authorName: member.session.userName,
      title: typeof title === 'string' ? title : '',
      bytes: file.buffer,
    });
    const done = entry.status === 'pending' ? 'waiting' : 'submitted';
    res.redirect(303, `${paths.contest(member.server.guildId, board.id)}?done=${done}`);
  };
}
