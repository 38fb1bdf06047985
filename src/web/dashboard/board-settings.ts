import type { RequestHandler } from 'express';
import type { Board } from '../../../entities/board';
import { STANDINGS_SIZE_RANGE } from '../../domain/board-display';
import { CONFIRM_WINDOW_RANGE } from '../../domain/confirmation';
import { isMatchBoard } from '../../domain/board-rules';
import { boardSettings, ownedBoard } from '../../pipeline/board-reads';
import { createBoard, editBoard, type BoardEdit } from '../../pipeline/boards';
import { setDecay } from '../../pipeline/decay';
import { placeLiveStandings } from '../../pipeline/live-standings';
import {
  putRankRole,
  rankRolesOf,
  removeRankRole,
  setRankRoleSettings,
} from '../../pipeline/rank-roles';
import { contestSettingsOf, setContest, type PeriodInput } from '../../pipeline/contests';
import { endSeason, startSeason } from '../../pipeline/seasons';
import { boardName, escapeHtml, link, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { formOf, picker, placeOf, whole } from './form-fields';
import { inServer, needManage, serverOwner, type InServer } from './guard';
import { dashboardHtml, postForm, sendDashboard } from './layout';
import { dashboardLinks as paths } from './paths';
import { queueSection, saveQueue } from './queue-section';
import { serverTabs } from './server-page';
import { doneKey, refusal, type DashboardKey, type Words } from './words';

/**
 * A board's settings (Manage Server), section by section, each a form that calls the use case
 * the matching chat command calls: /board edit, /standings, /decay, /season, /roles, /queue.
 *
 *   GET  /dashboard/{guild}/boards/{board}             the forms, filled in
 *   POST /dashboard/{guild}/boards/{board}             one section (`section`), then back here
 *   POST /dashboard/{guild}/boards                     a new board
 */

/**
 * A contest period as the form gives it: open, closed now, or until a moment typed as
 * `2026-12-31T18:00` (a datetime-local field), read as UTC like every time Tally shows.
 */
function periodOf(
  w: Words,
  choice: string,
  until: string | undefined,
  what: 'submissions' | 'voting',
): PeriodInput {
  if (choice === 'open' || choice === 'closed') return choice;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(until ?? '');
  const date = m ? new Date(`${m[1]}T${m[2]}:00Z`) : null;
  if (choice !== 'until' || !date || Number.isNaN(date.getTime())) {
    // The field's name as English wrote it before (lower case), and as the page names it.
    throw refusal(w, 'invalid_request', 'settings.contest.periodInvalid', (words) => ({
      what: words.lang === 'en' ? what : words.t(`settings.contest.${what}`),
    }));
  }
  return date;
}

const by = (member: InServer) => `chat:${member.session.userId}`;

export function createBoardAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.creatingBoard');
    const form = formOf(req);
    const ownerId = await serverOwner(deps, member);
    const windowHours = whole(member.w, form.windowHours, 'fields.reviewWindow');
    const board = await createBoard(deps.ctx, {
      ownerId,
      type: form.type ?? '',
      ...(form.id ? { id: form.id.trim() } : {}),
      ...(form.name ? { name: form.name } : {}),
      ...(windowHours !== undefined ? { windowHours } : {}),
    });
    res.redirect(303, `${paths.board(member.server.guildId, board.id)}?done=created`);
  };
}

