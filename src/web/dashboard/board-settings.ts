import type { RequestHandler } from 'express';
import type { Board } from '../../../entities/board';
import { STANDINGS_SIZE_RANGE } from '../../domain/board-display';
import { CONFIRM_WINDOW_RANGE } from '../../domain/confirmation';
import { isMatchBoard } from '../../domain/board-rules';
import { TallyError } from '../../domain/errors';
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
function periodOf(choice: string, until: string | undefined, what: string): PeriodInput {
  if (choice === 'open' || choice === 'closed') return choice;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(until ?? '');
  const date = m ? new Date(`${m[1]}T${m[2]}:00Z`) : null;
  if (choice !== 'until' || !date || Number.isNaN(date.getTime())) {
    throw new TallyError('invalid_request', `${what}: pick open, closed, or a date and time (UTC)`);
  }
  return date;
}

const by = (member: InServer) => `chat:${member.session.userId}`;

export function createBoardAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'Creating a board');
    const form = formOf(req);
    const ownerId = await serverOwner(deps, member);
    const board = await createBoard(deps.ctx, {
      ownerId,
      type: form.type ?? '',
      ...(form.id ? { id: form.id.trim() } : {}),
      ...(form.name ? { name: form.name } : {}),
      ...(whole(form.windowHours, 'review window') !== undefined
        ? { windowHours: whole(form.windowHours, 'review window') }
        : {}),
    });
    res.redirect(303, `${paths.board(member.server.guildId, board.id)}?done=created`);
  };
}

