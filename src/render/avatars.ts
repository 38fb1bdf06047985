import type sharpModule from 'sharp';
import type { CardAvatar, CardData, CardRow } from './types';

/**
 * The card's avatars (issue 29 item 2), fetched from Discord's CDN when a card is drawn: each with
 * a short timeout, so a slow or unreachable CDN never holds a picture's request (a failed fetch
 * draws the fallback), and kept in a bounded cache as small PNG data URIs, so a card drawn again
 * (another season, the other theme, the standings moved) asks the CDN nothing. A failure is
 * remembered a little while too: a CDN that is down costs one timeout per picture, not one per
 * card.
 */

/** The picture's size on the card (layout pixels); drawn at the card's 2×. */
export const CARD_AVATAR = 16;
const DRAWN = CARD_AVATAR * 2;

export interface AvatarFetchOptions {
  /** Per picture; default 1500 ms. */
  timeoutMs?: number;
  /** Pictures kept (a few KB each); default 500. */
  cacheEntries?: number;
  /** How long a failed fetch is not tried again; default 60 s. */
  retryAfterMs?: number;
  /** Largest answer read; default 1 MB (Discord's are tens of KB). */
  maxBytes?: number;
}

/**
 * A row as the render thread draws it: its picture as a data URI (`src`), null or absent for the
 * fallback. A CardData is a DrawnCard whose pictures were not fetched.
 */
export type DrawnRow = CardRow & { avatar?: CardAvatar & { src?: string | null } };
export type DrawnCard = Omit<CardData, 'rows'> & { rows: DrawnRow[] };

interface Kept {
  src: Promise<string | null>;
  /** Failures expire; a picture never does (its address names its bytes). */
  until: number;
}

export class AvatarPictures {
  private readonly kept = new Map<string, Kept>();
  private readonly timeoutMs: number;
  private readonly max: number;
  private readonly retryAfterMs: number;
  private readonly maxBytes: number;

  constructor(options: AvatarFetchOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.max = options.cacheEntries ?? 500;
    this.retryAfterMs = options.retryAfterMs ?? 60_000;
    this.maxBytes = options.maxBytes ?? 1_000_000;
  }

  /** The card with each row's picture fetched (in parallel), ready for the render thread. */
  async drawn(data: CardData): Promise<DrawnCard> {
    const rows = await Promise.all(
      data.rows.map(async (row): Promise<DrawnRow> => {
        const url = row.avatar?.url ?? null;
        if (!row.avatar || url === null) return row;
        return { ...row, avatar: { ...row.avatar, src: await this.src(url) } };
      }),
    );
    return { ...data, rows };
  }

  /** A picture as a PNG data URI at the card's size, or null when it cannot be had now. */
  src(url: string): Promise<string | null> {
    const now = Date.now();
    const hit = this.kept.get(url);
    if (hit && hit.until > now) {
      this.kept.delete(url);
      this.kept.set(url, hit); // most recently used last
      return hit.src;
    }
    const entry: Kept = { src: this.fetched(url), until: Infinity };
    void entry.src.then((src) => {
      if (src === null) entry.until = Date.now() + this.retryAfterMs;
    });
    this.kept.set(url, entry);
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return entry.src;
  }

  private async fetched(url: string): Promise<string | null> {
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) return null;
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > this.maxBytes) return null;
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > this.maxBytes) return null;
      // Loaded on first use, as intake.ts does: libvips would cost every CLI command's start.
      const { default: sharp }: { default: typeof sharpModule } = await import('sharp');
      const png = await sharp(bytes, { limitInputPixels: 4_000_000 })
        .resize(DRAWN, DRAWN, { fit: 'cover' })
        .png()
        .toBuffer();
      return `data:image/png;base64,${png.toString('base64')}`;
    } catch {
      return null; // unreachable, slow, refused, not a picture: the fallback
    }
  }
}
