import { connect } from 'node:net';

/**
 * HTTP/1.1 over a bare socket, so a test can send what fetch and node:http refuse to: repeated
 * headers, a CR or LF inside a value, any method token, any request-target. One connection per
 * request (Connection: close); every request is bounded in time.
 */
export interface RawRequest {
  method: string;
  /** The request-target exactly as sent, e.g. `/v1/boards/%zz?limit=0`. */
  target: string;
  /** Sent in order, repeats allowed; values are written byte for byte (UTF-8). */
  headers?: [string, string][];
  body?: string | Buffer;
  /** Adds Content-Length for the body unless the headers carry one (default true). */
  contentLength?: boolean;
}

export interface RawResponse {
  status: number;
  /** Lower-case names; a repeated header is an array. */
  headers: Record<string, string | string[]>;
  /** Everything received (head and body) as latin1 text, for "is this byte sequence in it". */
  raw: string;
  text: string;
  /** The body parsed as JSON, or undefined. */
  body: unknown;
}

const TIMEOUT_MS = 15_000;

export function headerOf(res: RawResponse, name: string): string | undefined {
  const value = res.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

export function sendRaw(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body =
    request.body === undefined
      ? Buffer.alloc(0)
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headers = [...(request.headers ?? [])];
  const hasLength = headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
  if (request.body !== undefined && request.contentLength !== false && !hasLength) {
    headers.push(['Content-Length', String(body.length)]);
  }
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
    'Connection: close\r\n\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no complete answer within ${TIMEOUT_MS} ms to ${request.method} ${request.target.slice(0, 200)}`,
        ),
      );
    }, TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      try {
        resolve(parseResponse(data, request.method));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    socket.on('connect', () => {
      socket.write(Buffer.concat([Buffer.from(head, 'utf8'), body]));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', finish);
    // The server may answer and close before reading a large body (EPIPE / ECONNRESET).
    socket.on('error', () => {
      if (chunks.length > 0) finish();
      else {
        clearTimeout(timer);
        reject(
          new Error(
            `connection failed before any answer: ${request.method} ${request.target.slice(0, 200)}`,
          ),
        );
      }
    });
  });
}

function parseResponse(data: Buffer, method: string): RawResponse {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0)
    throw new Error(
      `not an HTTP response: ${JSON.stringify(data.toString('latin1').slice(0, 300))}`,
    );
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!status?.[1]) throw new Error(`bad status line: ${JSON.stringify(lines[0])}`);
  const headers: Record<string, string | string[]> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const prior = headers[name];
    headers[name] = prior === undefined ? value : [prior, value].flat();
  }
  let bodyBytes = data.subarray(end + 4);
  if (method === 'HEAD') bodyBytes = Buffer.alloc(0);
  else if (/chunked/i.test(String(headers['transfer-encoding'] ?? '')))
    bodyBytes = dechunk(bodyBytes);
  else if (typeof headers['content-length'] === 'string') {
    bodyBytes = bodyBytes.subarray(0, Number(headers['content-length']));
  }
  const text = bodyBytes.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: Number(status[1]), headers, raw: data.toString('latin1'), text, body };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