export function saveBoardAction(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, 'Changing a board');
    const board = await ownedBoard(deps.ctx, member.ownerId, String(req.params.boardId));
    const form = formOf(req);
    const { ctx } = deps;
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
          windowHours: whole(form.windowHours, 'review window') ?? board.validationWindowHours,
          moderatorChannelId: await placeOf(deps, member, 'channels', form.moderatorChannel),
          moderatorRoleId: await placeOf(deps, member, 'roles', form.moderatorRole),
          evidenceRequired: form.evidence === 'on',
          private: form.private === 'on',
        };
        if (isMatchBoard(board)) {
          edit.reviewMode = form.reviewMode ?? board.reviewMode;
          if (edit.reviewMode === 'opponents') {
            edit.confirmWindowHours =
              whole(form.confirmHours, 'confirmation window') ?? board.confirmWindowHours;
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
          standingsSize: whole(form.standingsSize, 'standings size') ?? board.standingsSize,
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
                amount: whole(form.amount, 'amount') ?? 0,
                percent: form.percent === 'on',
                ...(whole(form.afterDays, 'after days') !== undefined
                  ? { afterDays: whole(form.afterDays, 'after days') }
                  : {}),
                ...(whole(form.everyHours, 'every hours') !== undefined
                  ? { everyHours: whole(form.everyHours, 'every hours') }
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
            ...(whole(form.days, 'days') !== undefined ? { days: whole(form.days, 'days') } : {}),
          },
          by(member),
        );
        break;
      case 'season-end':
        await endSeason(ctx, member.ownerId, board.id, by(member));
        break;
      case 'role-add': {
        const roleId = await placeOf(deps, member, 'roles', form.role);
        if (!roleId) throw new TallyError('invalid_request', 'pick a role');
        await putRankRole(ctx, member.ownerId, board.id, {
          roleId,
          kind: form.kind === 'top' ? 'top' : 'value',
          threshold: whole(form.threshold, 'threshold') ?? 0,
        });
        break;
      }
      case 'role-settings':
        await setRankRoleSettings(ctx, member.ownerId, board.id, {
          ...(whole(form.minGames, 'minimum games') !== undefined
            ? { minGames: whole(form.minGames, 'minimum games') }
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
            ...(whole(form.entriesPerMember, 'entries per member') !== undefined
              ? { entriesPerMember: whole(form.entriesPerMember, 'entries per member') }
              : {}),
            approval: form.approval === 'on',
            ...(form.submissions
              ? { submissions: periodOf(form.submissions, form.submissionsUntil, 'submissions') }
              : {}),
            ...(form.voting ? { voting: periodOf(form.voting, form.votingUntil, 'voting') } : {}),
            ...(whole(form.minVotes, 'minimum votes') !== undefined
              ? { minVotes: whole(form.minVotes, 'minimum votes') }
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
        throw new TallyError('invalid_request', 'unknown settings section');
    }
    back(form.section);
  };
}

const checked = (on: boolean) => (on ? ' checked' : '');
const FLASH: Record<string, string> = { created: 'Board created.', saved: 'Saved.' };

/**
 * Each section is a form of its own (the dashboard has no script to send two at once), so a
 * Save sends that section only and the page comes back with the others as stored: an edit typed
 * in another section is gone. The page says so under its title and on each Save, and after a
 * save it returns to the section saved (`?section=` and its anchor), which says what was kept.
 */
const TITLES: Record<string, string> = {
  general: 'General',
  display: 'Display',
  live: 'Live standings',
  contest: 'Contest',
  queue: 'Queue',
  decay: 'Inactivity decay',
  seasons: 'Seasons',
  'rank-roles': 'Rank roles',
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
const SAVE = 'Save this section';
const ONE_AT_A_TIME =
  'Each section below saves on its own, with its own button: save one before changing another.';
const savedFlash = (title: string): Html =>
  `<p class="flash" role="status">Saved. Only ${escapeHtml(title)} was saved; changes left unsaved in other sections, if any, were dropped.</p>`;

export function boardSettingsPage(deps: DashboardDeps): RequestHandler {
  return async (req, res) => {
    const member = await inServer(req, res, deps.access);
    await needManage(member, deps.access, "Opening a board's settings");
    const board = await ownedBoard(deps.ctx, member.ownerId, String(req.params.boardId));
    const settings = await boardSettings(deps.ctx, board);
    const g = member.server.guildId;
    const [channels, roles] = deps.directory
      ? await Promise.all([deps.directory.channels(g), deps.directory.roles(g)])
      : [null, null];
    const s = member.session;
    const action = paths.board(g, board.id);
    // After a save: the flash in the section saved (the page opens there); else at the top.
    const done = typeof req.query.done === 'string' ? FLASH[req.query.done] : undefined;
    const savedIn =
      req.query.done === 'saved' && typeof req.query.section === 'string'
        ? TITLES[req.query.section] && req.query.section
        : undefined;
    const flashIn = (panel: string): Html => (panel === savedIn ? savedFlash(TITLES[panel]!) : '');
    const open = (panel: string): Html =>
      `<section class="panel" id="${panel}"><h2>${TITLES[panel]}</h2>${flashIn(panel)}`;
    const section = (name: string) => `<input type="hidden" name="section" value="${name}">`;
    const match = isMatchBoard(board);
    // The bounds /board edit takes: a window set in chat must not stop the browser sending this form.
    const [confirmLow, confirmHigh] = CONFIRM_WINDOW_RANGE;
    const general = postForm(
      s,
      action,
      `${section('general')}
<label>Name <input name="name" maxlength="100" value="${escapeHtml(board.displayName)}"></label>
<label>Review window (hours) <input name="windowHours" type="number" min="0" max="999" value="${board.validationWindowHours}"><span class="hint">0 applies results at once.</span></label>
${
  match
    ? `<label>Who confirms a match <select name="reviewMode"><option value="moderators"${board.reviewMode === 'moderators' ? ' selected' : ''}>Moderators</option><option value="opponents"${board.reviewMode === 'opponents' ? ' selected' : ''}>The opponents</option></select></label>
<label>Confirmation window (hours) <input name="confirmHours" type="number" min="${confirmLow}" max="${confirmHigh}" value="${board.confirmWindowHours}"></label>
<label>When opponents stay silent <select name="onSilence"><option value="confirm"${board.confirmOnSilence === 'confirm' ? ' selected' : ''}>Confirm</option><option value="escalate"${board.confirmOnSilence === 'escalate' ? ' selected' : ''}>Send to moderators</option></select></label>`
    : ''
}
${picker('moderatorChannel', 'Moderator channel', channels, board.moderatorChannelId, 'None')}
${picker('moderatorRole', 'Moderator role', roles, board.moderatorRoleId, 'Manage Server only')}
<label class="check"><input type="checkbox" name="evidence"${checked(board.evidenceRequired)}> Chat reports need evidence</label>
<label class="check"><input type="checkbox" name="private"${checked(board.private)}> Private: hidden from the public pages; members of this server see it when signed in</label>`,
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
<label class="check"><input type="checkbox" name="medals"${checked(board.medals)}> Medals: 🥇🥈🥉 for the top three in chat, a podium on the public page</label>
<label>Ranks per page in chat <input name="standingsSize" type="number" min="${low}" max="${high}" value="${board.standingsSize}"><span class="hint">/leaderboard and the live standings message.</span></label>
${
  match
    ? `<label class="check"><input type="checkbox" name="showRecord"${checked(board.showRecord)}> Show the record (wins, draws, losses)</label>`
    : `<label class="check"><input type="checkbox" name="showSubmissions"${checked(board.showSubmissions)}> Show the submissions count on the public page</label>`
}`,
            { label: SAVE },
            'stack',
          )}</section>`;
    const live = postForm(
      s,
      action,
      `${section('live')}${picker('channel', 'Live standings channel', channels, settings.live?.channelId ?? null, 'Off')}`,
      { label: SAVE },
      'stack',
    );
    const decay =
      board.type === 'ELO'
        ? `${open('decay')}${postForm(
            s,
            action,
            `${section('decay')}
<label>Amount <input name="amount" type="number" min="1" max="1000" value="${settings.decay?.amount ?? ''}"></label>
<label class="check"><input type="checkbox" name="percent"${checked(settings.decay?.percent ?? false)}> Percent of the rating</label>
<label>After days without a match <input name="afterDays" type="number" min="1" max="365" value="${settings.decay?.afterDays ?? ''}"></label>
<label>Every hours <input name="everyHours" type="number" min="1" value="${settings.decay?.everyHours ?? ''}"></label>
<label class="check"><input type="checkbox" name="off"> Turn decay off</label>`,
            { label: SAVE },
            'stack',
          )}</section>`
        : '';
    const season = settings.season && settings.season.endedAt === null ? settings.season : null;
    const seasons = `${open('seasons')}${
      season
        ? `<p>${escapeHtml(season.name || `Season ${season.number}`)} is running.</p>${postForm(s, action, section('season-end'), { label: 'End the season now', kind: 'danger' })}`
        : postForm(
            s,
            action,
            `${section('season-start')}<label>Name <input name="name" maxlength="100"></label><label>Length (days) <input name="days" type="number" min="1" max="3650"><span class="hint">Empty: runs until ended here or with /season end.</span></label>`,
            { label: 'Start a season' },
            'stack',
          )
    }</section>`;
    const roleRows = settings.rankRoles.map((r) => {
      const name = roles?.find((p) => p.id === r.roleId)?.name ?? r.roleId;
      return `<tr><td>${escapeHtml(name)}</td><td>${r.kind === 'top' ? `Top ${r.threshold}` : `At ${r.threshold}`}</td><td>${postForm(s, action, `${section('role-remove')}<input type="hidden" name="role" value="${escapeHtml(r.roleId)}">`, { label: 'Remove' })}</td></tr>`;
    });
    const roleSettings =
      board.type === 'Rating' ? null : (await rankRolesOf(deps.ctx, board)).settings;
    const roleRules = roleSettings
      ? postForm(
          s,
          action,
          `${section('role-settings')}<label>Minimum results before any rank role <input name="minGames" type="number" min="0" max="10000" value="${roleSettings.minGames}"></label><label class="check"><input type="checkbox" name="stack"${checked(roleSettings.stack)}> Members keep every role they earned (off: only the best one)</label>`,
          { label: SAVE },
          'stack',
        )
      : '';
    const contest =
      board.type === 'Rating' ? contestSection(await contestSettingsOf(deps.ctx, board)) : '';
    function contestSection(c: Awaited<ReturnType<typeof contestSettingsOf>>): Html {
      const period = (name: string, until: Date | null) => {
        const closed = until !== null && until.getTime() <= deps.ctx.now().getTime();
        const value = until && !closed ? until.toISOString().slice(0, 16) : '';
        const option = (v: string, label: string, on: boolean) =>
          `<option value="${v}"${on ? ' selected' : ''}>${label}</option>`;
        return `<label>${name === 'submissions' ? 'Submissions' : 'Voting'} <select name="${name}">${option('open', 'open', until === null)}${option('closed', 'closed', closed)}${option('until', 'open until (UTC)…', value !== '')}</select></label><label>…until (UTC) <input type="datetime-local" name="${name}Until" value="${value}"></label>`;
      };
      return `${open('contest')}${postForm(
        s,
        action,
        `${section('contest')}${picker('channel', 'Contest channel (entries are posted there with their vote buttons)', channels, c.channelId, 'None')}
<label>Entries per member <input name="entriesPerMember" type="number" min="1" value="${c.entriesPerMember}"></label>
<label class="check"><input type="checkbox" name="approval"${checked(c.approval)}> Moderators approve each entry before it goes live</label>
${period('submissions', c.submissionsUntil)}
${period('voting', c.votingUntil)}
<label>Votes before an entry is ranked <input name="minVotes" type="number" min="1" value="${c.minVotes}"></label>`,
        { label: SAVE, kind: 'primary' },
        'stack',
      )}</section>`;
    }
    const rankRoles =
      board.type === 'Rating'
        ? ''
        : `${open('rank-roles')}${roleRules}${roleRows.length ? `<div class="scroll"><table><tbody>${roleRows.join('')}</tbody></table></div>` : '<p class="empty">No rank roles.</p>'}${postForm(
            s,
            action,
            `${section('role-add')}${picker('role', 'Role', roles, null, 'Pick a role')}<label>Given <select name="kind"><option value="value">at a value</option><option value="top">to the top N</option></select></label><label>Threshold <input name="threshold" type="number" required></label>`,
            { label: 'Add rank role' },
            'stack',
          )}</section>`;
    const body = `<h1>${escapeHtml(boardName(board))}</h1>
${serverTabs(member, 'boards')}
<p class="meta">${board.type} board · ${link(deps.links.board(board), 'public page')}</p>
<p class="hint">${ONE_AT_A_TIME}</p>
${open('general')}${general}</section>
${display}
${open('live')}${live}</section>
${contest}${await queueSection(deps, member, board, channels, action, flashIn('queue'))}${decay}${seasons}${rankRoles}
<section class="panel"><h2>Delete this board</h2><p>Its entries, history, seasons and settings go with it, for good.</p><p>${link(paths.boardDelete(g, board.id), 'Delete this board…')}</p></section>`;
    sendDashboard(
      res,
      200,
      dashboardHtml(`${boardName(board)} settings`, body, {
        session: s,
        flash: done && !savedIn ? { text: done } : null,
      }),
    );
  };
}

export type { Board };