export function saveBoardAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'guard.changingBoard');
    const board = await ownedBoard(deps.ctx, member.ownerId, String(req.params.boardId));
    const form = formOf(req);
    const { ctx } = deps;
    const num = (raw: string | undefined, name: DashboardKey) => whole(member.w, raw, name);
    const back = (section: string) => {
      const anchor = ANCHORS[section] ?? 'general';
      res.redirect(
        303,
        `${paths.board(member.server.guildId, board.id)}?done=saved&section=${anchor}#${anchor}`,
      );
    };
    if (await saveQueue(deps, member, board, form)) {
      back(String(form.section));
      return;
    }
    switch (form.section) {
      case 'general': {
        const edit: BoardEdit = {
          name: form.name ?? '',
          windowHours: num(form.windowHours, 'fields.reviewWindow') ?? board.validationWindowHours,
          moderatorChannelId: await placeOf(deps, member, 'channels', form.moderatorChannel),
          moderatorRoleId: await placeOf(deps, member, 'roles', form.moderatorRole),
          evidenceRequired: form.evidence === 'on',
          private: form.private === 'on',
        };
        if (isMatchBoard(board)) {
          edit.reviewMode = form.reviewMode ?? board.reviewMode;
          if (edit.reviewMode === 'opponents') {
            edit.confirmWindowHours =
              num(form.confirmHours, 'fields.confirmationWindow') ?? board.confirmWindowHours;
            edit.onSilence = form.onSilence ?? board.confirmOnSilence;
          }
        }
        await editBoard(ctx, member.ownerId, board.id, edit);
        break;
      }
      case 'display': {
        // How the standings look (domain/board-display.ts): an unticked box is not sent.
        const edit: BoardEdit = {
          medals: form.medals === 'on',
          standingsSize: num(form.standingsSize, 'fields.standingsSize') ?? board.standingsSize,
        };
        if (isMatchBoard(board)) edit.showRecord = form.showRecord === 'on';
        else edit.showSubmissions = form.showSubmissions === 'on';
        await editBoard(ctx, member.ownerId, board.id, edit);
        break;
      }
      case 'live':
        await placeLiveStandings(
          ctx,
          member.ownerId,
          board.id,
          (await placeOf(deps, member, 'channels', form.channel ?? '')) ?? null,
        );
        break;
      case 'decay':
        await setDecay(
          ctx,
          member.ownerId,
          board.id,
          form.off === 'on'
            ? null
            : {
                amount: num(form.amount, 'fields.amount') ?? 0,
                percent: form.percent === 'on',
                ...(num(form.afterDays, 'fields.afterDays') !== undefined
                  ? { afterDays: num(form.afterDays, 'fields.afterDays') }
                  : {}),
                ...(num(form.everyHours, 'fields.everyHours') !== undefined
                  ? { everyHours: num(form.everyHours, 'fields.everyHours') }
                  : {}),
              },
        );
        break;
      case 'season-start':
        await startSeason(
          ctx,
          member.ownerId,
          board.id,
          {
            ...(form.name ? { name: form.name } : {}),
            ...(num(form.days, 'fields.days') !== undefined
              ? { days: num(form.days, 'fields.days') }
              : {}),
          },
          by(member),
        );
        break;
      case 'season-end':
        await endSeason(ctx, member.ownerId, board.id, by(member));
        break;
      case 'role-add': {
        const roleId = await placeOf(deps, member, 'roles', form.role);
        if (!roleId) throw refusal(member.w, 'invalid_request', 'settings.pickRole');
        await putRankRole(ctx, member.ownerId, board.id, {
          roleId,
          kind: form.kind === 'top' ? 'top' : 'value',
          threshold: num(form.threshold, 'fields.threshold') ?? 0,
        });
        break;
      }
      case 'role-settings':
        await setRankRoleSettings(ctx, member.ownerId, board.id, {
          ...(num(form.minGames, 'fields.minimumGames') !== undefined
            ? { minGames: num(form.minGames, 'fields.minimumGames') }
            : {}),
          stack: form.stack === 'on',
        });
        break;
      case 'contest': {
        const channelId = await placeOf(deps, member, 'channels', form.channel);
        await setContest(
          ctx,
          member.ownerId,
          board.id,
          {
            ...(channelId !== undefined ? { channelId } : {}),
            ...(num(form.entriesPerMember, 'fields.entriesPerMember') !== undefined
              ? { entriesPerMember: num(form.entriesPerMember, 'fields.entriesPerMember') }
              : {}),
            approval: form.approval === 'on',
            ...(form.submissions
              ? {
                  submissions: periodOf(
                    member.w,
                    form.submissions,
                    form.submissionsUntil,
                    'submissions',
                  ),
                }
              : {}),
            ...(form.voting
              ? { voting: periodOf(member.w, form.voting, form.votingUntil, 'voting') }
              : {}),
            ...(num(form.minVotes, 'fields.minimumVotes') !== undefined
              ? { minVotes: num(form.minVotes, 'fields.minimumVotes') }
              : {}),
          },
          by(member),
        );
        break;
      }
      case 'role-remove':
        await removeRankRole(ctx, member.ownerId, board.id, String(form.role ?? ''));
        break;
      default:
        throw refusal(member.w, 'invalid_request', 'settings.unknownSection');
    }
    back(form.section);
  };
}

