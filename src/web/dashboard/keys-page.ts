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

/**
 * API keys (Manage Server), as /api key mint|revoke|list: a minted key's secret is shown once,
 * in the answer to the POST that made it (never in a URL, never stored), on a page that is not
 * cached.
 */
function keyRow(member: InServer, key: KeySummary): Html {
  const revoke = key.revoked_at
    ? `Revoked ${timeTag(new Date(key.revoked_at))}`
    : postForm(
        member.session,
        `${paths.keys(member.server.guildId)}/${encodeURIComponent(key.id)}/revoke`,
        '',
        { label: 'Revoke', kind: 'danger' },
      );
  return `<tr><td>${escapeHtml(key.label || key.id)}</td><td>${key.type}</td><td>${escapeHtml(key.scopes.join(' '))}</td><td><code>…${escapeHtml(key.hint)}</code></td><td>${timeTag(new Date(key.created_at))}</td><td>${revoke}</td></tr>`;
}

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
  const shown = minted
    ? `<section class="panel"><h2>Your new key</h2><p>Copy it now: Tally keeps only its hash, so this page is the only time it is shown.</p><p class="secret">${escapeHtml(minted.secret)}</p></section>`
    : '';
  const levels = (Object.keys(ACCESS_LEVELS) as AccessLevel[])
    .map((l) => `<option value="${l}">${l}</option>`)
    .join('');
  const mint = postForm(
    member.session,
    paths.keys(member.server.guildId),
    `<label>Label <input name="label" maxlength="100" placeholder="tournament site"></label>
<label>Access <select name="access">${levels}</select></label>
<label>Kind <select name="type"><option value="live">live</option><option value="test">test</option></select></label>`,
    { label: 'Mint key', kind: 'primary' },
    'stack',
  );
  const table = keys.length
    ? `<div class="scroll"><table><thead><tr><th>Key</th><th>Kind</th><th>Scopes</th><th>Ends</th><th>Minted</th><th></th></tr></thead><tbody>${keys.map((k) => keyRow(member, k)).join('')}</tbody></table></div>`
    : '<p class="empty">No keys yet.</p>';
  const body = `<h1>API keys</h1>\n${serverTabs(member, 'keys')}\n${shown}${table}\n<section class="panel"><h2>Mint a key</h2>${mint}</section>`;
  sendDashboard(
    res,
    200,
    dashboardHtml(`API keys · ${member.server.guildName}`, body, {
      session: member.session,
      flash: flash ? { text: flash } : null,
    }),
  );
}

export function keysPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'Managing API keys');
    await render(deps, res, member, null, req.query.done === 'revoked' ? 'Key revoked.' : null);
  };
}

export function mintKeyAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'Minting an API key');
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    const access = form.access as AccessLevel | undefined;
    if (access !== undefined && !Object.hasOwn(ACCESS_LEVELS, access))
      throw new TallyError('invalid_request', 'unknown access level');
    const type = form.type === 'test' ? 'test' : 'live';
    const ownerId = await serverOwner(deps, member);
    const minted = await mintKey(deps.ctx, {
      ownerId,
      type,
      ...(access ? { access } : {}),
      ...(form.label ? { label: form.label.slice(0, 100) } : {}),
      by: `chat:${member.session.userId}`,
    });
    await render(deps, res, member, minted, 'Key minted.');
  };
}

export function revokeKeyAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'Revoking an API key');
    await revokeKey(
      deps.ctx,
      String(req.params.keyId),
      { ownerId: member.ownerId },
      `chat:${member.session.userId}`,
    );
    res.redirect(303, `${paths.keys(member.server.guildId)}?done=revoked`);
  };
}
