import { describeReset, seasonTitle } from '../../domain/season';
import {
  ButtonStyle,
  ComponentType,
  Routes,
  time,
  TimestampStyles,
  type APIEmbed,
  type REST,
} from 'discord.js';
import { boardUrl } from '../../domain/board-url';
import { t } from '../../domain/i18n';
import { log } from '../../log';
import type { Context } from '../../pipeline/context';
import type { Job } from '../../pipeline/job';
import { seasonStandingsPage } from '../../pipeline/season-reads';
import {
  SEASON_ANNOUNCE_KIND,
  seasonAnnouncementOf,
  type SeasonAnnouncement,
} from '../../pipeline/seasons';
import { standingsPage } from '../../pipeline/standings';
import { nonceOf } from '../leased-call';
import { permanentRefusal } from '../replies';
import { archivedLine } from '../season-message';
import { workspaceLocale } from '../server-locale';
import { clip, LIMITS, shown } from '../text';
import { plain, roundAnnouncement, type Announcement } from '../round-announcement';
import { rankedValue } from '../../domain/display';

/** An announcement more than a day late (a bot that was away) is not posted: it is news no more. */
const STALE_MS = 86_400_000;

/**
 * Season announcements in the season's channel: its start, a reminder a day before a scheduled
 * end with the current top 3, and its end with the final top N (and the successor, if it
 * repeats); on a Rating board a contest round's, the end with the winners' pictures attached
 * (src/bot/winners-message.ts). Each is one scheduled step, so of several processes one posts it, at most once; its
 * nonce (one per announcement) lets Discord drop the same post sent again by @discordjs/rest's
 * own retries.
 */
export function seasonAnnounceJob(rest: REST): Job {
  return {
    kind: SEASON_ANNOUNCE_KIND,
    atomic: false,
    async step(ctx, _tx, subject, dueAt) {
      const which = await seasonAnnouncementOf(ctx, subject);
      const channelId = which?.season.channelId;
      if (!which || !channelId) return;
      if (ctx.now().getTime() - dueAt.getTime() > STALE_MS) {
        log.info('season announcement skipped: more than a day late', { subject });
        return;
      }
      // Issue 32: posted for everyone, in the server's language.
      const locale = await workspaceLocale(ctx, which.board.ownerId);
      const made = await (which.board.type === 'Rating' ? roundAnnouncement : announcement)(
        ctx,
        which,
        locale,
      );
      if (!made) return;
      const { embeds, files, url } = made;
      try {
        await rest.post(Routes.channelMessages(channelId), {
          files: files.map((f) => ({ name: f.name, data: f.data, contentType: 'image/webp' })),
          body: {
            embeds,
            ...(files.length > 0
              ? { attachments: files.map((f, id) => ({ id: String(id), filename: f.name })) }
              : {}),
            components: [
              {
                type: ComponentType.ActionRow,
                components: [
                  {
                    type: ComponentType.Button,
                    style: ButtonStyle.Link,
                    label: t(
                      locale,
                      which.moment === 'end'
                        ? 'admin.season.announce.finalStandings'
                        : 'admin.season.announce.standings',
                    ),
                    url,
                  },
                ],
              },
            ],
            allowed_mentions: { parse: [] },
            nonce: nonceOf('season', subject),
            enforce_nonce: true,
          },
        });
      } catch (err) {
        const why = permanentRefusal(err);
        if (!why) throw err;
        log.warn('season announcement refused by Discord', { board: which.board.id, subject, why });
      }
    },
    next: () => Promise.resolve(null), // each announcement is posted once
  };
}

async function announcement(
  ctx: Context,
  which: SeasonAnnouncement,
  locale: string,
): Promise<Announcement | null> {
  const embed = await standingsAnnouncement(ctx, which, locale);
  return embed && plain(embed);
}

async function standingsAnnouncement(
  ctx: Context,
  { board, season, moment, successor }: SeasonAnnouncement,
  locale: string,
): Promise<(APIEmbed & { url: string }) | null> {
  const say = (key: Parameters<typeof t>[1], vars: Parameters<typeof t>[2] = {}) =>
    t(locale, key, vars);
  const title = shown(seasonTitle(season, locale));
  const name = shown(board.displayName);
  const reset = describeReset(season, board, locale);
  const url = boardUrl(ctx.config.publicUrl, board);
  if (moment === 'start') {
    return {
      title: clip(say('admin.season.announce.started', { season: title }), LIMITS.embedTitle),
      url,
      description: clip(
        [
          say('admin.season.announce.startsNew', { board: name }),
          season.endsAt
            ? say('admin.season.announce.endsAt', {
                at: time(season.endsAt, TimestampStyles.LongDateTime),
                relative: time(season.endsAt, TimestampStyles.RelativeTime),
              })
            : say('admin.season.announce.runsUntilEnded'),
          say('admin.season.announce.keptForGood', { reset }),
        ].join('\n'),
        LIMITS.embedDescription,
      ),
    };
  }
  if (moment === 'soon') {
    if (season.endedAt || !season.endsAt) return null;
    const top = await standingsPage(ctx, board, { limit: 3 });
    const lines = top.entries.map((e) =>
      archivedLine(board, {
        ...e,
        value: rankedValue(board, e),
        seasonPk: season.pk,
      }),
    );
    return {
      title: clip(say('admin.season.announce.soon', { season: title }), LIMITS.embedTitle),
      url,
      description: clip(
        [
          say('admin.season.announce.closes', {
            board: name,
            relative: time(season.endsAt, TimestampStyles.RelativeTime),
          }),
          ...(lines.length > 0 ? ['', ...lines] : []),
        ].join('\n'),
        LIMITS.embedDescription,
      ),
    };
  }
  const { rows } = await seasonStandingsPage(ctx, season, { from: 0, limit: season.topN });
  const next = successor && shown(seasonTitle(successor, locale));
  return {
    title: clip(say('admin.season.announce.ended', { season: title }), LIMITS.embedTitle),
    url: `${url}?season=${season.number}`,
    description: clip(
      [
        say('admin.season.announce.finalOf', { board: name }),
        '',
        ...(rows.length > 0
          ? rows.map((row) => archivedLine(board, row))
          : [say('admin.season.announce.nobody')]),
        '',
        next
          ? successor.endsAt
            ? say('admin.season.announce.begunEnds', {
                next,
                at: time(successor.endsAt, TimestampStyles.LongDate),
                reset: capitalised(reset),
              })
            : say('admin.season.announce.begun', { next, reset: capitalised(reset) })
          : say('admin.season.announce.afresh', { reset }),
      ].join('\n'),
      LIMITS.embedDescription,
    ),
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
