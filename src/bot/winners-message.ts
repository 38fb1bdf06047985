import { seasonTitle } from '../domain/season';
import { time, TimestampStyles, type APIEmbed } from 'discord.js';
import type { Board } from '../../entities/board';
import { oneLine } from '../domain/chat-text';
import { entryStanding } from '../domain/display';
import { t } from '../domain/i18n';
import type { Season } from '../domain/season';
import type { ContestPage, RankedContestEntry, RoundPage } from '../pipeline/contest-reads';
import { entryFileName } from './contest-message';
import { entryLine, place } from './entries-message';
import { clip, LIMITS, shown } from './text';

/**
 * A contest round's announcements in the season's channel (src/bot/jobs/season-announce.ts on a
 * Rating board): its start, a day before its end the current top 3, and at its end the winners
 * with their pictures attached. Layouts only; the job reads the entries and their bytes.
 */

/**
 * Discord's limits on one message's files (docs: Reference, "Uploading Files"; Create Message):
 * 10 files, 10 MiB each on a server without boosts, 25 MiB a request; a megabyte of that is kept
 * for the message's JSON and the form's framing.
 */
export const FILE_LIMITS = {
  files: 10,
  fileBytes: 10 * 1024 * 1024,
  requestBytes: 24 * 1024 * 1024,
} as const;

/** A winner's picture as it is sent: the full image, or its thumbnail when that would not fit. */
export interface WinnerPicture {
  entry: RankedContestEntry;
  data: Buffer;
}

/**
 * The pictures the end announcement attaches, best first: each winner's full image while it fits
 * Discord's limits, else its 480 px thumbnail, else none (a missing image is skipped too).
 */
export async function picturesWithin(
  winners: readonly RankedContestEntry[],
  load: (entry: RankedContestEntry, size: 'full' | 'thumb') => Promise<Buffer | null>,
): Promise<WinnerPicture[]> {
  const chosen: WinnerPicture[] = [];
  let bytes = 0;
  const fits = (data: Buffer | null): data is Buffer =>
    data !== null &&
    data.length <= FILE_LIMITS.fileBytes &&
    bytes + data.length <= FILE_LIMITS.requestBytes;
  for (const entry of winners.slice(0, FILE_LIMITS.files)) {
    let data = await load(entry, 'full');
    if (!fits(data)) data = await load(entry, 'thumb');
    if (!fits(data)) continue;
    chosen.push({ entry, data });
    bytes += data.length;
  }
  return chosen;
}

type Locale = string | null | undefined;

/** The start of a round: how long it runs and how it ends (in the server's `locale`). */
export function roundStartLines(board: Board, season: Season, locale?: Locale): string[] {
  return [
    t(locale, 'admin.season.round.startsNew', { board: shown(board.displayName) }),
    season.endsAt
      ? t(locale, 'admin.season.announce.endsAt', {
          at: time(season.endsAt, TimestampStyles.LongDateTime),
          relative: time(season.endsAt, TimestampStyles.RelativeTime),
        })
      : t(locale, 'admin.season.announce.runsUntilEnded'),
    t(locale, 'admin.season.round.submit', { board: board.id }),
  ];
}

/** A day before the end: the top 3 as they stand. */
export function roundSoonLines(page: ContestPage, endsAt: Date, locale?: Locale): string[] {
  const top = page.entries.map((e) => entryLine(e, page.settings.minVotes, true, locale ?? null));
  return [
    t(locale, 'admin.season.round.closes', {
      board: shown(page.board.displayName),
      relative: time(endsAt, TimestampStyles.RelativeTime),
    }),
    ...(top.length > 0 ? ['', ...top] : []),
  ];
}

const CAPTION_TITLE = 80;

/**
 * The end of a round: the first embed lists the winners (the season's top N, rank, title, author
 * and standing) with the first picture, then one embed per further picture, captioned, in rank
 * order. Pictures are attached as `entry-<pk>.webp`; ten embeds and ten files at most, and the
 * list is cut to keep every embed of the message within Discord's 6 000 characters.
 */
export function winnersMessage(
  page: RoundPage,
  pictures: readonly WinnerPicture[],
  url: string,
  closing: string,
  locale?: Locale,
): { embeds: APIEmbed[]; files: { name: string; data: Buffer }[] } {
  const { board, season, settings } = page;
  const [first, ...rest] = pictures.slice(0, FILE_LIMITS.files);
  // The winner's picture goes under the list; the others (the first too, if the winner has none)
  // each under a caption of their own, at most nine: a message takes ten embeds.
  const leads = first && first.entry.pk === page.entries[0]?.pk ? first : undefined;
  const captioned = (leads ? rest : [first, ...rest]).filter((p) => p !== undefined).slice(0, 9);
  const captions: APIEmbed[] = captioned.map(({ entry }) => ({
    title: clip(
      `${place(entry.rank, true, false)} ${shown(clip(oneLine(entry.title), CAPTION_TITLE))}`,
      LIMITS.embedTitle,
    ),
    description: t(locale, 'admin.season.round.by', {
      author: shown(clip(oneLine(entry.authorName), 40)),
      standing: entryStanding(entry, settings.minVotes, locale),
    }),
    image: { url: `attachment://${entryFileName(entry)}` },
  }));
  const title = clip(
    t(locale, 'admin.season.announce.ended', { season: shown(seasonTitle(season, locale)) }),
    LIMITS.embedTitle,
  );
  const room =
    LIMITS.embedTotal - title.length - captions.reduce((n, e) => n + embedLength(e), 0) - 50;
  const head = t(locale, 'admin.season.round.winnersOf', { board: shown(board.displayName) });
  const lines = page.entries.map((e) => entryLine(e, settings.minVotes, true, locale ?? null));
  const body = lines.length > 0 ? lines : [t(locale, 'admin.season.round.noneRanked')];
  const description = fitted(head, body, closing, Math.min(room, LIMITS.embedDescription), locale);
  const shownFiles = [...(leads ? [leads] : []), ...captioned];
  return {
    embeds: [
      {
        title,
        url,
        description,
        ...(leads ? { image: { url: `attachment://${entryFileName(leads.entry)}` } } : {}),
      },
      ...captions,
    ],
    files: shownFiles.map(({ entry, data }) => ({ name: entryFileName(entry), data })),
  };
}

/** The head, as many lines as fit in `room` (then how many more), and the closing line. */
function fitted(
  head: string,
  lines: readonly string[],
  closing: string,
  room: number,
  locale: Locale,
): string {
  const out = [head, ''];
  const fixed = head.length + closing.length + 60;
  let used = fixed;
  for (const [i, line] of lines.entries()) {
    if (used + line.length + 1 > room) {
      out.push(t(locale, 'admin.season.round.more', { count: lines.length - i }));
      break;
    }
    out.push(line);
    used += line.length + 1;
  }
  return clip([...out, '', closing].join('\n'), room);
}

const embedLength = (e: APIEmbed) =>
  (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0);
