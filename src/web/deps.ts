import type { CardData, ChartData, GalleryCardData } from '../render/types';
import type { Links } from './links';

/**
 * What the pages need of the picture renderer (src/render's Renderer has this shape): PNG bytes
 * for a card, a contest's card or a chart, cached by the renderer under `key`.
 */
export interface PageRenderer {
  card(key: string, data: CardData): Promise<Buffer>;
  chart(key: string, data: ChartData): Promise<Buffer>;
  /** A contest's card: its top entries' thumbnails. */
  gallery(key: string, data: GalleryCardData): Promise<Buffer>;
}

/** What every page handler is given besides the context. */
export interface PageDeps {
  links: Links;
  /** null: no pictures (the pages then name no og:image and the picture URLs answer 503). */
  renderer: PageRenderer | null;
  /** How long a picture may take before its request is answered 503. */
  renderTimeoutMs: number;
}
