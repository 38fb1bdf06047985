import type { Server } from 'node:http';
import { Router, type Express } from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/api/app';
import { KeyAuthenticator } from '../../src/api/auth';
import { MemoryTokenBuckets } from '../../src/api/limits/memory-buckets';
import type { Context } from '../../src/pipeline/context';
import type { CardData, ChartData, GalleryCardData } from '../../src/render/types';
import { boardPages, type BoardPagesOptions, type PageRenderer } from '../../src/web';

/**
 * The app as src/main.ts builds it, on a Tally's context, with the public pages given options a
 * test chooses (a recording renderer, small limits): the same middleware and final handlers.
 */
export interface PagesApp {
  /** The Express app, for settings such as `trust proxy`. */
  app: Express;
  url: string;
  get(path: string, headers?: Record<string, string>): Promise<Page>;
  close(): Promise<void>;
}

export interface Page {
  status: number;
  headers: Headers;
  /** The body as text; a picture's as its size ("60 bytes"). */
  text: string;
  bytes: Buffer;
}

export async function fetchPage(url: string, headers: Record<string, string> = {}): Promise<Page> {
  const res = await fetch(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const image = res.headers.get('content-type')?.startsWith('image/');
  return {
    status: res.status,
    headers: res.headers,
    text: image ? `${bytes.length} bytes` : bytes.toString('utf8'),
    bytes,
  };
}

/**
 * The header a test sends to be a signed-in member (`signedIn`), read by the stand-in for the
 * dashboard's session middleware that `servePages(…, { viewers: true })` puts in front of the
 * pages: it sets `res.locals.viewer` as that middleware will (src/web/viewer.ts).
 */
export const VIEWER_HEADER = 'x-test-viewer';
export const signedIn = (userId: string, guildIds: string[]) => ({
  [VIEWER_HEADER]: JSON.stringify({ userId, guildIds }),
});

function testSessions(): Router {
  const router = Router();
  router.use((req, res, next) => {
    const header = req.get(VIEWER_HEADER);
    if (header !== undefined) {
      const { userId, guildIds } = JSON.parse(header) as { userId: string; guildIds: string[] };
      res.locals.viewer = { userId, guildIds: new Set(guildIds) };
    }
    next();
  });
  return router;
}

export async function servePages(
  ctx: Context,
  options: BoardPagesOptions,
  test: { viewers?: boolean } = {},
): Promise<PagesApp> {
  const app = createApp({
    ctx,
    authenticator: new KeyAuthenticator(ctx),
    buckets: new MemoryTokenBuckets(),
    beside: [...(test.viewers ? [testSessions()] : []), boardPages(ctx, options)],
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    get: (path, headers = {}) => fetchPage(`${url}${path}`, headers),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The 8-byte PNG signature and an IHDR chunk: enough for a client to see a PNG. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d494844520000000100000001080600000000',
  'hex',
);

/** A renderer that records what it was asked for, and fails while `failing` is set. */
export class RecordingRenderer implements PageRenderer {
  readonly calls: {
    kind: 'card' | 'chart' | 'gallery';
    key: string;
    data: CardData | ChartData | GalleryCardData;
  }[] = [];
  failing = false;

  card(key: string, data: CardData): Promise<Buffer> {
    return this.make('card', key, data);
  }
  chart(key: string, data: ChartData): Promise<Buffer> {
    return this.make('chart', key, data);
  }
  gallery(key: string, data: GalleryCardData): Promise<Buffer> {
    return this.make('gallery', key, data);
  }
  private async make(
    kind: RecordingRenderer['calls'][number]['kind'],
    key: string,
    data: RecordingRenderer['calls'][number]['data'],
  ) {
    this.calls.push({ kind, key, data });
    if (this.failing) throw new Error('the renderer is down');
    return PNG_BYTES;
  }
}
