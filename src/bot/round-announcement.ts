import { time, TimestampStyles, type APIEmbed } from 'discord.js';
import { boardUrl } from '../domain/board-url';
import { t } from '../domain/i18n';
import { seasonTitle } from '../domain/season';
import { contestPage, entryPicture, roundWinners } from '../pipeline/contest-reads';
import type { Context } from '../pipeline/context';
import type { SeasonAnnouncement } from '../pipeline/seasons';
import { clip, LIMITS, shown } from './text';
import { picturesWithin, roundSoonLines, roundStartLines, winnersMessage } from './winners-message';

/** What a season announcement posts: its embeds, the files they show, the standings' address. */
export interface Announcement {
  embeds: APIEmbed[];
  files: { name: string; data: Buffer }[];
  url: string;
}

/** An announcement of one embed and no file. */
export const plain = (embed: APIEmbed & { url: string }): Announcement => ({
  embeds: [embed],
  files: [],
  url: embed.url,
});

/**
 * A Rating board's season is a contest round: its start says how to take part, the reminder
 * shows the top 3 entries, and the end names the winners with their pictures attached. Posted for
 * the server, in its language (`locale`; English when none is given).
 */
export async function roundAnnouncement(
  ctx: Context,
  { board, season, moment, successor }: SeasonAnnouncement,
  locale: string | null = null,
): Promise<Announcement | null> {
  const title = shown(seasonTitle(season, locale));
  const url = boardUrl(ctx.config.publicUrl, board);
  const description = (lines: string[]) => clip(lines.join('\n'), LIMITS.embedDescription);
  if (moment === 'start') {
    return plain({
      title: clip(t(locale, 'play.round.started', { title }), LIMITS.embedTitle),
      url,
      description: description(roundStartLines(board, season, locale)),
    });
  }
  if (moment === 'soon') {
    if (season.endedAt || !season.endsAt) return null;
    const top = await contestPage(ctx, board, { from: 0, limit: 3 });
    return plain({
      title: clip(t(locale, 'play.round.oneDayLeft', { title }), LIMITS.embedTitle),
      url,
      description: description(roundSoonLines(top, season.endsAt, locale)),
    });
  }
  const winners = await roundWinners(ctx, board, season);
  const pictures = await picturesWithin(
    winners.entries,
    async (entry, size) => (await entryPicture(ctx, entry, size))?.data ?? null,
  );
  const next = successor ? { title: shown(seasonTitle(successor, locale)), board: board.id } : null;
  const closing = !next
    ? t(locale, 'play.round.over')
    : successor?.endsAt
      ? t(locale, 'play.round.begunEnds', {
          ...next,
          when: time(successor.endsAt, TimestampStyles.LongDate),
        })
      : t(locale, 'play.round.begun', next);
  const final = `${url}?season=${season.number}`;
  return { ...winnersMessage(winners, pictures, final, closing, locale), url: final };
}
