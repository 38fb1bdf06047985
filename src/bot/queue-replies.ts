import { time, TimestampStyles } from 'discord.js';
import type { Board } from '../../entities/board';
import { t } from '../domain/i18n';
import { formatTeamId } from '../domain/ids';
import {
  stateSentence,
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
const waiting = (view: QueueView, locale: string | null = null) =>
  t(locale, 'play.queue.waiting', { count: view.waiting.length });

/** How the queue matches, for the admin who opened it and for /queue status. */
export function howItMatches(queue: Queue, board: Board): string {
  const who =
    board.teamSize > 1 && !board.fixedTeams
      ? `Once ${board.teamSize * 2} wait, Tally forms ${board.teamSize}v${board.teamSize} games split as evenly as the ratings allow`
      : 'Tally pairs the two closest ratings';
  return (
    `${who}, within a window of ±${queue.windowStart} on joining that widens by ${queue.windowGrowthPerMinute} a minute up to ±${queue.windowMax}. ` +
    `Matched players are pinged to press Ready within ${queue.readySeconds} s (a no-show goes out, the others back in at their places), ` +
    `then have ${queue.reportMinutes} min to report the result from the match's message; it counts as a /match report does.`
  );
}

/** /queue open's answer. */
export function openedText(
  queue: Queue,
  board: Board,
  created: boolean,
  channelId: string | null,
): string {
  const where = channelId
    ? ` Its Join / Leave message is posted in <#${channelId}> in a moment.`
    : queue.channelId
      ? ` Its message stays in <#${queue.channelId}>.`
      : ' It has no message yet: give `channel` to post one; members can join with `/queue join` meanwhile.';
  return `${created ? 'Opened' : 'Updated'} the queue of ${bold(board)}.${where}\n${howItMatches(queue, board)}`;
}

/** Joining's answer: where, how many wait, and where the ping comes. */
export function joinedText(view: QueueView, wait: QueueWait): string {
  const me = view.waiting.find((w) => w.entrant === wait.entrant);
  const team = wait.entrant !== wait.joinedBy;
  const window = me
    ? ` ${team ? 'Its' : 'Your'} rating is ${me.rating}; matched within ±${me.window}, wider the longer ${team ? 'it waits' : 'you wait'}.`
    : '';
  const ping = view.queue.channelId
    ? ` When you are matched, Tally pings you in <#${view.queue.channelId}> to press Ready.`
    : '';
  const who = team ? `${entrantShown(wait.entrant, me?.name ?? null)} is` : 'You are';
  return `${who} in the queue of ${bold(view.board)} (${waiting(view)}).${window}${ping}`;
}

/** Leaving's answer, in the member's language (`locale`: the interaction's). */
export const leftText = (view: QueueView | null, locale: string | null) =>
  view
    ? t(locale, 'play.queue.leftBoard', {
        board: bold(view.board),
        waiting: waiting(view, locale),
      })
    : t(locale, 'play.queue.left');

const waiterLine = (w: Waiter) =>
  `${entrantShown(w.entrant, w.name)} — ${w.rating}, ±${w.window}, since ${time(w.since, TimestampStyles.RelativeTime)}`;

/** The waiting list of a queue, as many lines as fit. */
export function waitingLines(view: QueueView, max = 15): string[] {
  if (view.waiting.length === 0) return ['Nobody waits.'];
  const shownLines = view.waiting.slice(0, max).map(waiterLine);
  const more = view.waiting.length - shownLines.length;
  return more > 0 ? [...shownLines, `… and ${more} more`] : shownLines;
}

/** A match in a line, for its players: its board, its state, and its deadline. */
export function matchLine(view: QueueMatchView): string {
  const { match, board } = view;
  const by =
    match.state === 'ready'
      ? `; press Ready by ${time(match.readyBy, TimestampStyles.RelativeTime)}`
      : match.state === 'playing' && match.reportBy
        ? `; report it by ${time(match.reportBy, TimestampStyles.RelativeTime)}`
        : '';
  const where = match.channelId ? ` in <#${match.channelId}>` : '';
  return `Your match on ${bold(board)}${where}: ${stateSentence(match)}${by}.`;
}

/** /queue status: where I wait, my open match, and the queue shown (mine, or the board's). */
export function statusText(input: {
  member: string;
  mine: QueueView | null;
  match: QueueMatchView | null;
  board: QueueView | null;
}): string {
  const { member, mine, match, board } = input;
  const me = mine?.waiting.find((w) => w.joinedBy === member);
  const parts = [
    mine && me
      ? `You wait in the queue of ${bold(mine.board)} since ${time(me.since, TimestampStyles.RelativeTime)}: rating ${me.rating}, matched within ±${me.window} now (up to ±${mine.queue.windowMax}).`
      : 'You are not waiting in any queue.',
  ];
  if (match) parts.push(matchLine(match));
  const shownQueue = board ?? mine;
  if (shownQueue) {
    parts.push(
      '',
      `Queue of ${bold(shownQueue.board)} (${waiting(shownQueue)}, ${shownQueue.open} open ${shownQueue.open === 1 ? 'match' : 'matches'}):`,
      ...waitingLines(shownQueue),
    );
  }
  return clip(parts.join('\n'), LIMITS.content);
}
