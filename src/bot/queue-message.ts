import {
  ButtonStyle,
  ComponentType,
  time,
  TimestampStyles,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import type { Board } from '../../entities/board';
import { autoApplies } from '../domain/board-rules';
import { sideChances } from '../domain/display';
import { formatHandle } from '../domain/ids';
import type { QueueMatchView, QueuePlayer, QueueView, Waiter } from '../pipeline/queues';
import { queueButtonId, queueMatchButtonId, type QueueMatchAction } from './custom-id';
import { clip, LIMITS, shown } from './text';

/**
 * A matchmaking queue in Discord (issue 28): the queue's own message, with who waits and Join /
 * Leave, and each formed match's message through its states. Pure: drawn from what
 * src/pipeline/queues.ts returns, so the poster (queue-poster.ts) and a button's update draw the
 * same thing. Times are Discord's timestamps, which each member's client counts on by itself, so
 * nothing is edited just because time passed.
 */
export interface QueueMessageBody {
  /** Absent on the queue's message; every match message has one (an edit replaces the ping). */
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  /** Only a ready check's post pings, and only its players; never a role or @everyone. */
  allowed_mentions: { parse: []; users?: string[] };
}

/** How many waiting are listed; the rest are counted. */
export const WAITING_LISTED = 20;

const COLOR = { queue: 0x5865f2, ready: 0xfee75c, playing: 0x57f287, done: 0x99aab5 };

/** The queue's message: how it matches, who waits and since when, matches on, Join and Leave. */
export function queueMessage(view: QueueView, now: Date): QueueMessageBody {
  const { queue, board, waiting, open } = view;
  if (queue.closedAt) return closedQueueMessage(view, queue.closedAt);
  const listed = waiting.slice(0, WAITING_LISTED).map((w, i) => `${i + 1}. ${waiterLine(w)}`);
  const more = waiting.length - listed.length;
  const lines = [
    howItMatches(board, queue),
    '',
    waiting.length === 0
      ? 'Nobody is waiting. Press **Join** to be the first.'
      : `**Waiting (${waiting.length})**`,
    ...listed,
    ...(more > 0 ? [`… and ${more} more`] : []),
    ...(open > 0 ? ['', `**Playing now:** ${open === 1 ? '1 match' : `${open} matches`}`] : []),
  ];
  return {
    embeds: [
      {
        title: clip(`Queue · ${shown(board.displayName)}`, LIMITS.embedTitle),
        color: COLOR.queue,
        description: clip(lines.join('\n'), LIMITS.embedDescription),
        footer: {
          text: `Matched players are pinged and have ${queue.readySeconds} s to press Ready. You wait in one queue at a time.`,
        },
        timestamp: now.toISOString(),
      },
    ],
    components: [
      row([
        button(queueButtonId('join', queue.pk), 'Join', ButtonStyle.Success),
        button(queueButtonId('leave', queue.pk), 'Leave', ButtonStyle.Secondary),
      ]),
    ],
    allowed_mentions: { parse: [] },
  };
}

/** A closed queue's message: no buttons left to press, and how it opens again. */
function closedQueueMessage(view: QueueView, closedAt: Date): QueueMessageBody {
  return {
    embeds: [
      {
        title: clip(`Queue · ${shown(view.board.displayName)}`, LIMITS.embedTitle),
        color: COLOR.done,
        description:
          'This queue is closed: nobody waits in it and it forms no matches. An admin opens it again with `/queue open` or in the dashboard.',
        timestamp: closedAt.toISOString(),
      },
    ],
    components: [],
    allowed_mentions: { parse: [] },
  };
}

/** One line: what is played and how close, e.g. 1v1, at most 50 apart, +25 a minute up to 400. */
function howItMatches(board: Board, queue: QueueView['queue']): string {
  const ratings = board.type === 'League' ? 'form ratings (from results)' : 'ratings';
  const widening = `at most ${queue.windowStart} apart at first, widening by ${queue.windowGrowthPerMinute} a minute up to ${queue.windowMax}`;
  if (board.fixedTeams)
    return `**Team vs team** · pairs the teams with the closest ${ratings}, ${widening}.`;
  if (board.teamSize <= 1) return `**1v1** · pairs the closest ${ratings}, ${widening}.`;
  const size = `${board.teamSize}v${board.teamSize}`;
  return `**${size}** · the most even teams from players whose ${ratings} are ${widening}.`;
}

function waiterLine(w: Waiter): string {
  return `${entrantOf(w.entrant, w.joinedBy, w.name)} · ${w.rating} · joined ${time(w.since, TimestampStyles.RelativeTime)}`;
}

/** A member as a mention (never pinging: allowed_mentions says who may be); a team by its name. */
function entrantOf(entrant: string, joinedBy: string, name: string | null | undefined): string {
  if (entrant.startsWith('chat:')) return `<@${entrant.slice(5)}>`;
  const team = `**${shown(name ?? entrant)}**`;
  return joinedBy.startsWith('chat:') ? `${team} (<@${joinedBy.slice(5)}>)` : team;
}

/** The members to ping about a match: each player, or whoever queued their team. */
export function matchMembers(view: Pick<QueueMatchView, 'players'>): string[] {
  const ids = view.players.map((p) => p.joinedBy).filter((id) => id.startsWith('chat:'));
  return [...new Set(ids.map((id) => id.slice(5)))];
}

/**
 * A formed match's message, by its state: the ready check (pinging its players, the only ping a
 * queue makes), the match being played with its report buttons, reported, cancelled. For a post;
 * an edit sends `queueMatchEdit`, which pings nobody.
 */
export function queueMatchMessage(view: QueueMatchView, now: Date): QueueMessageBody {
  const { match, board } = view;
  const content = clip(contentOf(view, now), LIMITS.content);
  const color =
    match.state === 'ready' ? COLOR.ready : match.state === 'playing' ? COLOR.playing : COLOR.done;
  const users = matchMembers(view).slice(0, 100);
  return {
    content,
    embeds: [
      {
        title: clip(`Queue match · ${shown(board.displayName)}`, LIMITS.embedTitle),
        color,
        fields: [1, 2].map((side) => sideField(view, side)),
        footer: { text: `queue match ${match.pk} · board ${board.id}` },
      },
    ],
    components: buttonsOf(view, now),
    allowed_mentions: match.state === 'ready' ? { parse: [], users } : { parse: [] },
  };
}

/** The same message for an edit: mentions stay readable, nobody is pinged again. */
export function queueMatchEdit(view: QueueMatchView, now: Date): QueueMessageBody {
  return { ...queueMatchMessage(view, now), allowed_mentions: { parse: [] } };
}

function contentOf(view: QueueMatchView, now: Date): string {
  const { match, board } = view;
  const name = `**${shown(board.displayName)}**`;
  switch (match.state) {
    case 'ready': {
      const pings = matchMembers(view)
        .map((id) => `<@${id}>`)
        .join(' ');
      if (match.readyBy <= now) return `${pings}: the ready check of this ${name} match is over.`;
      return `${pings}: your ${name} match is ready. Press **Ready** before the check ends ${time(match.readyBy, TimestampStyles.RelativeTime)}; whoever has not by then leaves the queue, and the others go back in at their places.`;
    }
    case 'playing': {
      const by = match.reportBy;
      const deadline = by
        ? ` by ${time(by, TimestampStyles.ShortTime)} (${time(by, TimestampStyles.RelativeTime)})`
        : '';
      const how =
        board.type === 'League'
          ? 'presses **Report score** (your side’s score first)'
          : 'reports the result with the buttons below (they speak for your side)';
      return `Everyone is ready: play your ${name} match! Then one of you ${how}${deadline}. A match nobody reports in time is cancelled and nothing is recorded.`;
    }
    case 'reporting':
      return `${memberOf(match.reportedBy)} is reporting the result…`;
    case 'reported':
      return `Reported by ${memberOf(match.reportedBy)}${match.submissionId === null ? '' : ` as \`${formatHandle(match.submissionId)}\``}. ${afterReport(board)}`;
    case 'cancelled':
      return cancelledLine(view);
  }
}

/** What happens to a queue match's report: the board's own rule, as for any report. */
function afterReport(board: Board): string {
  if (board.reviewMode === 'opponents') {
    return 'The opponents confirm or dispute it, as any report on this board.';
  }
  return autoApplies(board)
    ? 'It applies at once, as any report on this board.'
    : 'The moderators review it, as any report on this board.';
}

const memberOf = (id: string | null) =>
  id?.startsWith('chat:') ? `<@${id.slice(5)}>` : shown(id ?? 'a player');

/** Why a match was cancelled (queues.ts writes `reason`), as a sentence. */
function cancelledLine(view: QueueMatchView): string {
  const reason = view.match.reason ?? '';
  if (reason === 'unreported') {
    return 'Cancelled: nobody reported the result in time. Nothing was recorded.';
  }
  if (reason === 'closed') {
    return 'Cancelled: the queue was closed during the ready check. Nothing was recorded.';
  }
  if (reason.startsWith('not ready:')) {
    const out = reason.slice('not ready:'.length).trim().split(/\s+/).filter(Boolean);
    const who = out.map((entrant) => {
      const player = view.players.find((p) => p.entrant === entrant);
      return entrantOf(entrant, player?.joinedBy ?? entrant, view.names.get(entrant));
    });
    const verb = who.length === 1 ? 'was' : 'were';
    return `Cancelled: ${listed(who)} ${verb} not ready. The others are back in the queue at their places.`;
  }
  if (reason.startsWith('cancelled by ')) {
    return `Cancelled by ${memberOf(reason.slice('cancelled by '.length))}. Nothing was recorded.`;
  }
  return `Cancelled (${shown(reason || 'no reason given')}). Nothing was recorded.`;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'someone';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/** A side: its chance, and each player with their rating (and, in the ready check, Ready). */
function sideField(view: QueueMatchView, side: number) {
  const chances = sideChances(view.predicted);
  const players = view.players.filter((p) => p.side === side);
  const lines = players.map((p) => playerLine(view, p));
  return {
    name: `Team ${side} · ${chances[side - 1]!} chance`,
    value: clip(lines.join('\n') || '—', LIMITS.fieldValue),
    inline: true,
  };
}

function playerLine(view: QueueMatchView, p: QueuePlayer): string {
  const who = `${entrantOf(p.entrant, p.joinedBy, view.names.get(p.entrant))} · ${p.rating}`;
  if (view.match.state !== 'ready') return who;
  return `${p.readyAt ? '✅' : '⏳'} ${who}`;
}

function buttonsOf(view: QueueMatchView, now: Date): APIActionRowComponent<APIButtonComponent>[] {
  const { match, board } = view;
  const id = (action: QueueMatchAction) => queueMatchButtonId(action, match.pk);
  const cancel = button(id('cancel'), 'Cancel (moderators)', ButtonStyle.Secondary);
  if (match.state === 'ready' && match.readyBy > now) {
    return [
      row([
        button(id('ready'), 'Ready', ButtonStyle.Success),
        button(id('decline'), 'Can’t play', ButtonStyle.Danger),
        cancel,
      ]),
    ];
  }
  if (match.state !== 'playing') return [];
  if (board.type === 'League') {
    return [row([button(id('score'), 'Report score', ButtonStyle.Primary), cancel])];
  }
  const we = board.teamSize > 1 || board.fixedTeams ? 'We' : 'I';
  return [
    row([
      button(id('won'), `${we} won`, ButtonStyle.Success),
      button(id('lost'), `${we} lost`, ButtonStyle.Danger),
      button(id('draw'), 'Draw', ButtonStyle.Secondary),
      cancel,
    ]),
  ];
}

const row = (components: APIButtonComponent[]): APIActionRowComponent<APIButtonComponent> => ({
  type: ComponentType.ActionRow,
  components,
});

const button = (
  customId: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Success | ButtonStyle.Danger | ButtonStyle.Secondary,
): APIButtonComponent => ({ type: ComponentType.Button, style, label, custom_id: customId });