const checked = (on: boolean) => (on ? ' checked' : '');
const FLASH: Record<string, DashboardKey> = {
  created: 'settings.created',
  saved: 'settings.saved',
};

/**
 * Each section is a form of its own (the dashboard has no script to send two at once), so a
 * Save sends that section only and the page comes back with the others as stored: an edit typed
 * in another section is gone. The page says so under its title and on each Save, and after a
 * save it returns to the section saved (`?section=` and its anchor), which says what was kept.
 */
const TITLES: Record<string, DashboardKey> = {
  general: 'settings.sections.general',
  display: 'settings.sections.display',
  live: 'settings.sections.live',
  contest: 'settings.sections.contest',
  queue: 'settings.sections.queue',
  decay: 'settings.sections.decay',
  seasons: 'settings.sections.seasons',
  'rank-roles': 'settings.sections.rankRoles',
};
/** The posted `section` → the panel (its id) the page returns to. */
const ANCHORS: Record<string, string> = {
  general: 'general',
  display: 'display',
  live: 'live',
  contest: 'contest',
  queue: 'queue',
  'queue-close': 'queue',
  decay: 'decay',
  'season-start': 'seasons',
  'season-end': 'seasons',
  'role-add': 'rank-roles',
  'role-settings': 'rank-roles',
  'role-remove': 'rank-roles',
};
const savedFlash = (w: Words, title: string): Html =>
  `<p class="flash" role="status">${w.h('settings.savedOnly', { section: title })}</p>`;

/** An option of a select, its value what the use case reads and its text the page's language. */
const option = (value: string, label: string, on: boolean) =>
  `<option value="${value}"${on ? ' selected' : ''}>${escapeHtml(label)}</option>`;

export function boardSettingsPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    const { w } = member;
    await needManage(member, deps.access, 'guard.openingSettings');
    const board = await ownedBoard(deps.ctx, member.ownerId, String(req.params.boardId));
    const settings = await boardSettings(deps.ctx, board);
    const g = member.server.guildId;
    const [channels, roles] = deps.directory
      ? await Promise.all([deps.directory.channels(g), deps.directory.roles(g)])
      : [null, null];
    const s = member.session;
    const action = paths.board(g, board.id);
    const SAVE = w.t('settings.save');
    const title = (panel: string) => w.t(TITLES[panel]!);
    // After a save: the flash in the section saved (the page opens there); else at the top.
    const doneText = doneKey(FLASH, req.query.done);
    const done = doneText && w.t(doneText);
    const savedIn =
      req.query.done === 'saved' && typeof req.query.section === 'string'
        ? TITLES[req.query.section] && req.query.section
        : undefined;
    const flashIn = (panel: string): Html => (panel === savedIn ? savedFlash(w, title(panel)) : '');
    const open = (panel: string): Html =>
      `<section class="panel" id="${panel}"><h2>${escapeHtml(title(panel))}</h2>${flashIn(panel)}`;
    const section = (name: string) => `<input type="hidden" name="section" value="${name}">`;
    const match = isMatchBoard(board);
    // The bounds /board edit takes: a window set in chat must not stop the browser sending this form.
    const [confirmLow, confirmHigh] = CONFIRM_WINDOW_RANGE;
    const general = postForm(
      s,
      action,
      `${section('general')}
<label>${w.h('boards.name')} <input name="name" maxlength="100" value="${escapeHtml(board.displayName)}"></label>
<label>${w.h('boards.windowHours')} <input name="windowHours" type="number" min="0" max="999" value="${board.validationWindowHours}"><span class="hint">${w.h('settings.general.windowHint')}</span></label>
${
  match
    ? `<label>${w.h('settings.general.whoConfirms')} <select name="reviewMode">${option('moderators', w.t('settings.general.moderators'), board.reviewMode === 'moderators')}${option('opponents', w.t('settings.general.opponents'), board.reviewMode === 'opponents')}</select></label>
<label>${w.h('settings.general.confirmHours')} <input name="confirmHours" type="number" min="${confirmLow}" max="${confirmHigh}" value="${board.confirmWindowHours}"></label>
<label>${w.h('settings.general.onSilence')} <select name="onSilence">${option('confirm', w.t('settings.general.confirm'), board.confirmOnSilence === 'confirm')}${option('escalate', w.t('settings.general.escalate'), board.confirmOnSilence === 'escalate')}</select></label>`
    : ''
}
${picker(w, 'moderatorChannel', w.h('settings.general.moderatorChannel'), channels, board.moderatorChannelId, w.t('settings.general.none'))}
${picker(w, 'moderatorRole', w.h('settings.general.moderatorRole'), roles, board.moderatorRoleId, w.t('settings.general.manageServerOnly'))}
<label class="check"><input type="checkbox" name="evidence"${checked(board.evidenceRequired)}> ${w.h('settings.general.evidence')}</label>
<label class="check"><input type="checkbox" name="private"${checked(board.private)}> ${w.h('settings.general.private')}</label>`,
      { label: SAVE, kind: 'primary' },
      'stack',
    );
    const [low, high] = STANDINGS_SIZE_RANGE;
    const display =
      board.type === 'Rating'
        ? ''
        : `${open('display')}${postForm(
            s,
            action,
            `${section('display')}
