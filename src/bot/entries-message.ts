import type { APIEmbed } from 'discord.js';
import { MEDALS } from '../domain/board-display';
import { oneLine } from '../domain/chat-text';
import { entryStanding, utcDay } from '../domain/display';
import { type Season, type SeasonStanding } from '../domain/season';
import type {
  ContestEntry,
  ContestPage,
  EntryPicture,
  RankedContestEntry,
  RoundPage,
} from '../pipeline/contest-reads';
import type { PagedMessage } from './list-message';
import { entryFileName } from './contest-message';
import { pageButtons } from './page-button';
import { archiveTitle } from './season-message';
import { clip, LIMITS, shown } from './text';
import { t } from '../domain/i18n';

/**
 * A Rating board's contest in chat: its ranking (/leaderboard, the live standings message), an
 * ended round's entries by final rank (/leaderboard season:N), one line per entry. Layouts only,
 * of what src/pipeline/contest-reads.ts read.
 */

/** What an entry's title and author's name may take on a line: ten lines fit any embed. */
const TITLE_SHOWN = 60;
const AUTHOR_SHOWN = 40;

/** `**Sunset** by Ali`: both as typed, never markdown or a mention, clipped before escaping. */
export const entryName = (
  entry: Pick<ContestEntry, 'title' | 'authorName'>,
  locale: string | null = null,
): string =>
  t(locale, 'reading.contest.entryBy', {
    title: shown(clip(oneLine(entry.title), TITLE_SHOWN)),
    author: shown(clip(oneLine(entry.authorName), AUTHOR_SHOWN)),
  });

/** `🥇`, `**4.**` (`4.` where markdown is not read), or `–` for an entry not ranked (yet). */
export function place(rank: number | null, medals: boolean, bold = true): string {
  if (rank === null) return '–';
  if (medals && rank <= MEDALS.length) return MEDALS[rank - 1]!;
  return bold ? `**${rank}.**` : `${rank}.`;
}

/** `**1.** **Sunset** by Ali · 8.43 · avg 8.70 · 23 votes` (domain/display.ts entryStanding). */
export const entryLine = (
  entry: RankedContestEntry,
  minVotes: number,
  medals = false,
  locale: string | null = null,
): string =>
  `${place(entry.rank, medals)} ${entryName(entry, locale)} · ${entryStanding(entry, minVotes, locale)}`;

const entriesWord = (n: number, locale: string | null) =>
  t(locale, 'reading.contest.entries', { count: n });

/**
 * One page of a contest's live ranking: the ranked entries, then the unranked; on the first
 * page, the leading entry's picture when the caller attached it as `picture`.
 */
export function contestEmbed(
  page: ContestPage,
  url: string,
  picture?: string,
  locale: string | null = null,
): APIEmbed {
  const { board, settings } = page;
  const lines = page.entries.map((e) => entryLine(e, settings.minVotes, false, locale));
  return {
    title: clip(
      t(locale, 'reading.standings.title', { board: shown(board.displayName) }),
      LIMITS.embedTitle,
    ),
    url,
    description: clip(
      lines.length > 0
        ? lines.join('\n')
        : page.from === 0
          ? t(locale, 'reading.contest.empty', { board: board.id })
          : t(locale, 'reading.standings.noMore'),
      LIMITS.embedDescription,
    ),
    footer: {
      text: t(locale, 'reading.contest.footer', {
        board: board.id,
        entries: entriesWord(page.total, locale),
        votes: t(locale, 'reading.contest.votes', { count: settings.minVotes }),
      }),
    },
    ...(picture ? { image: { url: `attachment://${picture}` } } : {}),
  };
}

/**
 * /leaderboard on a Rating board and its pages: `from` entries in, with First / Next carrying
 * the offset. The first page shows the leader's 480 px thumbnail, attached (one small upload
 * per /leaderboard); later pages carry no file, so paging uploads nothing.
 */
export function contestMessage(
  page: ContestPage,
  url: string,
  leader: EntryPicture | null,
  locale: string | null = null,
): PagedMessage {
  const picture = page.from === 0 && leader ? entryFileName(leader.entry) : undefined;
  return {
    embeds: [contestEmbed(page, url, picture, locale)],
    components: pageButtons(
      { list: 'standings', scope: page.board.pk },
      { first: page.from === 0, next: page.more ? String(page.from + page.entries.length) : null },
      locale,
    ),
    ...(picture && leader ? { files: [{ attachment: leader.data, name: picture }] } : {}),
  };
}

/** /leaderboard season:N on a Rating board: a round's entries by final rank, paged. */
export function roundMessage(
  page: RoundPage,
  url: string,
  locale: string | null = null,
): PagedMessage {
  const { board, season, settings } = page;
  const lines = page.entries.map((e) => entryLine(e, settings.minVotes, true, locale));
  return {
    embeds: [
      {
        title: archiveTitle(board, season, locale),
        url,
        description: clip(
          lines.length > 0
            ? lines.join('\n')
            : page.from === 0
              ? t(locale, 'reading.contest.roundEmpty')
              : t(locale, 'reading.standings.noMore'),
          LIMITS.embedDescription,
        ),
        footer: {
          text: t(locale, 'reading.contest.roundFooter', {
            board: board.id,
            from: utcDay(season.startedAt, locale),
            to: utcDay(season.endedAt!, locale),
            entries: entriesWord(page.total, locale),
          }),
        },
      },
    ],
    components: pageButtons(
      { list: 'archive', scope: season.pk },
      { first: page.from === 0, next: page.more ? String(page.from + page.entries.length) : null },
      locale,
    ),
  };
}

/**
 * A round's first entries as /season list names a season's champions: `“Sunset” by Ali` where a
 * player's name would stand (shown as text there, like every name).
 */
export const championRows = (
  season: Season,
  entries: readonly ContestEntry[],
  locale: string | null = null,
): SeasonStanding[] =>
  entries.map((e) => ({
    seasonPk: season.pk,
    playerId: e.authorId,
    playerName: t(locale, 'reading.contest.championBy', {
      title: clip(oneLine(e.title), TITLE_SHOWN),
      author: clip(oneLine(e.authorName), AUTHOR_SHOWN),
    }),
    rank: 1,
    value: null,
    wins: null,
    draws: null,
    losses: null,
    submissions: null,
  }));
