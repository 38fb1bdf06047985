import type { RequestHandler, Response } from 'express';
import { TallyError } from '../../domain/errors';
import { ACCESS_LEVELS, type AccessLevel } from '../../domain/scopes';
import { listKeys, mintKey, revokeKey, type KeySummary } from '../../pipeline/keys';
import { escapeHtml, timeTag, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { inServer, needManage, serverOwner, type InServer } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { dashboardLinks as paths } from './paths';
import { serverTabs } from './server-page';
import { refusal } from './words';

/**
 * API keys (Manage Server), as /api key mint|revoke|list: a minted key's secret is shown once,
 * in the answer to the POST that made it (never in a URL, never stored), on a page that is not
 * cached.
 */
function keyRow(member: InServer, key: KeySummary): Html {
  const { w } = member;
  const revoke = key.revoked_at
    ? w.m('keys.revokedHtml', { when: timeTag(new Date(key.revoked_at), w.lang) })
    : postForm(
        member.session,
        `${paths.keys(member.server.guildId)}/${encodeURIComponent(key.id)}/revoke`,
        '',
        { label: w.t('keys.revoke'), kind: 'danger' },
      );
  return `<tr><td>${escapeHtml(key.label || key.id)}</td><td>${key.type}</td><td>${escapeHtml(key.scopes.join(' '))}</td><td><code>…${escapeHtml(key.hint)}</code></td><td>${timeTag(new Date(key.created_at), w.lang)}</td><td>${revoke}</td></tr>`;
}

const KEY_KINDS = ['live', 'test'] as const;

async function render(
  deps: DashboardDeps,
  res: Response,
  member: InServer,
  minted: (KeySummary & { secret: string }) | null,
  flash: string | null,
): Promise<void> {
  const keys = await listKeys(deps.ctx, member.ownerId).catch((err: unknown) => {
    if (err instanceof TallyError && err.code === 'not_found') return []; // no owner row yet
    throw err;
  });
  const { w } = member;
  const shown = minted
    ? `<section class="panel"><h2>${w.h('keys.newKey')}</h2><p>${w.h('keys.copyNow')}</p><p class="secret">${escapeHtml(minted.secret)}</p></section>`
    : '';
  const levels = (Object.keys(ACCESS_LEVELS) as AccessLevel[])
    .map((l) => `<option value="${l}">${l}</option>`)
    .join('');
  // A key's kind and access level are the API's own words (its prefix, its scopes): not translated.
  const kinds = KEY_KINDS.map((k) => `<option value="${k}">${k}</option>`).join('');
  const mint = postForm(
    member.session,
    paths.keys(member.server.guildId),
    `<label>${w.h('keys.label')} <input name="label" maxlength="100" placeholder="${w.h('keys.labelPlaceholder')}"></label>
<label>${w.h('keys.access')} <select name="access">${levels}</select></label>
<label>${w.h('keys.kind')} <select name="type">${kinds}</select></label>`,
    { label: w.t('keys.mint'), kind: 'primary' },
    'stack',
  );
  const table = keys.length
    ? `<div class="scroll"><table><thead><tr>${(['key', 'kind', 'scopes', 'ends', 'minted'] as const).map((c) => `<th>${w.h(`keys.${c}`)}</th>`).join('')}<th></th></tr></thead><tbody>${keys.map((k) => keyRow(member, k)).join('')}</tbody></table></div>`
    : `<p class="empty">${w.h('keys.none')}</p>`;
  const body = `<h1>${w.h('tabs.keys')}</h1>\n${serverTabs(member, 'keys')}\n${shown}${table}\n<section class="panel"><h2>${w.h('keys.mintHeading')}</h2>${mint}</section>`;
  sendDashboard(
    res,
    200,
    dashboardHtml(`${w.t('tabs.keys')} · ${member.server.guildName}`, body, {
      session: member.session,
      w,
      flash: flash ? { text: flash } : null,
    }),
  );
}

export function keysPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.managingKeys');
    const flash = req.query.done === 'revoked' ? member.w.t('keys.revokedFlash') : null;
    await render(deps, res, member, null, flash);
  };
}

export function mintKeyAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.mintingKey');
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    const access = form.access as AccessLevel | undefined;
    if (access !== undefined && !Object.hasOwn(ACCESS_LEVELS, access))
      throw refusal(member.w, 'invalid_request', 'keys.unknownAccess');
    const type = form.type === 'test' ? 'test' : 'live';
    const ownerId = await serverOwner(deps, member);
    const minted = await mintKey(deps.ctx, {
      ownerId,
      type,
      ...(access ? { access } : {}),
      ...(form.label ? { label: form.label.slice(0, 100) } : {}),
      by: `chat:${member.session.userId}`,
    });
    await render(deps, res, member, minted, member.w.t('keys.mintedFlash'));
  };
}

export function revokeKeyAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.revokingKey');
    await revokeKey(
      deps.ctx,
      String(req.params.keyId),
      { ownerId: member.ownerId },
      `chat:${member.session.userId}`,
    );
    res.redirect(303, `${paths.keys(member.server.guildId)}?done=revoked`);
  };
}
