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
import { t } from '../domain/i18n';
import { formatHandle } from '../domain/ids';
import type { QueueMatchView, QueuePlayer, QueueView, Waiter } from '../pipeline/queues';
import { queueButtonId, queueMatchButtonId, type QueueMatchAction } from './custom-id';
import { clip, LIMITS, shown } from './text';

/**
 * A matchmaking queue in Discord (issue 28): the queue's own message, with who waits and Join /
 * Leave, and each formed match's message through its states. Pure: drawn from what
 * src/pipeline/queues.ts returns, so the poster (queue-poster.ts) and a button's update draw the
 * same thing. Times are Discord's timestamps, which each member's client counts on by itself, so
 * nothing is edited just because time passed. Posted for everyone, so in the server's language
 * (`locale`, from serverLocale; English when none is given), its buttons' labels too.
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

/** A locale as Discord names it (`de`, `pt-BR`); null reads English. */
type Locale = string | null;

/** The queue's message: how it matches, who waits and since when, matches on, Join and Leave. */
export function queueMessage(view: QueueView, now: Date, locale: Locale = null): QueueMessageBody {
  const { queue, board, waiting, open } = view;
  if (queue.closedAt) return closedQueueMessage(view, queue.closedAt, locale);
  const listed = waiting
    .slice(0, WAITING_LISTED)
    .map((w, i) => `${i + 1}. ${waiterLine(w, locale)}`);
  const more = waiting.length - listed.length;
  const lines = [
    howItMatches(board, queue, locale),
    '',
    waiting.length === 0
      ? t(locale, 'play.queuePost.nobody')
      : t(locale, 'play.queuePost.waiting', { count: waiting.length }),
    ...listed,
    ...(more > 0 ? [t(locale, 'play.queuePost.more', { count: more })] : []),
    ...(open > 0 ? ['', t(locale, 'play.queuePost.playingNow', { count: open })] : []),
  ];
  return {
    embeds: [
      {
        title: clip(
          t(locale, 'play.queuePost.title', { board: shown(board.displayName) }),
          LIMITS.embedTitle,
        ),
        color: COLOR.queue,
        description: clip(lines.join('\n'), LIMITS.embedDescription),
        footer: { text: t(locale, 'play.queuePost.footer', { seconds: queue.readySeconds }) },
        timestamp: now.toISOString(),
      },
    ],
    components: [
      row([
        button(
          queueButtonId('join', queue.pk),
          t(locale, 'play.queuePost.join'),
          ButtonStyle.Success,
        ),
        button(
          queueButtonId('leave', queue.pk),
          t(locale, 'play.queuePost.leave'),
          ButtonStyle.Secondary,
        ),
      ]),
    ],
    allowed_mentions: { parse: [] },
  };
}

/** A closed queue's message: no buttons left to press, and how it opens again. */
function closedQueueMessage(view: QueueView, closedAt: Date, locale: Locale): QueueMessageBody {
  return {
    embeds: [
      {
        title: clip(
          t(locale, 'play.queuePost.title', { board: shown(view.board.displayName) }),
          LIMITS.embedTitle,
        ),
        color: COLOR.done,
        description: t(locale, 'play.queuePost.closed'),
        timestamp: closedAt.toISOString(),
      },
    ],
    components: [],
    allowed_mentions: { parse: [] },
  };
}

/** One line: what is played and how close, e.g. 1v1, at most 50 apart, +25 a minute up to 400. */
function howItMatches(board: Board, queue: QueueView['queue'], locale: Locale): string {
  const vars = {
    ratings: t(
      locale,
      board.type === 'League' ? 'play.queuePost.formRatings' : 'play.queuePost.ratings',
    ),
    widening: t(locale, 'play.queuePost.widening', {
      start: queue.windowStart,
      growth: queue.windowGrowthPerMinute,
      max: queue.windowMax,
    }),
  };
  if (board.fixedTeams) return t(locale, 'play.queuePost.teamVsTeam', vars);
  if (board.teamSize <= 1) return t(locale, 'play.queuePost.oneVsOne', vars);
  return t(locale, 'play.queuePost.teams', {
    ...vars,
    size: `${board.teamSize}v${board.teamSize}`,
  });
}

