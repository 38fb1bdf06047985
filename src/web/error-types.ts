/* eslint-disable tally/user-text -- The API's error reference: each code's meaning, causes and
   remedies are the API's own English (spec 7), shown marked lang="en" inside a page in another
   language; only the page around them comes from the catalogue. */
import type { RequestHandler, Response } from 'express';
import { ERROR_CODES, errorCodeOfSlug, errorSlug, type ErrorCode } from '../domain/errors';
import type { PageDeps } from './deps';
import { errorHtml } from './error-page';
import { t, type Language } from '../domain/i18n';
import { documentHtml, escapeHtml, link, type Html, type PageFrame } from './html';
import { pageFrame } from './locale';
import { MAX_AGE, sendPage, sendPlainHtml } from './respond';

/**
 * What each Problem `type` means (spec 2.11 and 7): the API's problem+json bodies carry
 * `type: {PUBLIC_URL}/errors/<code-with-hyphens>`, and each of those addresses is a page here.
 *
 *   GET /errors          every code, with its status
 *   GET /errors/{code}   one code: what it means, its status, typical causes, what to do
 *
 * The pages' frame speaks the reader's language; what each code means, its causes and remedies
 * are the API's own words, in English as the spec and the Problem documents are (marked
 * `lang="en"` on a page in another language).
 */
export interface ErrorType {
  /** Every status the code comes with; the first is its usual one (ERROR_CODES). */
  statuses: readonly number[];
  meaning: string;
  causes: readonly string[];
  remedies: readonly string[];
}

