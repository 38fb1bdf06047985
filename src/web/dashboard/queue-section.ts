import type { Board } from '../../../entities/board';
import { isMatchBoard } from '../../domain/board-rules';
import { utcMinute } from '../../domain/display';
import type { ServerPlace } from '../../pipeline/chat-port';
import { queueOfBoardView } from '../../pipeline/queue-reads';
import {
  closeQueue,
  openQueue,
  queueOfBoard,
  QUEUE_DEFAULTS,
  QUEUE_LIMITS,
  type QueueSettings,
  type QueueView,
} from '../../pipeline/queues';
import { bdi, escapeHtml, grouped, type Html } from '../html';
import type { DashboardDeps } from './deps';
import { picker, placeOf, whole, type Form } from './form-fields';
import type { InServer } from './guard';
import { postForm } from './layout';
import { namingFor } from './member-names';
import type { Words } from './words';

/**
 * A board's matchmaking queue on its settings page (issue 28 item 8): open it with the channel
 * of its message, change its settings, close it, as /queue open and /queue close do (the same
 * use cases); and who waits now, with their ratings and since when, and how many matches are open.
 */

/** The settings the form has, each named and explained by `queue.<key>`; ranges from QUEUE_LIMITS. */
const FIELDS = [
  'windowStart',
  'windowGrowthPerMinute',
  'windowMax',
  'readySeconds',
  'reportMinutes',
] as const satisfies readonly (keyof QueueSettings)[];

/** The queue's sections of the settings form; false: not one of them. */
export async function saveQueue(
  deps: DashboardDeps,
  member: InServer,
  board: Board,
  form: Form,
): Promise<boolean> {
  if (form.section === 'queue-close') {
    await closeQueue(deps.ctx, board);
    return true;
  }
  if (form.section !== 'queue') return false;
  const settings: Partial<QueueSettings> = {};
  for (const key of FIELDS) {
    const value = whole(member.w, form[key], (w) =>
      // English names a field in lower case inside its sentence; other languages quote it.
      w.lang === 'en' ? w.t(`queue.${key}`).toLowerCase() : w.t(`queue.${key}`),
    );
    if (value !== undefined) settings[key] = value;
  }
  const picked = await placeOf(deps, member, 'channels', form.channel);
  const queue = await queueOfBoard(deps.ctx, board);
  // The same channel again is no move: its message stays where it is.
  const channelId = queue && picked === queue.channelId ? undefined : picked;
  await openQueue(deps.ctx, board, { ...(channelId !== undefined ? { channelId } : {}), settings });
  return true;
}

/** The section, or nothing on a board that cannot have a queue. */
export async function queueSection(
  deps: DashboardDeps,
  member: InServer,
  board: Board,
  channels: ServerPlace[] | null,
  action: string,
  /** What was just saved here, shown under the heading (the page returns to #queue). */
  flash: Html = '',
): Promise<Html> {
  if (!isMatchBoard(board)) return '';
  const view = await queueOfBoardView(deps.ctx, board);
  const s = member.session;
  const { w } = member;
  const current: QueueSettings = view?.queue ?? QUEUE_DEFAULTS;
  const fields = FIELDS.map((key) => {
    const [low, high] = QUEUE_LIMITS[key];
    return `<label>${w.h(`queue.${key}`)} <input name="${key}" type="number" min="${low}" max="${high}" required value="${current[key]}"><span class="hint">${grouped(low, w.lang)}–${grouped(high, w.lang)}. ${w.h(`queue.${key}Hint`)}</span></label>`;
  });
  const form = postForm(
    s,
    action,
    `<input type="hidden" name="section" value="queue">
${picker(w, 'channel', w.h('queue.channel'), channels, view?.queue.channelId ?? null, w.t('queue.noMessage'))}
<div class="queue-fields">${fields.join('\n')}</div>`,
    view ? { label: w.t('settings.save') } : { label: w.t('queue.open'), kind: 'primary' },
    'stack',
  );
  if (!view) {
    return `<section class="panel" id="queue"><h2>${w.h('queue.heading')}</h2>${flash}<p>${w.m('queue.noneHtml')}</p>${form}</section>`;
  }
  const close = postForm(s, action, '<input type="hidden" name="section" value="queue-close">', {
    label: w.t('queue.close'),
    kind: 'danger',
  });
  return `<section class="panel" id="queue"><h2>${w.h('queue.heading')}</h2>${flash}
${await rosterHtml(deps, member, view)}
${form}
<p class="hint">${w.h('queue.closeHint')}</p>${close}</section>`;
}

/** Who waits now, longest first, and how many matches are open. */
async function rosterHtml(deps: DashboardDeps, member: InServer, view: QueueView): Promise<Html> {
  const naming = await namingFor(
    deps,
    member.server.guildId,
    view.waiting.map((w) => w.joinedBy),
  );
  const now = deps.ctx.now().getTime();
  const { w } = member;
  const open = w.t('queue.matchesOpen', { count: view.open });
  if (view.waiting.length === 0) return `<p>${w.h('queue.nobody', { open })}</p>`;
  const words = w;
  const rows = view.waiting.map((w) => {
    const member = naming(w.joinedBy.slice('chat:'.length));
    const name = w.name ?? (w.entrant === w.joinedBy ? member : w.entrant);
    const by =
      w.entrant === w.joinedBy
        ? ''
        : ` <span class="hint">${words.m('queue.queuedByHtml', { name: bdi(member) })}</span>`;
    const since = words.t('queue.since', { when: utcMinute(w.since, words.lang) });
    return `<tr><td>${bdi(name)}${by}</td><td class="num">${Math.round(w.rating)}</td><td class="num">±${w.window}</td><td class="num"><time datetime="${w.since.toISOString()}" title="${escapeHtml(since)}">${waited(words, now - w.since.getTime())}</time></td></tr>`;
  });
  return `<p>${w.h('queue.waitingLine', { count: view.waiting.length, open })}</p>
<div class="scroll queue-roster"><table><thead><tr><th>${w.h('queue.waiting')}</th><th class="num">${w.h('queue.rating')}</th><th class="num">${w.h('queue.window')}</th><th class="num">${w.h('queue.waited')}</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** How long someone has waited: `0 min`, `14 min`, `2 h 5 min`. */
function waited(w: Words, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return minutes < 60
    ? w.t('queue.minutes', { minutes })
    : w.t('queue.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
