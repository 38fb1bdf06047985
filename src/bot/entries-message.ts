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

/**
 * A Rating board's contest in chat: its ranking (/leaderboard, the live standings message), an
 * ended round's entries by final rank (/leaderboard season:N), one line per entry. Layouts only,
 * of what src/pipeline/contest-reads.ts read.
 */

/** What an entry's title and author's name may take on a line: ten lines fit any embed. */
const TITLE_SHOWN = 60;
const AUTHOR_SHOWN = 40;

/** `**Sunset** by Ali`: both as typed, never markdown or a mention, clipped before escaping. */
export const entryName = (entry: Pick<ContestEntry, 'title' | 'authorName'>): string =>
  `**${shown(clip(oneLine(entry.title), TITLE_SHOWN))}** by ${shown(clip(oneLine(entry.authorName), AUTHOR_SHOWN))}`;

/** `🥇`, `**4.**` (`4.` where markdown is not read), or `–` for an entry not ranked (yet). */
export function place(rank: number | null, medals: boolean, bold = true): string {
  if (rank === null) return '–';
  if (medals && rank <= MEDALS.length) return MEDALS[rank - 1]!;
  return bold ? `**${rank}.**` : `${rank}.`;
}

/** `**1.** **Sunset** by Ali · 8.43 · avg 8.70 · 23 votes` (domain/display.ts entryStanding). */
export const entryLine = (entry: RankedContestEntry, minVotes: number, medals = false): string =>
  `${place(entry.rank, medals)} ${entryName(entry)} · ${entryStanding(entry, minVotes)}`;

const entriesWord = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * One page of a contest's live ranking: the ranked entries, then the unranked; on the first
 * page, the leading entry's picture when the caller attached it as `picture`.
 */
export function contestEmbed(page: ContestPage, url: string, picture?: string): APIEmbed {
  const { board, settings } = page;
  const lines = page.entries.map((e) => entryLine(e, settings.minVotes));
  return {
    title: clip(`${shown(board.displayName)} — standings`, LIMITS.embedTitle),
    url,
    description: clip(
      lines.length > 0
        ? lines.join('\n')
        : page.from === 0
          ? `No entries yet: submit one with \`/contest submit board:${board.id}\`.`
          : 'No more entries.',
      LIMITS.embedDescription,
    ),
    footer: {
      text: `${board.id} · Rating · ${entriesWord(page.total)} · ranked from ${settings.minVotes} ${settings.minVotes === 1 ? 'vote' : 'votes'}`,
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
): PagedMessage {
  const picture = page.from === 0 && leader ? entryFileName(leader.entry) : undefined;
  return {
    embeds: [contestEmbed(page, url, picture)],
    components: pageButtons(
      { list: 'standings', scope: page.board.pk },
      { first: page.from === 0, next: page.more ? String(page.from + page.entries.length) : null },
    ),
    ...(picture && leader ? { files: [{ attachment: leader.data, name: picture }] } : {}),
  };
}

/** /leaderboard season:N on a Rating board: a round's entries by final rank, paged. */
export function roundMessage(page: RoundPage, url: string): PagedMessage {
  const { board, season, settings } = page;
  const lines = page.entries.map((e) => entryLine(e, settings.minVotes, true));
  return {
    embeds: [
      {
        title: archiveTitle(board, season),
        url,
        description: clip(
          lines.length > 0
            ? lines.join('\n')
            : page.from === 0
              ? 'No entries this round.'
              : 'No more entries.',
          LIMITS.embedDescription,
        ),
        footer: {
          text: `${board.id} · ${utcDay(season.startedAt)} – ${utcDay(season.endedAt!)} · ${entriesWord(page.total)} · archived`,
        },
      },
    ],
    components: pageButtons(
      { list: 'archive', scope: season.pk },
      { first: page.from === 0, next: page.more ? String(page.from + page.entries.length) : null },
    ),
  };
}

/**
 * A round's first entries as /season list names a season's champions: `“Sunset” by Ali` where a
 * player's name would stand (shown as text there, like every name).
 */
export const championRows = (season: Season, entries: readonly ContestEntry[]): SeasonStanding[] =>
  entries.map((e) => ({
    seasonPk: season.pk,
    playerId: e.authorId,
    playerName: `“${clip(oneLine(e.title), TITLE_SHOWN)}” by ${clip(oneLine(e.authorName), AUTHOR_SHOWN)}`,
    rank: 1,
    value: null,
    wins: null,
    draws: null,
    losses: null,
    submissions: null,
  }));
