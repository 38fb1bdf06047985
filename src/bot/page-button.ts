import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from 'discord.js';
import { t } from '../domain/i18n';
import { LIMITS } from './text';

/**
 * Every paged message in chat (/leaderboard and an ended season's standings, /board list, /team
 * list, /season list, /api key list) pages through one scheme: First and Next carry
 * `page:<list>:<scope>:<position>`, read again for the presser's own workspace when pressed
 * (commands/page.ts), so a button never says whose rows it shows. The scope is the board (the
 * season for an archive, 0 where a list has none); the position is where the page starts: the
 * API's entries cursor for standings (spec 4.4; an offset into a Rating board's contest), a
 * keyset position or an offset for the others, and empty on the first page.
 */
export const PAGED_LISTS = ['standings', 'archive', 'boards', 'teams', 'keys', 'seasons'] as const;
export type PagedList = (typeof PAGED_LISTS)[number];

export interface PageAt {
  list: PagedList;
  scope: number;
  /** '' for the first page. */
  position: string;
}

export const PAGE_PREFIX = 'page:';
/** Buttons posted before the one scheme, still honoured: `lb:`, `ss:` and `list:`. */
export const LEGACY_PAGE_PREFIXES = ['lb:', 'ss:', 'list:'] as const;

export const pageButtonId = ({ list, scope, position }: PageAt) =>
  `${PAGE_PREFIX}${list}:${scope}:${position}`;

const PAGE = /^page:([a-z]+):(\d{1,15}):([A-Za-z0-9_-]*)$/;
const LEGACY = [
  { pattern: /^lb:(\d{1,15}):([A-Za-z0-9_-]*)$/, list: 'standings' },
  { pattern: /^ss:(\d{1,15}):(\d{1,9})$/, list: 'archive' },
] as const;

/** The page a button names, or null for a custom id Tally did not make. */
export function parsePageButton(customId: string): PageAt | null {
  const m = PAGE.exec(customId);
  if (m) {
    const list = PAGED_LISTS.find((l) => l === m[1]);
    return list ? { list, scope: Number(m[2]), position: m[3] ?? '' } : null;
  }
  for (const { pattern, list } of LEGACY) {
    const old = pattern.exec(customId);
    if (old) return { list, scope: Number(old[1]), position: firstAsEmpty(old[2] ?? '') };
  }
  const listed = /^list:(boards|teams|keys|seasons):(\d{1,15}):(\d{1,15})$/.exec(customId);
  if (!listed) return null;
  const list = PAGED_LISTS.find((l) => l === listed[1])!;
  return { list, scope: Number(listed[2]), position: firstAsEmpty(listed[3]!) };
}

/** Old numeric positions started at 0; the one scheme says first page with an empty position. */
const firstAsEmpty = (position: string) => (position === '0' ? '' : position);

/** A numeric position (a pk, a season number, an offset): 0 on the first page, null if not one. */
export function positionNumber(position: string): number | null {
  if (position === '') return 0;
  return /^\d{1,15}$/.test(position) ? Number(position) : null;
}

export function pageButton(label: string, customId: string): APIButtonComponent {
  return { type: ComponentType.Button, style: ButtonStyle.Secondary, label, custom_id: customId };
}

/**
 * First (unless this is the first page) and Next (when there is one), labelled in `locale`'s
 * language. A Next whose id would pass Discord's 100 characters (a long player id in an entries
 * cursor) becomes a link to `more`.
 */
export function pageButtons(
  at: Omit<PageAt, 'position'>,
  page: { first: boolean; next: string | null; more?: string },
  locale: string | null = null,
): APIActionRowComponent<APIButtonComponent>[] {
  const buttons: APIButtonComponent[] = [];
  const first = pageButtonId({ ...at, position: '' });
  if (!page.first) buttons.push(pageButton(t(locale, 'common.pages.first'), first));
  if (page.next !== null) {
    const id = pageButtonId({ ...at, position: page.next });
    if (id.length <= LIMITS.customId) buttons.push(pageButton(t(locale, 'common.pages.next'), id));
    else if (page.more) {
      buttons.push({
        type: ComponentType.Button,
        style: ButtonStyle.Link,
        label: t(locale, 'common.pages.more'),
        url: page.more,
      });
    }
  }
  return buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [];
}