<label class="check"><input type="checkbox" name="medals"${checked(board.medals)}> ${w.h('settings.display.medals')}</label>
<label>${w.h('settings.display.standingsSize')} <input name="standingsSize" type="number" min="${low}" max="${high}" value="${board.standingsSize}"><span class="hint">${w.h('settings.display.standingsSizeHint')}</span></label>
${
  match
    ? `<label class="check"><input type="checkbox" name="showRecord"${checked(board.showRecord)}> ${w.h('settings.display.showRecord')}</label>`
    : `<label class="check"><input type="checkbox" name="showSubmissions"${checked(board.showSubmissions)}> ${w.h('settings.display.showSubmissions')}</label>`
}`,
            { label: SAVE },
            'stack',
          )}</section>`;
    const live = postForm(
      s,
      action,
      `${section('live')}${picker(w, 'channel', w.h('settings.live.channel'), channels, settings.live?.channelId ?? null, w.t('settings.live.off'))}`,
      { label: SAVE },
      'stack',
    );
    const decay =
      board.type === 'ELO'
        ? `${open('decay')}${postForm(
            s,
            action,
            `${section('decay')}
<label>${w.h('settings.decay.amount')} <input name="amount" type="number" min="1" max="1000" value="${settings.decay?.amount ?? ''}"></label>
<label class="check"><input type="checkbox" name="percent"${checked(settings.decay?.percent ?? false)}> ${w.h('settings.decay.percent')}</label>
<label>${w.h('settings.decay.afterDays')} <input name="afterDays" type="number" min="1" max="365" value="${settings.decay?.afterDays ?? ''}"></label>
<label>${w.h('settings.decay.everyHours')} <input name="everyHours" type="number" min="1" value="${settings.decay?.everyHours ?? ''}"></label>
<label class="check"><input type="checkbox" name="off"> ${w.h('settings.decay.off')}</label>`,
            { label: SAVE },
            'stack',
          )}</section>`
        : '';
    const season = settings.season && settings.season.endedAt === null ? settings.season : null;
    const seasons = `${open('seasons')}${
      season
        ? `<p>${w.h('settings.seasons.running', { season: season.name || w.t('settings.seasons.season', { number: season.number }) })}</p>${postForm(s, action, section('season-end'), { label: w.t('settings.seasons.end'), kind: 'danger' })}`
        : postForm(
            s,
            action,
            `${section('season-start')}<label>${w.h('settings.seasons.name')} <input name="name" maxlength="100"></label><label>${w.h('settings.seasons.days')} <input name="days" type="number" min="1" max="3650"><span class="hint">${w.h('settings.seasons.daysHint')}</span></label>`,
            { label: w.t('settings.seasons.start') },
            'stack',
          )
    }</section>`;
    const roleRows = settings.rankRoles.map((r) => {
      const name = roles?.find((p) => p.id === r.roleId)?.name ?? r.roleId;
      const given = w.h(r.kind === 'top' ? 'settings.rankRoles.top' : 'settings.rankRoles.at', {
        threshold: r.threshold,
      });
      return `<tr><td>${escapeHtml(name)}</td><td>${given}</td><td>${postForm(s, action, `${section('role-remove')}<input type="hidden" name="role" value="${escapeHtml(r.roleId)}">`, { label: w.t('settings.rankRoles.remove') })}</td></tr>`;
    });
    const roleSettings =
      board.type === 'Rating' ? null : (await rankRolesOf(deps.ctx, board)).settings;
    const roleRules = roleSettings
      ? postForm(
          s,
          action,
          `${section('role-settings')}<label>${w.h('settings.rankRoles.minGames')} <input name="minGames" type="number" min="0" max="10000" value="${roleSettings.minGames}"></label><label class="check"><input type="checkbox" name="stack"${checked(roleSettings.stack)}> ${w.h('settings.rankRoles.stack')}</label>`,
          { label: SAVE },
          'stack',
        )
      : '';
    const contest =
      board.type === 'Rating' ? contestSection(await contestSettingsOf(deps.ctx, board)) : '';
    function contestSection(c: Awaited<ReturnType<typeof contestSettingsOf>>): Html {
      const period = (name: 'submissions' | 'voting', until: Date | null) => {
        const closed = until !== null && until.getTime() <= deps.ctx.now().getTime();
        const value = until && !closed ? until.toISOString().slice(0, 16) : '';
        return `<label>${w.h(`settings.contest.${name}`)} <select name="${name}">${option('open', w.t('settings.contest.open'), until === null)}${option('closed', w.t('settings.contest.closed'), closed)}${option('until', w.t('settings.contest.openUntil'), value !== '')}</select></label><label>${w.h('settings.contest.until')} <input type="datetime-local" name="${name}Until" value="${value}"></label>`;
      };
      return `${open('contest')}${postForm(
        s,
        action,
        `${section('contest')}${picker(w, 'channel', w.h('settings.contest.channel'), channels, c.channelId, w.t('settings.contest.none'))}
<label>${w.h('settings.contest.entriesPerMember')} <input name="entriesPerMember" type="number" min="1" value="${c.entriesPerMember}"></label>
<label class="check"><input type="checkbox" name="approval"${checked(c.approval)}> ${w.h('settings.contest.approval')}</label>
${period('submissions', c.submissionsUntil)}
${period('voting', c.votingUntil)}
<label>${w.h('settings.contest.minVotes')} <input name="minVotes" type="number" min="1" value="${c.minVotes}"></label>`,
        { label: SAVE, kind: 'primary' },
        'stack',
      )}</section>`;
    }
    const rankRoles =
      board.type === 'Rating'
        ? ''
        : `${open('rank-roles')}${roleRules}${roleRows.length ? `<div class="scroll"><table><tbody>${roleRows.join('')}</tbody></table></div>` : `<p class="empty">${w.h('settings.rankRoles.none')}</p>`}${postForm(
            s,
            action,
            `${section('role-add')}${picker(w, 'role', w.h('settings.rankRoles.role'), roles, null, w.t('settings.rankRoles.pick'))}<label>${w.h('settings.rankRoles.given')} <select name="kind">${option('value', w.t('settings.rankRoles.atValue'), false)}${option('top', w.t('settings.rankRoles.toTop'), false)}</select></label><label>${w.h('settings.rankRoles.threshold')} <input name="threshold" type="number" required></label>`,
            { label: w.t('settings.rankRoles.add') },
            'stack',
          )}</section>`;
    const publicPage = link(deps.links.board(board), w.h('settings.publicPage'));
    const body = `<h1>${escapeHtml(boardName(board))}</h1>
${serverTabs(member, 'boards')}
<p class="meta">${w.m('settings.metaHtml', { type: escapeHtml(w.type(board.type)), link: publicPage })}</p>
<p class="hint">${w.h('settings.oneAtATime')}</p>
${open('general')}${general}</section>
${display}
${open('live')}${live}</section>
${contest}${await queueSection(deps, member, board, channels, action, flashIn('queue'))}${decay}${seasons}${rankRoles}
<section class="panel"><h2>${w.h('settings.delete.heading')}</h2><p>${w.h('settings.delete.what')}</p><p>${link(paths.boardDelete(g, board.id), w.h('settings.delete.link'))}</p></section>`;
    sendDashboard(
      res,
      200,
      dashboardHtml(w.t('settings.pageTitle', { board: boardName(board) }), body, {
        session: s,
        w,
        flash: done && !savedIn ? { text: done } : null,
      }),
    );
  };
}

export type { Board };
