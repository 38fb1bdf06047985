import { time, TimestampStyles, type APIEmbed } from 'discord.js';
import { oneLine } from '../domain/chat-text';
import { t } from '../domain/i18n';
import { reviewMessageUrl } from '../pipeline/review-queue';
import type { ContestQueue, QueuedEntry } from '../pipeline/contest-reads';
import { entryName } from './entries-message';
import { clip, LIMITS, shown } from './text';

/**
 * `/review list`'s contest part: the entries waiting for a moderator's approval, oldest first,
 * and the reported live entries, most reported first, on the Rating boards the member may
 * moderate. Its own embed, so a moderator sees at once that entries wait too. A layout of
 * src/pipeline/contest-reads.ts contestQueueOf.
 */

/**
 * Characters the contest part takes at most (title, list and footer): the submissions' embed
 * takes at most 4 200, and a message's embeds 6 000 together.
 */
export const ENTRY_QUEUE_ROOM = 1700;
const BOARD_NAME_MAX = 40;

const boardName = (q: QueuedEntry) =>
  shown(clip(oneLine(q.board.displayName || q.board.id), BOARD_NAME_MAX));

/** A locale as Discord names it (`de`, `pt-BR`); null reads English. */
type Locale = string | null;

const relative = (at: Date) => time(at, TimestampStyles.RelativeTime);

/** `#12 · Photo Contest · **Sunset** by Ali · submitted 3 hours ago · expires in 2 days · …` */
function pendingLine(q: QueuedEntry, locale: Locale): string {
  const { entry } = q;
  const parts = [
    `#${entry.pk}`,
    boardName(q),
    entryName(entry, locale),
    t(locale, 'play.entryQueue.submitted', { when: relative(entry.createdAt) }),
    q.expiresAt === null
      ? t(locale, 'play.entryQueue.neverExpires')
      : t(locale, 'play.entryQueue.expires', { when: relative(q.expiresAt) }),
  ];
  if (entry.reviewChannelId && entry.reviewMessageId) {
    const url = reviewMessageUrl(q.board.ownerId, entry.reviewChannelId, entry.reviewMessageId);
    parts.push(`[${t(locale, 'play.entryQueue.reviewMessage')}](${url})`);
  }
  return parts.join(' · ');
}

/** `#13 · Photo Contest · **Dusk** by Bo · 🚩 3 reports · [post](…)` */
function reportedLine(q: QueuedEntry, locale: Locale): string {
  const { entry } = q;
  const parts = [
    `#${entry.pk}`,
    boardName(q),
    entryName(entry, locale),
    t(locale, 'play.entryQueue.reports', { count: entry.reports }),
  ];
  if (entry.postChannelId && entry.postMessageId) {
    const url = reviewMessageUrl(q.board.ownerId, entry.postChannelId, entry.postMessageId);
    parts.push(`[${t(locale, 'play.entryQueue.post')}](${url})`);
  }
  return parts.join(' · ');
}

/**
 * The contest part, or null when nothing waits; never longer than `ENTRY_QUEUE_ROOM`. In the
 * moderator's language (`locale`, the interaction's: `/review list` answers them alone).
 */
export function entryQueueEmbed(queue: ContestQueue, locale: Locale = null): APIEmbed | null {
  const { pending, reported } = queue;
  if (pending.length === 0 && reported.length === 0) return null;
  const title = t(locale, 'play.entryQueue.title', {
    pending: pending.length,
    reported: reported.length,
  });
  const footer = t(locale, 'play.entryQueue.footer');
  const room = Math.min(ENTRY_QUEUE_ROOM - title.length - footer.length, LIMITS.embedDescription);
  const sections = [
    {
      heading: t(locale, 'play.entryQueue.waiting'),
      lines: pending.map((q) => pendingLine(q, locale)),
    },
    {
      heading: t(locale, 'play.entryQueue.reported'),
      lines: reported.map((q) => reportedLine(q, locale)),
    },
  ].filter((s) => s.lines.length > 0);
  const out: string[] = [];
  let used = 0;
  const add = (line: string) => {
    out.push(line);
    used += line.length + 1;
  };
  sections.forEach(({ heading, lines }, n) => {
    // Room is kept for each later section's heading and for a line that says how many more.
    const reserve = (sections.length - n) * 60;
    if (out.length > 0) add('');
    add(heading);
    for (const [i, line] of lines.entries()) {
      if (used + line.length + 1 > room - reserve) {
        add(t(locale, 'play.entryQueue.more', { count: lines.length - i }));
        break;
      }
      add(line);
    }
  });
  return { title, description: clip(out.join('\n'), room), footer: { text: footer } };
}
