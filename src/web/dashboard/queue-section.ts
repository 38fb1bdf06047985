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

/**
 * A board's matchmaking queue on its settings page (issue 28 item 8): open it with the channel
 * of its message, change its settings, close it, as /queue open and /queue close do (the same
 * use cases); and who waits now, with their ratings and since when, and how many matches are open.
 */

/** The settings as the form names and explains them; ranges from QUEUE_LIMITS. */
const FIELDS: [keyof QueueSettings, string, string][] = [
  ['windowStart', 'Starting window (rating gap)', 'The widest gap a player accepts on joining.'],
  ['windowGrowthPerMinute', 'Widening per minute waited', 'Rating points a minute.'],
  ['windowMax', 'Widest window', 'At least the starting window.'],
  ['readySeconds', 'Ready check (seconds)', 'How long matched players have to press Ready.'],
  ['reportMinutes', 'Time to report (minutes)', 'An unreported match is cancelled after this.'],
];

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
  for (const [key, label] of FIELDS) {
    const value = whole(form[key], label.toLowerCase());
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
  const current: QueueSettings = view?.queue ?? QUEUE_DEFAULTS;
  const fields = FIELDS.map(([key, label, hint]) => {
    const [low, high] = QUEUE_LIMITS[key];
    return `<label>${label} <input name="${key}" type="number" min="${low}" max="${high}" required value="${current[key]}"><span class="hint">${grouped(low)}–${grouped(high)}. ${hint}</span></label>`;
  });
  const form = postForm(
    s,
    action,
    `<input type="hidden" name="section" value="queue">
${picker('channel', 'Channel of its Join and Leave message', channels, view?.queue.channelId ?? null, 'No message (members use /queue join)')}
<div class="queue-fields">${fields.join('\n')}</div>`,
    view ? { label: 'Save this section' } : { label: 'Open the queue', kind: 'primary' },
    'stack',
  );
  if (!view) {
    return `<section class="panel" id="queue"><h2>Queue</h2>${flash}<p>No queue. Open one and members join it with its Join button or <code>/queue join</code>; Tally pairs the closest ratings, widening the window as they wait.</p>${form}</section>`;
  }
  const close = postForm(s, action, '<input type="hidden" name="section" value="queue-close">', {
    label: 'Close the queue',
    kind: 'danger',
  });
  return `<section class="panel" id="queue"><h2>Queue</h2>${flash}
${await rosterHtml(deps, member, view)}
${form}
<p class="hint">Closing sends whoever waits out and cancels matches still in their ready check; matches being played go on.</p>${close}</section>`;
}

/** Who waits now, longest first, and how many matches are open. */
async function rosterHtml(deps: DashboardDeps, member: InServer, view: QueueView): Promise<Html> {
  const naming = await namingFor(
    deps,
    member.server.guildId,
    view.waiting.map((w) => w.joinedBy),
  );
  const now = deps.ctx.now().getTime();
  const open = `${grouped(view.open)} match${view.open === 1 ? '' : 'es'} open (in their ready check or being played)`;
  if (view.waiting.length === 0) return `<p>Nobody waiting. ${open}.</p>`;
  const rows = view.waiting.map((w) => {
    const member = naming(w.joinedBy.slice('chat:'.length));
    const name = w.name ?? (w.entrant === w.joinedBy ? member : w.entrant);
    const by =
      w.entrant === w.joinedBy ? '' : ` <span class="hint">queued by ${bdi(member)}</span>`;
    const since = `since ${utcMinute(w.since)}`;
    return `<tr><td>${bdi(name)}${by}</td><td class="num">${Math.round(w.rating)}</td><td class="num">±${w.window}</td><td class="num"><time datetime="${w.since.toISOString()}" title="${escapeHtml(since)}">${waited(now - w.since.getTime())}</time></td></tr>`;
  });
  return `<p>${grouped(view.waiting.length)} waiting · ${open}.</p>
<div class="scroll queue-roster"><table><thead><tr><th>Waiting</th><th class="num">Rating</th><th class="num">Window</th><th class="num">Waited</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** How long someone has waited: `0 min`, `14 min`, `2 h 5 min`. */
function waited(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
