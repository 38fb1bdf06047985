import type { RequestHandler } from 'express';
import { auditTrail } from '../../pipeline/audit';
import type { ServerPlace } from '../../pipeline/chat-port';
import { escapeHtml, timeTag, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { inServer, needManage } from './guard';
import { dashboardHtml, sendDashboard } from './layout';
import { serverTabs } from './server-page';

/**
 * A Discord-markdown audit line as text on a page: channel and role mentions by name where the
 * bot can tell them, members as @id, markdown's escapes undone. Escaped after, like every text.
 */
export function auditText(line: string, channels: ServerPlace[], roles: ServerPlace[]): Html {
  const name = (places: ServerPlace[], id: string, mark: string) =>
    places.find((p) => p.id === id)?.name ?? `${mark}${id}`;
  const text = line
    .replace(/<#(\d+)>/g, (_, id: string) => name(channels, id, '#'))
    .replace(/<@&(\d+)>/g, (_, id: string) => name(roles, id, '@'))
    .replace(/<@!?(\d+)>/g, (_, id: string) => `@${id}`)
    .replace(/\\([\\*_~`|>#\-[\]()])/g, '$1');
  return escapeHtml(text);
}

/** GET /dashboard/{guild}/audit (Manage Server): the latest 100 lines, as /audit posts them. */
export function auditPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'Reading the audit trail');
    const g = member.server.guildId;
    const { lines, channel } = await auditTrail(deps.ctx, member.ownerId);
    const [channels, roles] = deps.directory
      ? await Promise.all([deps.directory.channels(g), deps.directory.roles(g)])
      : [[], []];
    const where = channel
      ? `<p class="meta">Posted in ${auditText(`<#${channel.channelId}>`, channels, roles)} too.</p>`
      : '<p class="meta">Recorded here; set a channel with /audit channel to have lines posted in Discord too.</p>';
    const list = lines.length
      ? `<ul class="matches">${lines.map((l) => `<li><span>${auditText(l.line, channels, roles)}</span><span class="when">${timeTag(l.at)}</span></li>`).join('')}</ul>`
      : '<p class="empty">Nothing recorded yet.</p>';
    const body = `<h1>Audit trail</h1>\n${serverTabs(member, 'audit')}\n${where}\n${list}`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`Audit trail · ${member.server.guildName}`, body, { session: member.session }),
    );
  };
}
