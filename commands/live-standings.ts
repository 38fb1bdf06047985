import { createHash } from 'node:crypto';
import {
  ButtonStyle,
  ComponentType,
  DiscordAPIError,
  Routes,
  type APIMessage,
  type REST,
} from 'discord.js';
import { boardUrl } from '../src/domain/board-url';
import { log } from '../src/log';
import type { Context } from '../src/pipeline/context';
import { LIVE_EVERY_MS, LIVE_KIND } from '../src/pipeline/live-standings';
import { boardOfSubject } from '../src/domain/ids';
import type { Job } from '../src/pipeline/scheduler';
import { permanentRefusal } from '../src/bot/replies';
import { standings } from './standings';

/**
 * The live standings message of a board: the top of its standings, kept current. A scheduled
 * step (every 30 s, exactly one process per step) renders the first page; only when it differs
 * from what the message shows is the message edited (so a quiet board costs Discord nothing, and
 * a busy one at most one edit per 30 s). A deleted message is posted again.
 */
export function liveStandingsJob(rest: REST): Job {
  const lastSeen = new Map<number, number>();
  return {
    kind: LIVE_KIND,
    atomic: false,
    async step(ctx, _tx, subject) {
      const boardPk = boardOfSubject(subject);
      try {
        await refresh(ctx, rest, boardPk, lastSeen);
      } catch (err) {
        const why = permanentRefusal(err);
        if (!why) throw err;
        // Shut out of the channel: stop, rather than be refused every 30 s (Discord bans an IP
        // that piles up refused requests). /board standings places it again once fixed.
        await ctx.repos.liveStandings.remove(boardPk);
        await ctx.repos.schedules.cancel(LIVE_KIND, subject);
        log.warn('live standings stopped: Discord refuses the channel', {
          board: boardPk,
          why,
        });
      }
    },
    async next(ctx, subject, _dueAt, now) {
      const live = await ctx.repos.liveStandings.get(boardOfSubject(subject));
      return live ? new Date(now.getTime() + LIVE_EVERY_MS) : null;
    },
  };
}

/**
 * Nothing tells the bot a message was deleted (that would take the GuildMessages intent and all
 * its traffic): while the standings stand still, the message is looked up at most this often.
 */
const LOOK_EVERY_MS = 5 * 60_000;

async function refresh(
  ctx: Context,
  rest: REST,
  boardPk: number,
  lastSeen: Map<number, number>,
): Promise<void> {
  const live = await ctx.repos.liveStandings.get(boardPk);
  const board = live && (await ctx.repos.boards.byPk(boardPk));
  if (!live || !board) return;
  const { embeds } = await standings(ctx, board, '');
  const digest = createHash('sha256').update(JSON.stringify(embeds)).digest('hex');
  const now = ctx.now();
  if (live.messageId && digest === live.digest) {
    // Nothing moved: only make sure, now and then, that the message is still there.
    if (now.getTime() - (lastSeen.get(boardPk) ?? 0) < LOOK_EVERY_MS) return;
    lastSeen.set(boardPk, now.getTime());
    if (await exists(rest, live.channelId, live.messageId)) return;
  }
  const body = {
    embeds: embeds.map((e) => ({ ...e, timestamp: now.toISOString() })), // "updated at"
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Link,
            label: 'Full standings',
            url: boardUrl(ctx.config.publicUrl, board),
          },
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
  let messageId = live.messageId && digest === live.digest ? null : live.messageId;
  if (messageId) {
    try {
      await rest.patch(Routes.channelMessage(live.channelId, messageId), { body });
    } catch (err) {
      if (!(err instanceof DiscordAPIError && err.code === 10008)) throw err;
      messageId = null; // someone deleted it: post it again
    }
  }
  if (!messageId) {
    const posted = (await rest.post(Routes.channelMessages(live.channelId), {
      body,
    })) as APIMessage;
    messageId = posted.id;
    log.info('live standings posted', { board: board.id, channel: live.channelId });
  }
  await ctx.repos.liveStandings.shown(boardPk, { messageId, digest, updatedAt: now });
}

async function exists(rest: REST, channelId: string, messageId: string): Promise<boolean> {
  try {
    await rest.get(Routes.channelMessage(channelId, messageId));
    return true;
  } catch (err) {
    if (err instanceof DiscordAPIError && err.code === 10008) return false;
    throw err;
  }
}
