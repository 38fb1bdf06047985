import { createHash } from 'node:crypto';
import {
  ButtonStyle,
  ComponentType,
  DiscordAPIError,
  Routes,
  type APIEmbed,
  type APIMessage,
  type REST,
} from 'discord.js';
import type { Board } from '../../../entities/board';
import { boardUrl } from '../../domain/board-url';
import { boardOfSubject } from '../../domain/ids';
import { log } from '../../log';
import type { Context } from '../../pipeline/context';
import {
  LIVE_EVERY_MS,
  LIVE_KIND,
  leaseLiveStandings,
  liveStandingsKept,
  liveStandingsOf,
  releaseLiveStandings,
  showLiveStandings,
  stopLiveStandings,
} from '../../pipeline/live-standings';
import { contestPage } from '../../pipeline/contest-reads';
import type { Job } from '../../pipeline/job';
import { standingsPage } from '../../pipeline/standings';
import { contestEmbed } from '../entries-message';
import { leasedCall, nonceOf } from '../leased-call';
import { workspaceLocale } from '../server-locale';
import { PAGE_SIZE, standingsEmbed } from '../standings-message';
import { t } from '../../domain/i18n';

/**
 * How long a process holds a board's live message while it posts, edits or looks it up: longer
 * than the 30-second step, so a post Discord holds back (a 429 of 35 s) is not posted again by
 * the next step of another process; its calls are cut off at three quarters of it.
 */
export const LIVE_LEASE_MS = 60_000;

/**
 * Nothing tells the bot a message was deleted (that would take the GuildMessages intent and all
 * its traffic): while the standings stand still, the message is looked up at most this often.
 */
const LOOK_EVERY_MS = 5 * 60_000;

/**
 * The live standings message of a board: the top of its standings, kept current. A scheduled
 * step (every 30 s, one process per step) renders the first page; only when it differs from what
 * the message shows is the message edited (so a quiet board costs Discord nothing, and a busy
 * one at most one edit per 30 s). A deleted message is posted again. Each step holds the row's
 * lease (leased-call.ts): a step that comes while another process's post is still out skips.
 */
export function liveStandingsJob(rest: REST): Job {
  const lastSeen = new Map<number, number>();
  return {
    kind: LIVE_KIND,
    atomic: false,
    async step(ctx, _tx, subject) {
      const boardPk = boardOfSubject(subject);
      const ran = await leasedCall(ctx.now, LIVE_LEASE_MS, {
        take: (now, lease) => leaseLiveStandings(ctx, boardPk, now, lease),
        async run(signal, lease) {
          await refresh({ ctx, rest, boardPk, lease, signal }, lastSeen);
          await releaseLiveStandings(ctx, boardPk, lease); // a no-op once recorded
        },
        async refused(why) {
          // Shut out of the channel: stop, rather than be refused every 30 s (Discord bans an IP
          // that piles up refused requests). /board standings places it again once fixed.
          await stopLiveStandings(ctx, boardPk);
          log.warn('live standings stopped: Discord refuses the channel', { board: boardPk, why });
        },
        async failed(err, lease) {
          await releaseLiveStandings(ctx, boardPk, lease);
          log.warn('live standings not refreshed; the next step tries again', {
            board: boardPk,
            err,
          });
        },
      });
      if (!ran) log.debug('live standings held by another process', { board: boardPk });
    },
    async next(ctx, subject, _dueAt, now) {
      const kept = await liveStandingsKept(ctx, boardOfSubject(subject));
      return kept ? new Date(now.getTime() + LIVE_EVERY_MS) : null;
    },
  };
}

interface Refresh {
  ctx: Context;
  rest: REST;
  boardPk: number;
  lease: Date;
  signal: AbortSignal;
}

async function refresh(r: Refresh, lastSeen: Map<number, number>): Promise<void> {
  const { ctx, rest, boardPk, signal } = r;
  const target = await liveStandingsOf(ctx, boardPk);
  if (!target) return;
  const { live, board } = target;
  const url = boardUrl(ctx.config.publicUrl, board);
  // Posted for everyone: in the server's language. A change of it changes the embed, so the
  // message is edited into it.
  const locale = await workspaceLocale(ctx, board.ownerId);
  const embed = await topEmbed(ctx, board, url, locale);
  const digest = createHash('sha256')
    .update(JSON.stringify([embed]))
    .digest('hex');
  const now = ctx.now();
  if (live.messageId && digest === live.digest) {
    // Nothing moved: only make sure, now and then, that the message is still there.
    if (now.getTime() - (lastSeen.get(boardPk) ?? 0) < LOOK_EVERY_MS) return;
    lastSeen.set(boardPk, now.getTime());
    if (await exists(rest, live.channelId, live.messageId, signal)) return;
  }
  const body = liveMessage(ctx, board, embed, now, locale);
  let messageId = live.messageId && digest === live.digest ? null : live.messageId;
  if (messageId) {
    try {
      await rest.patch(Routes.channelMessage(live.channelId, messageId), { body, signal });
      return await recorded(r, { messageId, digest, updatedAt: now }, false);
    } catch (err) {
      if (!(err instanceof DiscordAPIError && err.code === 10008)) throw err;
      messageId = null; // someone deleted it: post it again
    }
  }
  // The same nonce for every try of this post, whichever process makes it; a new one for the next.
  const nonce = nonceOf('live', boardPk, live.channelId, live.posts);
  const posted = (await rest.post(Routes.channelMessages(live.channelId), {
    body: { ...body, nonce, enforce_nonce: true },
    signal,
  })) as APIMessage;
  log.info('live standings posted', { board: board.id, channel: live.channelId });
  // Discord returns the message an earlier try posted (a process that died before recording it)
  // as it was: it shows older standings, so the next step edits it.
  const ours = Date.parse(posted.embeds[0]?.timestamp ?? '') === now.getTime();
  await recorded(r, { messageId: posted.id, digest: ours ? digest : null, updatedAt: now }, true);
}

/** The top of the standings; on a Rating board, of the contest (no picture: it is edited often). */
async function topEmbed(
  ctx: Context,
  board: Board,
  url: string,
  locale: string,
): Promise<APIEmbed> {
  if (board.type === 'Rating') {
    const page = await contestPage(ctx, board, { from: 0, limit: PAGE_SIZE });
    return contestEmbed(page, url, undefined, locale);
  }
  const page = await standingsPage(ctx, board, { limit: board.standingsSize });
  return standingsEmbed(board, page.entries, url, true, locale);
}

/** Records what the message shows, as the holder of the lease. */
async function recorded(
  { ctx, boardPk, lease }: Refresh,
  shown: { messageId: string; digest: string | null; updatedAt: Date },
  posted: boolean,
): Promise<void> {
  if (await showLiveStandings(ctx, boardPk, lease, shown, posted)) return;
  log.warn('live standings: the lease ran out before the message was recorded', {
    board: boardPk,
    message: shown.messageId,
  });
}

/** The message: the top of the standings, "updated at" now, and a link to the full standings. */
function liveMessage(ctx: Context, board: Board, embed: object, now: Date, locale: string) {
  return {
    embeds: [{ ...embed, timestamp: now.toISOString() }],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Link,
            label: t(locale, 'reading.standings.full'),
            url: boardUrl(ctx.config.publicUrl, board),
          },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

async function exists(
  rest: REST,
  channelId: string,
  messageId: string,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    await rest.get(Routes.channelMessage(channelId, messageId), { signal });
    return true;
  } catch (err) {
    if (err instanceof DiscordAPIError && err.code === 10008) return false;
    throw err;
  }
}
