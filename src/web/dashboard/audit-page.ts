import type { RequestHandler } from 'express';
import { markdownPlain } from '../../domain/chat-text';
import { utcMinute } from '../../domain/display';
import { auditTrail, setAuditChannel } from '../../pipeline/audit';
import type { ServerPlace } from '../../pipeline/chat-port';
import { escapeHtml, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { inServer, needManage, needsBot, serverOwner } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { namingFor, type Naming } from './member-names';
import { dashboardLinks as paths } from './paths';
import { serverTabs } from './server-page';
import { refusal } from './words';

/**
 * A Discord-markdown audit line as text on a page: channel and role mentions by name where the
 * bot can tell them, members as @id, markdown's escapes undone. Escaped after, like every text.
 */
export function auditText(
  line: string,
  channels: ServerPlace[],
  roles: ServerPlace[],
  member: Naming = (id) => `@${id}`,
): Html {
  const name = (places: ServerPlace[], id: string, mark: string) =>
    places.find((p) => p.id === id)?.name ?? `${mark}${id}`;
  const text = markdownPlain(
    line
      .replace(/<#(\d+)>/g, (_, id: string) => name(channels, id, '#'))
      .replace(/<@&(\d+)>/g, (_, id: string) => name(roles, id, '@'))
      .replace(/<@!?(\d+)>/g, (_, id: string) => member(id)),
  );
  return escapeHtml(text);
}

/** A channel by its name where the bot can tell it, else #id (as auditText names it). */
const auditPlace = (id: string, channels: ServerPlace[]) =>
  channels.find((p) => p.id === id)?.name ?? `#${id}`;

/** GET /dashboard/{guild}/audit (Manage Server): the latest 100 lines, as /audit posts them. */
export function auditPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.readingAudit');
    const g = member.server.guildId;
    const { w } = member;
    const { lines, channel } = await auditTrail(deps.ctx, member.ownerId);
    const [channels, roles] = deps.directory
      ? await Promise.all([deps.directory.channels(g), deps.directory.roles(g)])
      : [[], []];
    const where = channel
      ? `<p class="meta">${w.h('audit.postedIn', { channel: markdownPlain(auditPlace(channel.channelId, channels)) })}</p>`
      : `<p class="meta">${w.h('audit.recordedOnly')}</p>`;
    const current = channel?.channelId ?? '';
    const choices = deps.directory
      ? `<label>${w.h('audit.channel')} <select name="channel"><option value="">${w.h('audit.off')}</option>${channels
          .map(
            (c) =>
              `<option value="${escapeHtml(c.id)}"${c.id === current ? ' selected' : ''}>${escapeHtml(c.name)}</option>`,
          )
          .join('')}</select></label>`
      : null;
    const form = choices
      ? postForm(member.session, paths.audit(g), choices, { label: w.t('audit.save') }, 'stack')
      : `<p class="hint">${w.h('audit.needsBot')}</p>`;
    const naming = await namingFor(
      deps,
      g,
      lines.map((l) => l.line),
    );
    const list = lines.length
      ? `<ul class="matches">${lines.map((l) => `<li><span>${auditText(l.line, channels, roles, naming)}</span><span class="when"><time datetime="${l.at.toISOString()}">${escapeHtml(utcMinute(l.at, w.lang))}</time></span></li>`).join('')}</ul>`
      : `<p class="empty">${w.h('audit.nothing')}</p>`;
    const flash = req.query.done === 'saved' ? { text: w.t('audit.saved') } : null;
    const body = `<h1>${w.h('tabs.audit')}</h1>\n${serverTabs(member, 'audit')}\n${where}\n<section class="panel"><h2>${w.h('audit.whereLinesGo')}</h2>${form}</section>\n${list}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${w.t('tabs.audit')} · ${member.server.guildName}`, body, {
        session: member.session,
        w,
        flash,
      }),
    );
  };
}

/**
 * POST /dashboard/{guild}/audit (Manage Server): the audit channel, as /audit channel|off; the
 * channel must be one of the server's own.
 */
export function auditChannelAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.choosingAudit');
    const g = member.server.guildId;
    const raw = String((req.body as Record<string, unknown> | undefined)?.channel ?? '');
    let channelId: string | null = null;
    if (raw !== '') {
      if (!deps.directory) throw needsBot(member.w);
      const known = (await deps.directory.channels(g)).some((c) => c.id === raw);
      if (!known)
        throw refusal(member.w, 'invalid_request', 'audit.notAChannel', () => ({
          server: member.server.guildName,
        }));
      channelId = raw;
    }
    const ownerId = await serverOwner(deps, member);
    await setAuditChannel(deps.ctx, ownerId, channelId, `chat:${member.session.userId}`);
    res.redirect(303, `${paths.audit(g)}?done=saved`);
  };
}
