import type { Board } from '../../entities/board';
import { VOTES } from '../domain/contest';
import { capitalized, entryStanding, periodLine, voteCount } from '../domain/display';
import { t, type Language } from '../domain/i18n';
import type { ContestEntry, ContestSettings, RankedEntry } from '../pipeline/contest-pages';
import { THUMB_SIZE } from '../render/intake';
import { playerLink } from './boards';
import { bdi, escapeHtml, link, type Html } from './html';
import type { Links } from './links';

/**
 * The pieces of a contest's pages (a Rating board): the gallery of entries, an entry's picture
 * and its votes as a bar chart, the periods. Pure functions of what the use cases return, so
 * their layout is tested without a database (test/web/contest-view.test.ts).
 */

export type Entry = RankedEntry<ContestEntry>;

/** Thumbnails above this many in a gallery load when scrolled to. */
const EAGER = 8;

/** Where an entry stands in one word: `#3`, or `unranked`. */
export const placeText = (e: Pick<Entry, 'rank'>, lang: Language = 'en'): string =>
  e.rank === null ? t(lang, 'web.h2h.unranked') : `#${e.rank}`;

/** The thumbnail's size (src/render/intake.ts: the longer side at most THUMB_SIZE). */
export function thumbSize(e: Pick<Entry, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(1, THUMB_SIZE / Math.max(e.width, e.height));
  return {
    width: Math.max(1, Math.round(e.width * scale)),
    height: Math.max(1, Math.round(e.height * scale)),
  };
}

/** "Submissions open until 2026-11-30 18:00 UTC · voting open" (domain/display.ts periodLine). */
export function periodsText(settings: ContestSettings, now: Date, lang: Language = 'en'): string {
  return [
    capitalized(periodLine('submissions', settings.submissionsUntil, now, lang)),
    periodLine('voting', settings.votingUntil, now, lang),
  ].join(' · ');
}

export interface TileOptions {
  /** The author's line (not on the author's own page). */
  byline: boolean;
  /** What the place says besides the rank (an archive page of an author: the round). */
  round?: (e: Entry) => string | null;
  /** Markup after the standing (the dashboard's vote form). */
  extra?: (e: Entry) => Html;
  /** The page's language; English when none. */
  lang?: Language;
}

/** One entry in a gallery: its thumbnail and title (one link), author, place and standing. */
export function entryTile(
  board: Board,
  e: Entry,
  minVotes: number,
  links: Links,
  index: number,
  options: TileOptions,
): Html {
  const lang = options.lang ?? 'en';
  const { width, height } = thumbSize(e);
  const load = index < EAGER ? '' : ' loading="lazy"';
  // The title names the picture inside the same link, so the picture itself says nothing more.
  const img = `<img src="${escapeHtml(links.image(e.thumbHash))}" width="${width}" height="${height}" alt=""${load} decoding="async">`;
  const round = options.round?.(e);
  // An unranked entry sits under its own heading and its standing says so: no badge.
  const medal = e.rank !== null && e.rank <= 3 ? ` p${e.rank}` : '';
  const place = e.rank === null ? '' : `<span class="place${medal}">${placeText(e, lang)}</span> `;
  const author = playerLink(links, board, { id: e.authorId, name: e.authorName });
  const by = options.byline
    ? `\n<span class="by">${t(lang, 'web.contest.by', { author })}</span>`
    : '';
  return `<li class="tile">${link(
    links.entry(board, e.pk),
    `<span class="frame">${img}</span><span class="caption">${place}<span class="title" title="${escapeHtml(e.title)}">${bdi(e.title)}</span></span>`,
  )}${by}${round ? `\n<span class="round">${bdi(round)}</span>` : ''}
<span class="standing">${escapeHtml(entryStanding(e, minVotes, lang))}</span>${options.extra ? `\n${options.extra(e)}` : ''}</li>`;
}

/** A grid of entries in the order given (`from`: the first one's position in its list). */
export function galleryGrid(
  board: Board,
  entries: readonly Entry[],
  minVotes: number,
  links: Links,
  options: TileOptions & { from?: number },
): Html {
  const from = options.from ?? 0;
  const tiles = entries.map((e, i) => entryTile(board, e, minVotes, links, from + i, options));
  return `<ul class="gallery">\n${tiles.join('\n')}\n</ul>`;
}

/**
 * A ranking's entries: the ranked ones, then under their own heading those still short of the
 * board's minimum votes (every entry of an archive page whose round ended without them too).
 */
export function rankedGallery(
  board: Board,
  entries: readonly Entry[],
  minVotes: number,
  links: Links,
  from = 0,
  tile: Pick<TileOptions, 'extra' | 'lang'> = {},
): Html {
  const lang = tile.lang ?? 'en';
  const ranked = entries.filter((e) => e.rank !== null);
  const unranked = entries.filter((e) => e.rank === null);
  const parts: Html[] = [];
  if (ranked.length > 0) {
    parts.push(galleryGrid(board, ranked, minVotes, links, { ...tile, byline: true, from }));
  }
  if (unranked.length > 0) {
    const votes = escapeHtml(voteCount(minVotes, lang));
    parts.push(`<h2>${escapeHtml(t(lang, 'web.contest.notRanked'))}</h2>
<p class="note">${t(lang, 'web.contest.rankedOnce', { votes })}</p>
${galleryGrid(board, unranked, minVotes, links, { ...tile, byline: true, from: from + ranked.length })}`);
  }
  return parts.join('\n');
}

/**
 * How an entry's votes spread over 1–10, as a table a screen reader reads row by row (vote,
 * count) and CSS draws as bars: counts only, never who voted.
 */
export function votesChart(distribution: readonly number[], lang: Language = 'en'): Html {
  const total = distribution.reduce((a, b) => a + b, 0);
  if (total === 0) return `<p class="empty">${escapeHtml(t(lang, 'web.contest.noVotes'))}</p>`;
  const most = Math.max(...distribution);
  const rows = VOTES.map((value, i) => ({ value, count: distribution[i] ?? 0 }))
    .reverse()
    .map(({ value, count }) => {
      const share = Math.round((count / most) * 1000) / 10;
      const bar = count === 0 ? '' : `<span class="bar" style="width:${share}%"></span>`;
      return `<tr><th scope="row">${value}</th><td class="lane" aria-hidden="true">${bar}</td><td class="num">${count}</td></tr>`;
    });
  return `<table class="bars">
<caption>${escapeHtml(t(lang, 'web.contest.votesCaption', { votes: capitalized(voteCount(total, lang)) }))}</caption>
<thead class="sr-only"><tr><th scope="col">${escapeHtml(t(lang, 'web.contest.vote'))}</th><th scope="col"></th><th scope="col">${escapeHtml(t(lang, 'web.contest.voters'))}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}
