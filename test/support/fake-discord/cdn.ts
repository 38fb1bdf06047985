import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeFile } from './attachments';

/**
 * Discord's CDN on the fake's own origin: every file a message was given is served at its `url`
 * (`/attachments/{channel}/{attachment}/{filename}`, as cdn.discordapp.com) and its `proxy_url`
 * (the same under `/media`, as media.discordapp.net), so a test downloads what the bot uploaded.
 * A file stays served after an edit drops it, as a CDN link keeps working for a while.
 */
export class Cdn {
  private readonly files = new Map<string, FakeFile>();

  constructor(private readonly originOf: () => string) {}

  /** `http://127.0.0.1:port`, where the files are served. */
  get origin(): string {
    return this.originOf();
  }

  add(file: FakeFile): void {
    this.files.set(new URL(file.url).pathname, file);
    this.files.set(new URL(file.proxyUrl).pathname, file);
  }

  /** Answers a request for a file's address; false for any other request (REST's, then). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    // A slash command's attachment option is uploaded under ephemeral-attachments (uploads.ts).
    const served = ['/attachments/', '/ephemeral-attachments/'].flatMap((p) => [p, `/media${p}`]);
    if (!served.some((prefix) => path.startsWith(prefix))) return false;
    const file = req.method === 'GET' || req.method === 'HEAD' ? this.files.get(path) : undefined;
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('404: Not Found');
      return true;
    }
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.size) });
    res.end(req.method === 'HEAD' ? undefined : file.data);
    return true;
  }
}
