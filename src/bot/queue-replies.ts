import { time, TimestampStyles } from 'discord.js';
import type { Board } from '../../entities/board';
import { t } from '../domain/i18n';
import { formatTeamId } from '../domain/ids';
import type { QueueMatch } from '../../entities/queue';
import {
  type Queue,
  type QueueMatchView,
  type QueueView,
  type QueueWait,
  type Waiter,
} from '../pipeline/queues';
import { clip, LIMITS, shown } from './text';

/**
 * What /queue and the queue's buttons (commands/queue.ts, commands/queue-buttons.ts) answer a
 * member: pure text from what the queue use cases returned, so the slash command and the button
 * say the same thing.
 */

/** A board's name in bold, as every queue answer names it. */
export const bold = (board: Pick<Board, 'displayName'>) => `**${shown(board.displayName)}**`;

/**
 * An entrant as chat shows it: a member's mention (never a ping: replies parse none), a team by
 * its stored name, or its id before it has one.
 */
export const entrantShown = (entrant: string, name: string | null = null) =>
  entrant.startsWith('team:')
    ? name
      ? `**${shown(name)}**`
      : formatTeamId(Number(entrant.slice('team:'.length)))
    : `<@${entrant.slice('chat:'.length)}>`;

/** `3 waiting`, in the member's language (English where none is given). */
const waiting = (view: QueueView, locale: Locale) =>
  t(locale, 'play.queue.waiting', { count: view.waiting.length });

/** A locale as Discord sends it (`pt-BR`), null for English. */
type Locale = string | null;

const relative = (at: Date) => time(at, TimestampStyles.RelativeTime);

/** How the queue matches, for the admin who opened it and for /queue status. */
export function howItMatches(queue: Queue, board: Board, locale: Locale = null): string {
  const who =
    board.teamSize > 1 && !board.fixedTeams
      ? t(locale, 'play.queue.howTeams', {
          players: board.teamSize * 2,
          size: `${board.teamSize}v${board.teamSize}`,
        })
      : t(locale, 'play.queue.howPairs');
  return t(locale, 'play.queue.howItMatches', {
    who,
    start: queue.windowStart,
    growth: queue.windowGrowthPerMinute,
    max: queue.windowMax,
    ready: queue.readySeconds,
    report: queue.reportMinutes,
  });
}

/** /queue open's answer. */
export function openedText(
  queue: Queue,
  board: Board,
  created: boolean,
  channelId: string | null,
  locale: Locale = null,
): string {
  const where = channelId
    ? t(locale, 'play.queue.postedSoon', { channel: `<#${channelId}>` })
    : queue.channelId
      ? t(locale, 'play.queue.staysIn', { channel: `<#${queue.channelId}>` })
      : t(locale, 'play.queue.noMessage');
  const done = t(locale, created ? 'play.queue.opened' : 'play.queue.updated', {
    board: bold(board),
  });
  return `${done} ${where}\n${howItMatches(queue, board, locale)}`;
}

/** Joining's answer: where, how many wait, and where the ping comes. */
export function joinedText(view: QueueView, wait: QueueWait, locale: Locale = null): string {
  const me = view.waiting.find((w) => w.entrant === wait.entrant);
  const team = wait.entrant !== wait.joinedBy;
  const vars = { board: bold(view.board), waiting: waiting(view, locale) };
  const parts = [
    team
      ? t(locale, 'play.queue.teamIsIn', {
          ...vars,
          team: entrantShown(wait.entrant, me?.name ?? null),
        })
      : t(locale, 'play.queue.youAreIn', vars),
  ];
  if (me) {
    parts.push(
      t(locale, team ? 'play.queue.itsWindow' : 'play.queue.yourWindow', {
        rating: me.rating,
        window: me.window,
      }),
    );
  }
  if (view.queue.channelId) {
    parts.push(t(locale, 'play.queue.pingIn', { channel: `<#${view.queue.channelId}>` }));
  }
  return parts.join(' ');
}

/** Leaving's answer, in the member's language (`locale`: the interaction's). */
export const leftText = (view: QueueView | null, locale: Locale) =>
  view
    ? t(locale, 'play.queue.leftBoard', {
        board: bold(view.board),
        waiting: waiting(view, locale),
      })
    : t(locale, 'play.queue.left');

const waiterLine = (w: Waiter, locale: Locale) =>
  t(locale, 'play.queue.waiterLine', {
    who: entrantShown(w.entrant, w.name),
    rating: w.rating,
    window: w.window,
    since: relative(w.since),
  });

/** The waiting list of a queue, as many lines as fit. */
export function waitingLines(view: QueueView, max = 15, locale: Locale = null): string[] {
  if (view.waiting.length === 0) return [t(locale, 'play.queue.nobodyWaits')];
  const shownLines = view.waiting.slice(0, max).map((w) => waiterLine(w, locale));
  const more = view.waiting.length - shownLines.length;
  return more > 0 ? [...shownLines, t(locale, 'play.queue.more', { count: more })] : shownLines;
}

/** A match's state in a few words (`being played`), in the member's language. */
export const stateText = (match: Pick<QueueMatch, 'state'>, locale: Locale) =>
  t(locale, `play.queue.state.${match.state}`);

/** A match in a line, for its players: its board, its state, and its deadline. */
export function matchLine(view: QueueMatchView, locale: Locale = null): string {
  const { match, board } = view;
  const state = stateText(match, locale);
  const stateBy =
    match.state === 'ready'
      ? t(locale, 'play.queue.readyBy', { state, when: relative(match.readyBy) })
      : match.state === 'playing' && match.reportBy
        ? t(locale, 'play.queue.reportBy', { state, when: relative(match.reportBy) })
        : state;
  const head = match.channelId
    ? t(locale, 'play.queue.matchOnIn', { board: bold(board), channel: `<#${match.channelId}>` })
    : t(locale, 'play.queue.matchOn', { board: bold(board) });
  return `${head}: ${stateBy}.`;
}

/** /queue status: where I wait, my open match, and the queue shown (mine, or the board's). */
export function statusText(
  input: {
    member: string;
    mine: QueueView | null;
    match: QueueMatchView | null;
    board: QueueView | null;
  },
  locale: Locale = null,
): string {
  const { member, mine, match, board } = input;
  const me = mine?.waiting.find((w) => w.joinedBy === member);
  const parts = [
    mine && me
      ? t(locale, 'play.queue.youWait', {
          board: bold(mine.board),
          since: relative(me.since),
          rating: me.rating,
          window: me.window,
          max: mine.queue.windowMax,
        })
      : t(locale, 'play.queue.notWaiting'),
  ];
  if (match) parts.push(matchLine(match, locale));
  const shownQueue = board ?? mine;
  if (shownQueue) {
    parts.push(
      '',
      t(locale, 'play.queue.queueOf', {
        board: bold(shownQueue.board),
        waiting: waiting(shownQueue, locale),
        matches: t(locale, 'play.queue.openMatches', { count: shownQueue.open }),
      }),
      ...waitingLines(shownQueue, 15, locale),
    );
  }
  return clip(parts.join('\n'), LIMITS.content);
}
