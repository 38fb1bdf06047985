import type { RequestHandler } from 'express';
import { LANGUAGES, t, type Language } from '../../domain/i18n';
import { serverLanguageOf, setServerLanguage } from '../../pipeline/server-language';
import { escapeHtml, type Html } from '../html';
import { shippedLanguage } from '../locale';
import type { DashboardDeps } from './deps';
import { inServer, needManage, serverOwner, type InServer } from './guard';
import { postForm } from './layout';
import { dashboardLinks as paths } from './paths';
import { refusal } from './words';

/**
 * The server's language on its page (issue 32, Manage Server): what Tally posts for everyone in
 * the server speaks the language picked, or follows the server's locale on Discord; the use case
 * `/setup language` calls (pipeline/server-language.ts), audited as there.
 *
 *   POST /dashboard/{guild}/language   `language`: a shipped language, or empty to follow Discord
 */

/** A language by its own name (English, Español, …), as /setup language's choices name it. */
const ownName = (language: Language) =>
  t(language, `commands.setup.options.language.choices.${language}`);

export async function languageSection(
  deps: Pick<DashboardDeps, 'ctx'>,
  member: InServer,
): Promise<Html> {
  if (!member.server.manageServer) return '';
  const { w } = member;
  const { picked } = await serverLanguageOf(deps.ctx, member.ownerId);
  const option = (value: string, label: string, on: boolean) =>
    `<option value="${value}"${on ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const choices = [
    option('', w.t('language.follow'), picked === null),
    ...LANGUAGES.map((l) => option(l, ownName(l), picked === l)),
  ].join('');
  const form = postForm(
    member.session,
    paths.language(member.server.guildId),
    `<label>${w.h('language.label')} <select name="language">${choices}</select></label>`,
    { label: w.t('language.save') },
    'stack',
  );
  return `<section class="panel" id="language"><h2>${w.h('language.heading')}</h2><p class="hint">${w.h('language.hint')}</p>${form}</section>`;
}

export function serverLanguageAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.choosingLanguage');
    const raw = String((req.body as Record<string, unknown> | undefined)?.language ?? '');
    const language = raw === '' ? null : shippedLanguage(raw);
    if (raw !== '' && language === null) {
      throw refusal(member.w, 'invalid_request', 'language.unknown');
    }
    const ownerId = await serverOwner(deps, member);
    await setServerLanguage(deps.ctx, ownerId, language, `chat:${member.session.userId}`);
    res.redirect(303, `${paths.server(member.server.guildId)}?done=language#language`);
  };
}