/** One entry per code of spec 7 (the type makes a missing one a compile error). */
export const ERROR_TYPES: Record<ErrorCode, ErrorType> = {
  invalid_request: {
    statuses: [422, 400, 413],
    meaning:
      'The request could not be read, or one of its values is not one the operation accepts. A body that cannot be read at all is a 400, one over 64 KB a 413, and a readable body with a wrong value a 422.',
    causes: [
      'The body is not JSON (400).',
      'The Idempotency-Key header of a POST is missing or unusable (400).',
      'A cursor that is malformed (400), or a limit outside 1–200 (422).',
      'A player id the API did not issue (400).',
      'The body is over 64 KB (413).',
      'A field that is missing, unknown, refused by the board’s write contract or out of range, or a score that is not a whole number (422). A malformed role_id or team_id names the field’s path.',
    ],
    remedies: [
      'Read detail: it names the offending field where there is one.',
      'Fix the request before sending it again; the same request fails the same way.',
      'A refused write is not stored under its Idempotency-Key, so the key may be used again once the body is fixed.',
    ],
  },
  authentication_failed: {
    statuses: [401],
    meaning:
      'The request carries no usable API key. Authentication runs before routing and before the rate limiter, so without a usable key even a mistyped address is a 401, and a 401 carries no rate-limit headers.',
    causes: [
      'No Authorization header, or one not of the form “Bearer <key>”.',
      'A key that is malformed (live keys start with sk_live_, test keys with sk_test_) or unknown.',
      'A key that has been revoked.',
      'The owner’s API access was withdrawn, which revokes its live keys at once.',
    ],
    remedies: [
      'Send Authorization: Bearer followed by the whole key, on every call.',
      'If the key was revoked or lost, mint a new one in the dashboard (or with tally key create); a key’s secret is shown only once.',
      'If the owner’s access was withdrawn, ask the operator of this Tally.',
    ],
  },
  permission_denied: {
    statuses: [403],
    meaning:
      'The key is valid but may not do this. Scopes are checked exactly, without implication: matches:write does not grant matches:read.',
    causes: [
      'The key lacks the operation’s scope (boards:read, entries:read, matches:read, matches:write or scores:write).',
      'A test key (sk_test_) attempted a write: test keys serve every read and refuse every write, whatever their scopes.',
    ],
    remedies: [
      'Read detail: it names the missing scope or lists the scopes the key has.',
      'Mint a key with the access level the program needs (“Read and write” adds matches:write and scores:write).',
      'Use a live key for writes.',
    ],
  },
  not_found: {
    statuses: [404],
    meaning:
      'Nothing at this address for the key’s owner. A board, match, entry or handle of another owner is answered with the same 404 as one that does not exist.',
    causes: [
      'A board id, player id, match id or handle that does not exist, or belongs to another owner.',
      'A submission handle older than 30 days: handles resolve for 30 days, then 404.',
      'An address or method that matches no operation of the API (for a caller with a usable key).',
    ],
    remedies: [
      'Check the ids against GET /v1/boards and the board’s entries and matches.',
      'Check the key: it addresses every board of exactly one owner, and only those.',
      'Check the path and method against the API reference (/openapi.yaml); every path is under /v1.',
    ],
  },
  idempotency_conflict: {
    statuses: [409],
    meaning:
      'The Idempotency-Key of this write was already used with another body, or a request with the same key is still being processed.',
    causes: [
      'The same key reused with a different raw body: another key order, or 1 instead of 1.0, counts as different.',
      'Two requests with the same key in flight at once: one executes, the other gets this answer with Retry-After: 1.',
    ],
    remedies: [
      'A request still in flight: wait the Retry-After seconds and send the same request again; its stored answer is replayed with Idempotent-Replayed: true.',
      'A different write: use a new key. A key is spent for good once a write succeeded with it.',
    ],
  },
  rate_limited: {
    statuses: [429],
    meaning:
      'The key has used its quota: 600 reads or 60 writes a minute, in separate token buckets that refill continuously rather than at the turn of a minute.',
    causes: [
      'More than 600 reads (GET, HEAD, OPTIONS) or 60 writes a minute with one key.',
      'Several programs or processes sharing one key.',
    ],
    remedies: [
      'Wait the Retry-After seconds, the shortest correct wait, then retry; a refused write is not stored, so the same Idempotency-Key may be sent again.',
      'Watch RateLimit-Remaining and RateLimit-Reset on every answer and slow down before the quota runs out.',
      'Poll submissions with increasing back-off rather than in a tight loop.',
    ],
  },
  board_type_mismatch: {
    statuses: [422],
    meaning: 'The operation does not fit the board’s type.',
    causes: [
      'A match written to a score board (Classic, Highscore, Time), or a score to a match board (ELO, League).',
      'Any write to a Rating board or a free-for-all board.',
      'Entries read from a Rating board, or matches listed on a board that takes no matches.',
    ],
    remedies: [
      'Read the board (GET /v1/boards/{board}): its type, and its write contract (write: the endpoint, the fields it requires and rejects).',
      'Send the write the contract names, to its endpoint.',
    ],
  },
  team_size_mismatch: {
    statuses: [422],
    meaning: 'A side of the match has the wrong number of participants.',
    causes: [
      'A side with fewer or more participants than the board’s team_size.',
      'On a fixed-teams board, a side that is not exactly one team_id participant.',
    ],
    remedies: [
      'Read the board’s team_size and fixed_teams (GET /v1/boards/{board}) and send that many on each side.',
    ],
  },
  duplicate_participant: {
    statuses: [422],
    meaning: 'The same player appears more than once in one match, on either side.',
    causes: [
      'The same member, custom player, role or team listed twice, on one side or on both.',
      'A role whose id ends in a member’s snowflake: it counts as that member.',
    ],
    remedies: ['List each participant once across both sides.'],
  },
  unknown_player: {
    statuses: [422],
    meaning: 'A participant is in a form this board cannot accept.',
    causes: [
      'A participant that is not exactly one of the four forms (chat_id; name with custom: true; role_id; team_id), such as a bare string.',
      'A member, custom player or role on a fixed-teams board, or a team on a board without fixed teams.',
      'A role on a board of a personal workspace (roles exist only in servers).',
    ],
    remedies: [
      'Send each participant as one of the forms the board takes: teams (team_id) on fixed-teams boards, members, custom players or roles elsewhere.',
      'Read the board’s fixed_teams and its owner before writing.',
    ],
  },
  board_locked: {
    statuses: [409],
    meaning: 'Reserved: no operation answers it today.',
    causes: ['None yet: the code is kept so that clients branching on code can know it.'],
    remedies: [
      'Nothing to do today; a client that branches on code may treat it as a refusal to retry later.',
    ],
  },
  internal_error: {
    statuses: [500],
    meaning: 'A fault on the server’s side, not in the request.',
    causes: ['A database, network or program fault while the request was handled.'],
    remedies: [
      'Retry with back-off, a write with the same Idempotency-Key: if it had been applied, its answer is replayed rather than the write applied twice.',
      'If it persists, give the operator of this Tally the request_id (also the X-Request-Id header): every request is logged under it.',
    ],
  },
};

/** 401; 400, 413 or 422. */
function statusText(statuses: readonly number[], lang: Language): string {
  const sorted = [...statuses].sort((a, b) => a - b).map(String);
  const last = sorted.pop() ?? '';
  return sorted.length === 0
    ? last
    : t(lang, 'web.apiErrors.or', { some: sorted.join(', '), last });
}

/** The API's English words on a page in another language. */
const english = (lang: Language) => (lang === 'en' ? '' : ' lang="en"');

const codeTag = (code: ErrorCode): Html => `<code>${escapeHtml(code)}</code>`;

const list = (items: readonly string[], lang: Language): Html =>
  `<ul${english(lang)}>\n${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ul>`;

