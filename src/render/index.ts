import { AvatarPictures, type AvatarFetchOptions } from './avatars';
import { RenderCache } from './cache';
import type { RenderJob } from './draw';
import { drawnGallery } from './gallery-tiles';
import { DEFAULT_THREADS, inlineDrawer, poolDrawer } from './pool';
import type { CardData, ChartData, GalleryCardData, InLanguage } from './types';
import { wordsOf } from './words';

export { chartSvg, type ChartOptions } from './chart-svg';
export type {
  CardAvatar,
  CardData,
  CardRow,
  ChartData,
  ChartPoint,
  GalleryCardData,
  GalleryTile,
  InLanguage,
  PictureWords,
} from './types';

export interface RendererOptions {
  /** Worker threads; 0 draws on the calling thread (tools, measuring). Default 1. */
  threads?: number;
  /** PNGs kept by key (LRU); default 100 (a card is ~70 KB, a chart ~35 KB). 0 keeps none. */
  cacheEntries?: number;
  /** The cards' avatars: fetch timeout and cache (avatars.ts). */
  avatars?: AvatarFetchOptions;
}

export interface RenderStats {
  /** Renders started (cache misses). */
  renders: number;
  /** Requests answered from the cache or from a render already under way. */
  hits: number;
}

/**
 * Pictures for chat and link previews (issue 14 item 3). Each method resolves to a PNG, or
 * rejects with an Error so the caller can fall back to text. The same `key` gives the cached
 * PNG (the same Buffer: do not modify it); the key must change when the data does.
 */
export interface Renderer {
  /** The leaderboard card, 1200×630. */
  card(key: string, data: CardData): Promise<Buffer>;
  /** The history chart, 1200×600. */
  chart(key: string, data: ChartData): Promise<Buffer>;
  /** A contest's card, 1200×630: its top entries' pictures. */
  gallery(key: string, data: GalleryCardData): Promise<Buffer>;
  stats(): RenderStats;
  close(): Promise<void>;
}

export function createRenderer(options: RendererOptions = {}): Renderer {
  const threads = options.threads ?? DEFAULT_THREADS;
  const drawer = threads > 0 ? poolDrawer({ threads }) : inlineDrawer();
  const cache = new RenderCache(options.cacheEntries ?? 100);
  const stats: RenderStats = { renders: 0, hits: 0 };
  const avatars = new AvatarPictures(options.avatars);

  /**
   * `job` is made only on a miss (a gallery's pictures are cut to their frames then). The key
   * names the picture's language too, whatever the caller's key says: a German picture is never
   * the answer to an English request.
   */
  const render = (
    kind: RenderJob['kind'],
    key: string,
    data: InLanguage,
    job: () => Promise<RenderJob>,
  ) => {
    const { png, hit } = cache.get(`${kind}:${wordsOf(data).language}:${key}`, async () => {
      stats.renders++;
      return drawer.draw(await job());
    });
    if (hit) stats.hits++;
    return png;
  };
  return {
    // Avatars are fetched on a miss, here, so the render thread does no I/O of its own.
    card: (key, data) =>
      render('card', key, data, async () => ({ kind: 'card', data: await avatars.drawn(data) })),
    chart: (key, data) => render('chart', key, data, async () => ({ kind: 'chart', data })),
    gallery: (key, data) =>
      render('gallery', key, data, async () => ({
        kind: 'gallery',
        data: await drawnGallery(data),
      })),
    stats: () => ({ ...stats }),
    close: async () => {
      cache.clear();
      await drawer.close();
    },
  };
}
