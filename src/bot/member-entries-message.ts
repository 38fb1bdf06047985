import { seasonTitle } from '../domain/season';
import type { APIEmbed, APIEmbedField } from 'discord.js';
import type { Board } from '../../entities/board';
import { oneLine } from '../domain/chat-text';
import { entryStanding, twoDecimals, voteCount } from '../domain/display';
import { averageVote } from '../domain/contest';
import type { ContestSettings, MemberEntry } from '../pipeline/contest-reads';
import { entryFileName } from './contest-message';
import { place } from './entries-message';
import { clip, LIMITS, shown } from './text';
import { t } from '../domain/i18n';

/**
 * /profile on a Rating board: the member's entries, grouped as a member reads them: in the
 * contest now (with where each stands), waiting for a moderator, and ended rounds (final rank and
 * round). Titles of waiting entries are shown only on the member's own profile: a moderator has
 * not seen them yet. A layout of src/pipeline/contest-reads.ts memberEntries.
 */

const TITLE_SHOWN = 60;
/** Lines per group: a member of many rounds gets their newest, and how many more. */
const GROUP_LINES = 10;

export interface MemberEntriesView {
  board: Board;
  /** The name the member's newest entry was submitted under. */
  name: string;
  settings: ContestSettings;
  entries: MemberEntry[];
  /** Whether the member asked for their own profile (their waiting entries are named). */
  own: boolean;
}

const title = (e: { title: string }) => `**${shown(clip(oneLine(e.title), TITLE_SHOWN))}**`;

function liveLine({ standing }: MemberEntry, minVotes: number, locale: string | null): string {
  const ranked = standing!;
  const rank = ranked.rank === null ? '' : `#${ranked.rank} · `;
  return `${title(ranked)} · ${rank}${entryStanding(ranked, minVotes, locale)}`;
}

function archivedLine({ entry, round }: MemberEntry, locale: string | null): string {
  const where = round
    ? t(locale, 'reading.entries.inRound', { round: shown(seasonTitle(round, locale)) })
    : '';
  const medal = entry.finalRank !== null && entry.finalRank <= 3;
  const rank =
    entry.finalRank === null
      ? `${t(locale, 'shared.standing.unranked')}${where}`
      : `${medal ? `${place(entry.finalRank, true)} ` : ''}#${entry.finalRank}${where}`;
  const average = averageVote(entry);
  const votes = [
    average === null
      ? null
      : t(locale, 'shared.standing.average', { average: twoDecimals(average, locale) }),
    voteCount(entry.votes, locale),
  ];
  return [title(entry), rank, ...votes.filter((v) => v !== null)].join(' · ');
}

function field(name: string, lines: string[], locale: string | null): APIEmbedField[] {
  if (lines.length === 0) return [];
  const shownLines = lines.slice(0, GROUP_LINES);
  const more = lines.length - shownLines.length;
  if (more > 0) shownLines.push(t(locale, 'reading.entries.more', { count: more }));
  return [{ name, value: clip(shownLines.join('\n'), LIMITS.fieldValue) }];
}

/** The picture the profile shows: the member's best live entry, else their latest ended one. */
export const profilePicture = (entries: readonly MemberEntry[]) =>
  entries.find((e) => e.entry.status === 'live' || e.entry.status === 'archived')?.entry ?? null;

/** The card; `picture` says the thumbnail of `profilePicture` is attached. */
export function memberEntriesEmbed(
  view: MemberEntriesView,
  picture: boolean,
  locale: string | null = null,
): APIEmbed {
  const { board, settings, entries } = view;
  const live = entries.filter((e) => e.entry.status === 'live');
  const pending = entries.filter((e) => e.entry.status === 'pending');
  const archived = entries.filter((e) => e.entry.status === 'archived');
  const shownPicture = picture ? profilePicture(entries) : null;
  const count = (n: number) => t(locale, 'reading.entries.count', { count: n });
  const said = (key: 'inContest' | 'waitingApproval' | 'inPast', n: number) =>
    t(locale, `reading.entries.${key}`, { entries: count(n) });
  const heading = t(locale, 'reading.onBoard', {
    player: shown(view.name),
    board: shown(board.displayName),
  });
  return {
    title: clip(heading, LIMITS.embedTitle),
    description: [
      live.length > 0 ? said('inContest', live.length) : t(locale, 'reading.entries.noneNow'),
      pending.length > 0 ? said('waitingApproval', pending.length) : null,
      archived.length > 0 ? said('inPast', archived.length) : null,
    ]
      .filter((p) => p !== null)
      .join(' · '),
    fields: [
      ...field(
        t(locale, 'reading.entries.live'),
        live.map((e) => liveLine(e, settings.minVotes, locale)),
        locale,
      ),
      ...field(
        t(locale, 'reading.entries.waiting'),
        view.own
          ? pending.map((e) => title(e.entry))
          : pending.length > 0
            ? [count(pending.length)]
            : [],
        locale,
      ),
      ...field(
        t(locale, 'reading.entries.past'),
        archived.map((e) => archivedLine(e, locale)),
        locale,
      ),
    ],
    ...(shownPicture ? { thumbnail: { url: `attachment://${entryFileName(shownPicture)}` } } : {}),
  };
}
