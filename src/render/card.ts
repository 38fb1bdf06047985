import { CARD_AVATAR, type DrawnCard, type DrawnRow } from './avatars';
import { div, FaceSet, THEMES, type El } from './elements';
import type { InLanguage } from './types';
import { wordsOf } from './words';

/**
 * The leaderboard card (issue 14 item 3) at 600×315 layout pixels, drawn at 2× (1200×630, the
 * OpenGraph size: sharp where Discord, Slack or X show a large preview on a high-density screen).
 */
export const CARD = { width: 600, height: 315, scale: 2 };
const ROWS = 10;
export const ROW_HEIGHT = 20;

export type Palette = (typeof THEMES)['dark'];

/** What a card with nothing to show says, where its rows or tiles would be, in its language. */
export const noEntriesYet = (theme: Palette, data: InLanguage) =>
  div(
    { flexGrow: 1, alignItems: 'center', justifyContent: 'center', color: theme.muted },
    wordsOf(data).words.card.noEntries,
  );

/**
 * A card's frame, the same for standings and a contest: title and subtitle, the body, and the
 * footer line with Tally's name at the right.
 */
export function cardFrame(
  faces: FaceSet,
  theme: Palette,
  text: { title: string; subtitle: string; footer?: string },
  body: El,
): El {
  const footer = div(
    { justifyContent: 'space-between', fontSize: 11, color: theme.muted, marginTop: 6 },
    [
      faces.text(text.footer ?? '', { flexGrow: 1, flexBasis: 0 }),
      div({ marginLeft: 12, fontWeight: 700, color: theme.accent }, 'Tally'),
    ],
  );
  return div(
    {
      flexDirection: 'column',
      width: CARD.width,
      height: CARD.height,
      padding: '16px 24px 12px',
      backgroundColor: theme.bg,
      color: theme.text,
      fontSize: 13,
      lineHeight: 1.3,
    },
    [
      faces.text(text.title, { fontSize: 22, fontWeight: 700 }),
      faces.text(text.subtitle, { fontSize: 12.5, color: theme.muted, marginTop: 1 }),
      body,
      footer,
    ],
  );
}

/** A player's picture, or their initial on their colour when there is none (avatars.ts). */
function avatarElement(avatar: NonNullable<DrawnRow['avatar']>, faces: FaceSet): El {
  const frame = { width: CARD_AVATAR, height: CARD_AVATAR, borderRadius: CARD_AVATAR / 2 };
  const box = { ...frame, flexShrink: 0, marginRight: 8 };
  if (avatar.src) {
    const size = { width: CARD_AVATAR, height: CARD_AVATAR };
    return {
      type: 'img',
      props: { src: avatar.src, ...size, style: { ...box, objectFit: 'cover' } },
    };
  }
  return div(
    { ...box, backgroundColor: avatar.colour, alignItems: 'center', justifyContent: 'center' },
    faces.text(avatar.initial, { fontSize: 9, fontWeight: 700, color: '#ffffff' }),
  );
}

/** One standing: rank, picture, name, record (on match boards), value; every other row shaded. */
function rowElement(r: DrawnRow, i: number, faces: FaceSet, theme: Palette, withRecord: boolean) {
  const rank = div(
    {
      minWidth: 30,
      justifyContent: 'flex-end',
      marginRight: 12,
      fontWeight: 700,
      color: r.rank <= 3 ? theme.accent : theme.muted,
    },
    String(r.rank),
  );
  const record = faces.text(r.record ?? '', {
    width: 90,
    textAlign: 'right',
    color: theme.muted,
    fontSize: 12,
  });
  return div(
    {
      alignItems: 'center',
      height: ROW_HEIGHT,
      padding: '0 8px',
      borderRadius: 4,
      backgroundColor: i % 2 === 0 ? theme.row : theme.bg,
    },
    [
      rank,
      ...(r.avatar ? [avatarElement(r.avatar, faces)] : []),
      faces.text(r.name, { flexGrow: 1, flexBasis: 0 }),
      ...(withRecord ? [record] : []),
      faces.text(r.value, { width: 100, textAlign: 'right', fontWeight: 700 }),
    ],
  );
}

/** The card as satori elements, and the faces its texts need. */
export function cardElement(data: DrawnCard): { element: El; faces: FaceSet } {
  const theme = THEMES[data.theme ?? 'dark'];
  const faces = new FaceSet();
  const rows = data.rows.slice(0, ROWS);
  const withRecord = rows.some((r) => r.record);
  const body = rows.length
    ? div(
        { flexDirection: 'column', flexGrow: 1, marginTop: 10 },
        rows.map((r, i) => rowElement(r, i, faces, theme, withRecord)),
      )
    : noEntriesYet(theme, data);
  const element = cardFrame(faces, theme, data, body);
  return { element, faces };
}