function waiterLine(w: Waiter, locale: Locale): string {
  return t(locale, 'play.queuePost.waiterLine', {
    who: entrantOf(w.entrant, w.joinedBy, w.name),
    rating: w.rating,
    since: time(w.since, TimestampStyles.RelativeTime),
  });
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
export function queueMatchMessage(
  view: QueueMatchView,
  now: Date,
  locale: Locale = null,
): QueueMessageBody {
  const { match, board } = view;
  const content = clip(contentOf(view, now, locale), LIMITS.content);
  const color =
    match.state === 'ready' ? COLOR.ready : match.state === 'playing' ? COLOR.playing : COLOR.done;
  const users = matchMembers(view).slice(0, 100);
  return {
    content,
    embeds: [
      {
        title: clip(
          t(locale, 'play.queuePost.matchTitle', { board: shown(board.displayName) }),
          LIMITS.embedTitle,
        ),
        color,
        fields: [1, 2].map((side) => sideField(view, side, locale)),
        footer: { text: t(locale, 'play.queuePost.ids', { match: match.pk, board: board.id }) },
      },
    ],
    components: buttonsOf(view, now, locale),
    allowed_mentions: match.state === 'ready' ? { parse: [], users } : { parse: [] },
  };
}

/** The same message for an edit: mentions stay readable, nobody is pinged again. */
export function queueMatchEdit(
  view: QueueMatchView,
  now: Date,
  locale: Locale = null,
): QueueMessageBody {
  return { ...queueMatchMessage(view, now, locale), allowed_mentions: { parse: [] } };
}

function contentOf(view: QueueMatchView, now: Date, locale: Locale): string {
  const { match, board } = view;
  const name = `**${shown(board.displayName)}**`;
  const relative = (at: Date) => time(at, TimestampStyles.RelativeTime);
  switch (match.state) {
    case 'ready': {
      const pings = matchMembers(view)
        .map((id) => `<@${id}>`)
        .join(' ');
      if (match.readyBy <= now)
        return t(locale, 'play.queuePost.checkOver', { pings, board: name });
      return t(locale, 'play.queuePost.checkOn', {
        pings,
        board: name,
        when: relative(match.readyBy),
      });
    }
    case 'playing': {
      const by = match.reportBy;
      const how = t(
        locale,
        board.type === 'League' ? 'play.queuePost.howScore' : 'play.queuePost.howButtons',
      );
      if (!by) return t(locale, 'play.queuePost.play', { board: name, how });
      const deadline = t(locale, 'play.queuePost.deadline', {
        time: time(by, TimestampStyles.ShortTime),
        when: relative(by),
      });
      return t(locale, 'play.queuePost.playBy', { board: name, how, deadline });
    }
    case 'reporting':
      return t(locale, 'play.queuePost.reporting', { who: memberOf(match.reportedBy, locale) });
    case 'reported': {
      const vars = { who: memberOf(match.reportedBy, locale), after: afterReport(board, locale) };
      return match.submissionId === null
        ? t(locale, 'play.queuePost.reported', vars)
        : t(locale, 'play.queuePost.reportedAs', {
            ...vars,
            handle: formatHandle(match.submissionId),
          });
    }
    case 'cancelled':
      return cancelledLine(view, locale);
  }
}

/** What happens to a queue match's report: the board's own rule, as for any report. */
function afterReport(board: Board, locale: Locale): string {
  if (board.reviewMode === 'opponents') return t(locale, 'play.queuePost.afterOpponents');
  return t(
    locale,
    autoApplies(board) ? 'play.queuePost.afterAtOnce' : 'play.queuePost.afterModerators',
  );
}

const memberOf = (id: string | null, locale: Locale) =>
  id?.startsWith('chat:') ? `<@${id.slice(5)}>` : shown(id ?? t(locale, 'play.queuePost.aPlayer'));

/** Why a match was cancelled (queues.ts writes `reason`), as a sentence. */
function cancelledLine(view: QueueMatchView, locale: Locale): string {
  const reason = view.match.reason ?? '';
  if (reason === 'unreported') return t(locale, 'play.queuePost.unreported');
  if (reason === 'closed') return t(locale, 'play.queuePost.closedInCheck');
  if (reason.startsWith('not ready:')) {
    const out = reason.slice('not ready:'.length).trim().split(/\s+/).filter(Boolean);
    const who = out.map((entrant) => {
      const player = view.players.find((p) => p.entrant === entrant);
      return entrantOf(entrant, player?.joinedBy ?? entrant, view.names.get(entrant));
    });
    return t(locale, 'play.queuePost.notReady', {
      count: who.length,
      who: listed(who, locale),
    });
  }
  if (reason.startsWith('cancelled by ')) {
    const who = memberOf(reason.slice('cancelled by '.length), locale);
    return t(locale, 'play.queuePost.cancelledBy', { who });
  }
  const why = shown(reason || t(locale, 'play.queuePost.noReason'));
  return t(locale, 'play.queuePost.cancelledWhy', { why });
}

/** `a`, `a and b`, `a, b and c` (`a, b y c`, `a, b und c`, `a, b e c`). */
function listed(items: readonly string[], locale: Locale): string {
  if (items.length <= 1) return items[0] ?? t(locale, 'play.queuePost.someone');
  return t(locale, 'play.queuePost.and', {
    list: items.slice(0, -1).join(', '),
    last: items.at(-1)!,
  });
}

/** A side: its chance, and each player with their rating (and, in the ready check, Ready). */
function sideField(view: QueueMatchView, side: number, locale: Locale) {
  const chances = sideChances(view.predicted);
  const players = view.players.filter((p) => p.side === side);
  const lines = players.map((p) => playerLine(view, p));
  return {
    name: t(locale, 'play.queuePost.side', { side, chance: chances[side - 1]! }),
    value: clip(lines.join('\n') || '—', LIMITS.fieldValue),
    inline: true,
  };
}

function playerLine(view: QueueMatchView, p: QueuePlayer): string {
  const who = `${entrantOf(p.entrant, p.joinedBy, view.names.get(p.entrant))} · ${p.rating}`;
  if (view.match.state !== 'ready') return who;
  return `${p.readyAt ? '✅' : '⏳'} ${who}`;
}

function buttonsOf(
  view: QueueMatchView,
  now: Date,
  locale: Locale,
): APIActionRowComponent<APIButtonComponent>[] {
  const { match, board } = view;
  const id = (action: QueueMatchAction) => queueMatchButtonId(action, match.pk);
  const label = (key: `play.queuePost.${ButtonWord}`) => t(locale, key);
  const cancel = button(id('cancel'), label('play.queuePost.cancel'), ButtonStyle.Secondary);
  if (match.state === 'ready' && match.readyBy > now) {
    return [
      row([
        button(id('ready'), label('play.queuePost.ready'), ButtonStyle.Success),
        button(id('decline'), label('play.queuePost.cantPlay'), ButtonStyle.Danger),
        cancel,
      ]),
    ];
  }
  if (match.state !== 'playing') return [];
  if (board.type === 'League') {
    return [
      row([button(id('score'), label('play.queuePost.reportScore'), ButtonStyle.Primary), cancel]),
    ];
  }
  const team = board.teamSize > 1 || board.fixedTeams;
  return [
    row([
      button(
        id('won'),
        label(team ? 'play.queuePost.weWon' : 'play.queuePost.iWon'),
        ButtonStyle.Success,
      ),
      button(
        id('lost'),
        label(team ? 'play.queuePost.weLost' : 'play.queuePost.iLost'),
        ButtonStyle.Danger,
      ),
      button(id('draw'), label('play.queuePost.draw'), ButtonStyle.Secondary),
      cancel,
    ]),
  ];
}

type ButtonWord =
  'cancel' | 'ready' | 'cantPlay' | 'reportScore' | 'weWon' | 'weLost' | 'iWon' | 'iLost' | 'draw';

const row = (components: APIButtonComponent[]): APIActionRowComponent<APIButtonComponent> => ({
  type: ComponentType.ActionRow,
  components,
});

const button = (
  customId: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Success | ButtonStyle.Danger | ButtonStyle.Secondary,
): APIButtonComponent => ({ type: ComponentType.Button, style, label, custom_id: customId });
