import {
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import { clip, LIMITS } from '../src/bot/text';
import { pageButton } from './shared';

/**
 * Long lists in chat (/board list, /team list, /api key list, /season list) as pages of one embed each, with
 * First / Next buttons like /leaderboard's: however many rows a server accumulates, every page
 * stays inside Discord's limits. A button carries the list, its scope (a board for teams) and the
 * position after the page's last row, so a press reads the rows as they are now.
 */
export const LIST_PREFIX = 'list:';
export const LIST_PAGE = 10;
/** Ten lines of this length, with their line breaks, fit an embed description (4096). */
const LINE_MAX = 400;

export type ListKind = 'boards' | 'teams' | 'keys' | 'seasons';

export interface ListButton {
  kind: ListKind;
  /** The board pk of a team or season list; 0 where the list has no scope. */
  scope: number;
  /** Where the page starts: the keyset position (a pk, a season number), or for keys an offset. */
  position: number;
}

export const listButtonId = ({ kind, scope, position }: ListButton) =>
  `${LIST_PREFIX}${kind}:${scope}:${position}`;

export function parseListButton(customId: string): ListButton | null {
  const m = /^list:(boards|teams|keys|seasons):(\d{1,15}):(\d{1,15})$/.exec(customId);
  if (!m?.[1] || m[2] === undefined || m[3] === undefined) return null;
  return { kind: m[1] as ListKind, scope: Number(m[2]), position: Number(m[3]) };
}

export interface ListPage {
  title: string;
  /** This page's rows, at most LIST_PAGE, each one line of markdown. */
  lines: string[];
  /** What an empty first page says (and how to add the first row). */
  empty: string;
  /** The position the next page starts at, or null on the last page. */
  next: number | null;
  /** Whether this is the first page (no First button then). */
  first: boolean;
}

export function listMessage(
  at: Omit<ListButton, 'position'>,
  page: ListPage,
): { embeds: APIEmbed[]; components: APIActionRowComponent<APIButtonComponent>[] } {
  const buttons: APIButtonComponent[] = [];
  if (!page.first) buttons.push(pageButton('First', listButtonId({ ...at, position: 0 })));
  if (page.next !== null)
    buttons.push(pageButton('Next', listButtonId({ ...at, position: page.next })));
  const description =
    page.lines.length > 0
      ? page.lines.map((line) => clip(line, LINE_MAX)).join('\n')
      : page.first
        ? page.empty
        : 'No more.';
  return {
    embeds: [
      {
        title: clip(page.title, LIMITS.embedTitle),
        description: clip(description, LIMITS.embedDescription),
      },
    ],
    components: buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [],
  };
}
