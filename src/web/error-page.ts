import type { ErrorRequestHandler, Response } from 'express';
import { TallyError, toldIn } from '../domain/errors';
import { t } from '../domain/i18n';
import { log } from '../log';
import { documentHtml, ENGLISH, escapeHtml, link, type PageFrame } from './html';
import { pageFrame } from './locale';
import { isPicturePath, sendPlainHtml, sendText } from './respond';

/** What a page was about, so a 404 names the missing thing ("Player not found"). */
export type Subject =
  'Board' | 'Player' | 'Server' | 'Season' | 'Entry' | 'Picture' | 'Matches' | 'Submissions';

/** Routes name their subject once the things before it are found (a board, then its player). */
export const about = (res: Response, subject: Subject) => {
  res.locals.subject = subject;
};

/** A page that says what went wrong, with a way back when there is one. */
export function errorHtml(
  title: string,
  text: string,
  back?: { href: string; label: string },
  frame: PageFrame = ENGLISH,
) {
  const nav = back ? `\n<nav class="pages">${link(back.href, escapeHtml(back.label))}</nav>` : '';
  const body = `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>${nav}`;
  return documentHtml(title, body, undefined, '', frame);
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
  // A picture's fault is read by a program as often as by a person: English, as the API's.
  const frame = isPicturePath(req.path) ? ENGLISH : pageFrame(req);
  const lang = frame.lang;
  const { title, text } =
    status === 404
      ? {
          title: t(lang, `web.errors.notFound.${subject}`),
          text: t(lang, `web.errors.missing.${subject}`),
        }
      : status === 500
        ? { title: t(lang, 'web.errors.failed.title'), text: t(lang, 'web.errors.failed.text') }
        : { title: t(lang, 'web.errors.badLink.title'), text: t(lang, 'web.errors.badLink.text') };
  // The fault's own words: in English (the API's detail), or in the page's language when the
  // error carries them; else the page's title and text say it.
  const told =
    status < 500 && err instanceof TallyError && (lang === 'en' || err.said)
      ? toldIn(err, lang)
      : null;
  const detail = told === null ? '' : ` (${told})`;
  if (isPicturePath(req.path)) {
    sendText(res, status, `${title}: ${text}${detail}.`);
    return;
  }
  sendPlainHtml(res, status, errorHtml(title, `${text}${detail}.`, undefined, frame));
};
