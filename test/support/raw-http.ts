import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/api/app';
import { KeyAuthenticator } from '../../src/api/auth';
import { MemoryTokenBuckets } from '../../src/api/limits/memory-buckets';
import type { Context } from '../../src/pipeline/context';

/** An answer with its header lines as sent, in order (fetch's Headers sort and merge them). */
export interface RawAnswer {
  status: number;
  /** [name, value] as on the wire, in order. */
  lines: [string, string][];
  text: string;
}

/** One request over a fresh connection, answered as the server wrote it. */
export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const lines: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          lines.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, lines, text: Buffer.concat(chunks).toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The header lines without those that differ between two answers for reasons of their own. */
export const linesWithout = (answer: RawAnswer, names: ReadonlySet<string>) =>
  answer.lines.filter(([name]) => !names.has(name.toLowerCase()));

/** The first value of a header, by name in any case. */
export const headerOf = (answer: RawAnswer, name: string): string | undefined =>
  answer.lines.find(([n]) => n.toLowerCase() === name)?.[1];

/**
 * The same API over `ctx` in a server of its own that reads everything from the database (no
 * read caches): what a cached server must answer byte for byte.
 */
export async function serveUncached(
  ctx: Context,
): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp({
    ctx,
    authenticator: new KeyAuthenticator(ctx),
    buckets: new MemoryTokenBuckets(),
    cacheReads: false,
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
