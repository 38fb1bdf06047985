import type { Response } from 'express';
import { documentHtml, escapeHtml, link, type Html } from '../html';
import type { WebSession } from '../../pipeline/web-sessions';
import type { Words } from './words';

/**
 * The dashboard's markup: its own header (who is signed in, sign out), forms that carry the
 * session's CSRF token, and how its answers are sent (never cached, never framed, no script).
 */

/** Forms, buttons and the header; on top of the public pages' stylesheet. */
export const DASHBOARD_STYLE = `
  main { max-width: 60rem; }
  header.bar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1rem; margin-bottom: 1.25rem; padding-bottom: 0.75rem; border-bottom: 1px solid var(--rule); }
  header.bar .who { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; color: var(--muted); }
  header.bar form { margin: 0; }
  .panel { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  .panel h2 { margin-top: 0; }
  /* The panel's padding is its margin: a first paragraph or list adds no blank line above it. */
  .panel > :first-child { margin-top: 0; }
  .panel > :last-child { margin-bottom: 0; }
  form.stack { display: grid; gap: 0.75rem; max-width: 34rem; }
  form.inline { display: inline-flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0; }
  label { display: grid; gap: 0.25rem; font-size: 0.9rem; }
  label.check { display: flex; gap: 0.5rem; align-items: center; }
  label.check input { flex: none; } /* a label that wraps does not squeeze its box to a dot */
  input, select, textarea { font: inherit; color: var(--text); background: var(--page); border: 1px solid var(--rule); border-radius: 6px; padding: 0.4rem 0.5rem; min-width: 0; max-width: 100%; }
  textarea { min-height: 4rem; }
  .hint { font-size: 0.8rem; color: var(--muted); }
  button { font: inherit; cursor: pointer; border: 1px solid var(--rule); border-radius: 6px; padding: 0.4rem 0.9rem; background: var(--frame); color: var(--text); }
  button.primary { background: #5865f2; border-color: #5865f2; color: #fff; }
  /* --card: white on light mode's dark red, near-black on dark mode's light red (white read 2.3:1). */
  button.danger { background: var(--loss); border-color: var(--loss); color: var(--card); }
  .flash { border-left: 4px solid var(--win); background: var(--card); padding: 0.6rem 0.9rem; margin: 1rem 0; }
  .flash.refused { border-left-color: var(--loss); }
  .secret { font-family: ui-monospace, monospace; background: var(--frame); padding: 0.5rem; border-radius: 6px; overflow-wrap: anywhere; user-select: all; }
  .tabs { display: flex; flex-wrap: wrap; gap: 0.4rem 1.2rem; margin: 0.5rem 0 1rem; padding: 0; list-style: none; }
  .tabs [aria-current] { font-weight: 700; }
  .badge { display: inline-block; font-size: 0.75rem; padding: 0.05rem 0.45rem; border-radius: 999px; background: var(--frame); color: var(--muted); }
  .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0.75rem; margin: 0; padding: 0; list-style: none; }
  .cards li { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; padding: 0.75rem; min-width: 0; }
  .evidence img { max-width: 100%; max-height: 20rem; border-radius: 6px; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
  td form { margin: 0; }
  /*
   * A table squeezed on a phone scrolls in its box (.scroll) rather than breaking every word
   * mid-word: cells wrap between words only, a button's label and a code (a key's last
   * characters, where Chromium breaks after "…") not at all.
   */
  th, td { overflow-wrap: break-word; }
  td button, td code { white-space: nowrap; }
  .gallery .vote { display: grid; gap: 0.3rem; padding: 0.4rem 0.6rem 0.6rem; }
  .queue-fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0.75rem 1rem; }
  .queue-fields label { align-content: start; }
  .queue-roster { margin-bottom: 1rem; }
`;

export interface Chrome {
  session: WebSession | null;
  /** The page's language (web/locale.ts pageLanguage) and its words. */
  w: Words;
  /** Shown above the page's own heading: a confirmation, or what was refused and why. */
  flash?: { text: string; refused?: boolean } | null;
}

/** A form that changes something: POST to this site with the session's CSRF token. */
export function postForm(
  session: WebSession,
  action: string,
  fields: Html,
  button: { label: string; kind?: 'primary' | 'danger' },
  className = 'inline',
): Html {
  return `<form method="post" action="${escapeHtml(action)}" class="${className}">
<input type="hidden" name="csrf" value="${escapeHtml(session.csrfToken)}">
${fields}<button type="submit"${button.kind ? ` class="${button.kind}"` : ''}>${escapeHtml(button.label)}</button>
</form>`;
}

function header(session: WebSession | null, w: Words): Html {
  const who = session
    ? `<span>${w.m('layout.signedInAsHtml', { name: `<bdi>${escapeHtml(session.userName)}</bdi>` })}</span>
${postForm(session, '/auth/sign-out', '', { label: w.t('layout.signOut') })}`
    : link('/auth/sign-in', w.h('layout.signIn'));
  return `<header class="bar">${link('/dashboard', w.m('layout.brandHtml', { tally: '<strong>Tally</strong>' }))}<div class="who">${who}</div></header>`;
}

export function dashboardHtml(title: string, body: Html, chrome: Chrome): Html {
  const flash = chrome.flash
    ? `<p class="flash${chrome.flash.refused ? ' refused' : ''}" role="status">${escapeHtml(chrome.flash.text)}</p>\n`
    : '';
  return documentHtml(
    title,
    `${header(chrome.session, chrome.w)}\n${flash}${body}`,
    undefined,
    DASHBOARD_STYLE,
    chrome.w.frame,
  );
}

/**
 * No script at all; forms post only here; pictures from here (a contest's entries, evidence
 * proxied by nothing: evidence links open on Discord's CDN in a new page). Referrer-Policy
 * same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on a form POST,
 * and the same-origin check needs the real one.
 */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function sendDashboard(res: Response, status: number, html: Html): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': CSP,
      'Referrer-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
    })
    .send(html);
}