const crumbs = (deps: PageDeps, withIndex: boolean, lang: Language): Html =>
  `<nav aria-label="${escapeHtml(t(lang, 'web.page.breadcrumbs'))}" class="crumbs">${link(deps.links.site('/'), 'Tally')}${
    withIndex ? link(deps.links.site('/errors'), escapeHtml(t(lang, 'web.apiErrors.title'))) : ''
  }</nav>`;

/** GET /errors: every code with its title and status, each a link to its page. */
export function errorTypesPage(deps: PageDeps): RequestHandler {
  return (req, res) => {
    const frame = pageFrame(req);
    const lang = frame.lang;
    const codes = Object.keys(ERROR_TYPES) as ErrorCode[];
    const items = codes.map((code) => {
      const title = ERROR_CODES[code].title;
      const href = deps.links.site(`/errors/${errorSlug(code)}`);
      const meta = `${codeTag(code)} · HTTP ${statusText(ERROR_TYPES[code].statuses, lang)}`;
      return `<li>${link(href, escapeHtml(title), ` class="name" title="${escapeHtml(title)}"${english(lang)}`)}
<div class="meta">${meta}</div></li>`;
    });
    const code = (name: string) => `<code>${name}</code>`;
    const heading = t(lang, 'web.apiErrors.title');
    const html = documentHtml(
      heading,
      `${crumbs(deps, false, lang)}
<h1>${escapeHtml(heading)}</h1>
<p>${t(lang, 'web.apiErrors.intro', {
        problem: code('application/problem+json'),
        type: code('type'),
        title: code('title'),
        status: code('status'),
        detail: code('detail'),
        instance: code('instance'),
        code: code('code'),
        requestId: code('request_id'),
      })}</p>
<ul class="boards">
${items.join('\n')}
</ul>`,
      {
        title: t(lang, 'web.apiErrors.previewTitle'),
        description: t(lang, 'web.apiErrors.description'),
        url: deps.links.siteUrl('/errors'),
        image: null,
      },
      '',
      frame,
    );
    sendPage(req, res, html, MAX_AGE.reference);
  };
}

/**
 * GET /errors/{code}: the page a Problem's `type` names. The code as spelt in `code`
 * (underscores) is sent on to its address; any other is a 404 page leading to the list.
 */
export function errorTypePage(deps: PageDeps): RequestHandler {
  return (req, res) => {
    const slug = String(req.params.code);
    const code = errorCodeOfSlug(slug);
    const frame = pageFrame(req);
    const lang = frame.lang;
    if (code === null) {
      sendUnknownType(deps, res, frame);
      return;
    }
    if (slug !== errorSlug(code)) {
      res.redirect(301, deps.links.site(`/errors/${errorSlug(code)}`));
      return;
    }
    const { title } = ERROR_CODES[code];
    const type = ERROR_TYPES[code];
    const url = deps.links.siteUrl(`/errors/${errorSlug(code)}`);
    const say = (key: Parameters<typeof t>[1]) => escapeHtml(t(lang, key));
    const answer = t(lang, 'web.apiErrors.answer', {
      code: `<code>"code": "${escapeHtml(code)}"</code>`,
      type: `<code>"type": "${escapeHtml(url)}"</code>`,
      status: '<code>status</code>',
      detail: '<code>detail</code>',
    });
    const html = documentHtml(
      `${title} · ${t(lang, 'web.apiErrors.title')}`,
      `${crumbs(deps, true, lang)}
<h1${english(lang)}>${escapeHtml(title)}</h1>
<p class="meta">${codeTag(code)} · HTTP ${statusText(type.statuses, lang)}</p>
<p${english(lang)}>${escapeHtml(type.meaning)}</p>
<h2>${say('web.apiErrors.causes')}</h2>
${list(type.causes, lang)}
<h2>${say('web.apiErrors.remedies')}</h2>
${list(type.remedies, lang)}
<h2>${say('web.apiErrors.inAnswer')}</h2>
<p>${answer}</p>`,
      {
        title: t(lang, 'web.apiErrors.codeTitle', { title }),
        description: type.meaning,
        url,
        image: null,
      },
      '',
      frame,
    );
    sendPage(req, res, html, MAX_AGE.reference);
  };
}

/** No error by this code (or a deeper address under /errors): a 404 with the way to the list. */
export const unknownErrorType =
  (deps: PageDeps): RequestHandler =>
  (req, res) =>
    sendUnknownType(deps, res, pageFrame(req));

function sendUnknownType(deps: PageDeps, res: Response, frame: PageFrame): void {
  const lang = frame.lang;
  const back = { href: deps.links.site('/errors'), label: t(lang, 'web.apiErrors.every') };
  const title = t(lang, 'web.apiErrors.notFound');
  sendPlainHtml(res, 404, errorHtml(title, t(lang, 'web.apiErrors.noSuch'), back, frame));
}
