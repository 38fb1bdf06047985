import { seasonTitle } from '../domain/season';
import {
  time,
  TimestampStyles,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import type { Board } from '../../entities/board';
import type { Team } from '../../entities/team';
import { formatTeamId } from '../domain/ids';
import type { KeysetPage } from '../pipeline/board-reads';
import type { KeySummary } from '../pipeline/keys';
import type { BoardSeasons } from '../pipeline/season-reads';
import { pageButtons, type PageAt } from './page-button';
import { clip, code, LIMITS, shown } from './text';
import { t } from '../domain/i18n';
import { boardTypeName } from '../domain/display';

/**
 * Long lists in chat (/board list, /team list, /season list, /api key list) as pages of one embed
 * each, with First / Next buttons (page-button.ts): however many rows a server accumulates,
 * every page stays inside Discord's limits. Layouts only: each takes the rows a use case read.
 */
export const LIST_PAGE = 10;
/** Ten lines of this length, with their line breaks, fit an embed description (4096). */
const LINE_MAX = 400;

export interface PagedMessage {
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  /** Files the page shows (`attachment://name` in an embed); a page without them carries none. */
  files?: { attachment: Buffer; name: string }[];
}

export interface ListPage {
  title: string;
  /** This page's rows, at most LIST_PAGE, each one line of markdown. */
  lines: string[];
  /** What an empty first page says (and how to add the first row). */
  empty: string;
  /** The position the next page starts at, or null on the last page. */
  next: string | null;
  /** Whether this is the first page (no First button then). */
  first: boolean;
}

export function listMessage(
  at: Omit<PageAt, 'position'>,
  page: ListPage,
  locale: string | null = null,
): PagedMessage {
  const description =
    page.lines.length > 0
      ? page.lines.map((line) => clip(line, LINE_MAX)).join('\n')
      : page.first
        ? page.empty
        : t(locale, 'common.pages.noMore');
  return {
    embeds: [
      {
        title: clip(page.title, LIMITS.embedTitle),
        description: clip(description, LIMITS.embedDescription),
      },
    ],
    components: pageButtons(at, page, locale),
  };
}

const nextOf = (page: { next: number | null }) => (page.next === null ? null : String(page.next));

/** /board list: the owner's boards, oldest first. */
export const boardListMessage = (
  page: KeysetPage<Board>,
  first: boolean,
  locale: string | null = null,
) =>
  listMessage(
    { list: 'boards', scope: 0 },
    {
      title: t(locale, 'reading.lists.boards'),
      lines: page.items.map(
        (b) => `${code(b.id)} **${shown(b.displayName)}** · ${boardTypeName(b.type, locale)}`,
      ),
      empty: t(locale, 'reading.lists.noBoards'),
      next: nextOf(page),
      first,
    },
    locale,
  );

/** /team list: a board's teams, oldest first. */
export const teamListMessage = (
  board: Board,
  page: KeysetPage<Team>,
  first: boolean,
  locale: string | null = null,
) =>
  listMessage(
    { list: 'teams', scope: board.pk },
    {
      title: t(locale, 'reading.lists.teams', { board: shown(board.displayName) }),
      lines: page.items.map((team) => `${code(formatTeamId(team.pk))} ${shown(team.name)}`),
      empty: t(locale, 'reading.lists.noTeams'),
      next: nextOf(page),
      first,
    },
    locale,
  );

/** /api key list: live keys first, then revoked ones (they accumulate), never more than a hint. */
export function keyListMessage(
  keys: readonly KeySummary[],
  offset: number,
  locale: string | null = null,
): PagedMessage {
  const ordered = [...keys.filter((k) => !k.revoked_at), ...keys.filter((k) => k.revoked_at)];
  const page = ordered.slice(offset, offset + LIST_PAGE);
  return listMessage(
    { list: 'keys', scope: 0 },
    {
      title: t(locale, 'reading.lists.keys'),
      lines: page.map(
        (k) =>
          `**${k.id}** ${k.hint} · ${k.scopes.join(', ')}${k.label ? ` · ${shown(k.label)}` : ''}${k.revoked_at ? ` · ${t(locale, 'reading.lists.revoked')}` : ''}`,
      ),
      empty: t(locale, 'reading.lists.noKeys'),
      next: offset + LIST_PAGE < ordered.length ? String(offset + LIST_PAGE) : null,
      first: offset === 0,
    },
    locale,
  );
}

const dateOf = (at: Date) => time(at, TimestampStyles.ShortDate);

/** /season list: the running season, then ended ones newest first, with their champions. */
export function seasonListMessage(
  board: Board,
  page: BoardSeasons,
  first: boolean,
  locale: string | null = null,
): PagedMessage {
  const lines = page.ended.map(({ season: s, champions }) => {
    const winners =
      champions.length > 0
        ? champions.map((w) => shown(w.playerName)).join(', ')
        : t(locale, 'reading.lists.noChampions');
    return `**${shown(seasonTitle(s, locale))}** · ${dateOf(s.startedAt)} – ${dateOf(s.endedAt!)} · 🏆 ${winners}`;
  });
  const open = page.running;
  if (open) {
    const end = open.endsAt
      ? t(locale, 'reading.lists.ends', { when: time(open.endsAt, TimestampStyles.RelativeTime) })
      : t(locale, 'reading.lists.noEnd');
    lines.unshift(
      t(locale, 'reading.lists.running', {
        season: shown(seasonTitle(open, locale)),
        since: dateOf(open.startedAt),
        end,
      }),
    );
  }
  return listMessage(
    { list: 'seasons', scope: board.pk },
    {
      title: t(locale, 'reading.lists.seasons', { board: shown(board.displayName) }),
      lines,
      empty: t(locale, 'reading.lists.noSeasons', { board: board.id }),
      next: page.nextBefore === null ? null : String(page.nextBefore),
      first,
    },
    locale,
  );
}
