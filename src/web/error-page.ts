import type { ErrorRequestHandler, Response } from 'express';
import { TallyError } from '../domain/errors';
import { log } from '../log';
import { documentHtml, escapeHtml, link } from './html';
import { isPicturePath, sendPlainHtml, sendText } from './respond';

/** What a page was about, so a 404 names the missing thing ("Player not found"). */
export type Subject =
  'Board' | 'Player' | 'Server' | 'Season' | 'Entry' | 'Picture' | 'Matches' | 'Submissions';

/** Routes name their subject once the things before it are found (a board, then its player). */
export const about = (res: Response, subject: Subject) => {
  res.locals.subject = subject;
};

const BAD_LINK = { title: 'Bad page link', text: 'This page link is not valid' };
const MISSING: Record<Subject, string> = {
  Board: 'There is no board at this address',
  Player: 'Nobody by this id has played on this board',
  Server: 'There are no boards at this address',
  Season: 'This board has no such season',
  Entry: 'This board has no such entry: it may have been withdrawn or removed',
  Picture: 'There is no picture at this address: its entry may have been withdrawn or removed',
  Matches: 'This board records scores, not matches: its page has them all',
  Submissions: 'This board records matches, not scores: its page has them all',
};

/** A page that says what went wrong, with a way back when there is one. */
export function errorHtml(title: string, text: string, back?: { href: string; label: string }) {
  const nav = back ? `\n<nav class="pages">${link(back.href, escapeHtml(back.label))}</nav>` : '';
  return documentHtml(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>${nav}`);
}

function statusOf(err: unknown): 400 | 404 | 422 | 500 {
  // A path segment that is not valid percent-encoding names nothing here: a 404.
  if (err instanceof URIError || (err instanceof TallyError && err.code === 'not_found'))
    return 404;
  if (err instanceof TallyError && err.status < 500) return err.status === 422 ? 422 : 400;
  return 500;
}

/**
 * Bad input is a 400, 404 or 422 page, never a 500 or a Problem document, with the API's status
 * for the same fault (a malformed cursor or player id 400, a limit out of range 422). The
 * picture endpoints answer the same statuses as text.
 */
export const errorPage: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = statusOf(err);
  if (status === 500)
    log.error('public page failed', { requestId: res.locals.requestId, path: req.path, err });
  const subject = (res.locals.subject as Subject | undefined) ?? 'Board';
  const { title, text } =
    status === 404
      ? { title: `${subject} not found`, text: MISSING[subject] }
      : status === 500
        ? { title: 'Something went wrong', text: 'This page could not be loaded; try again' }
        : BAD_LINK;
  const detail = status < 500 && err instanceof TallyError ? ` (${err.detail})` : '';
  if (isPicturePath(req.path)) {
    sendText(res, status, `${title}: ${text}${detail}.`);
    return;
  }
  sendPlainHtml(res, status, errorHtml(title, `${text}${detail}.`));
};
