import { connect, type Socket } from 'node:net';

/**
 * A minimal HTTP/1.1 keep-alive client connection for the open-loop generator: one request at a
 * time, responses framed by Content-Length (or chunked), nothing else. It is far cheaper per
 * request than node:http's Agent, so the generator's own overhead stays out of the latency.
 */
export interface Reply {
  status: number;
  bytes: number;
  /** The body as received (a view of the read buffer; copy it to keep it). */
  body: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

export class RawConnection {
  private readonly socket: Socket;
  private chunks: Buffer[] = [];
  private length = 0;
  private head: { status: number; bodyStart: number; contentLength: number | null } | null = null;
  private pending: ((err: Error | null, reply?: Reply) => void) | null = null;
  busy = false;
  closed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: string, done: (err: Error | null, reply?: Reply) => void): void {
    if (this.closed) return done(new Error('connection closed'));
    this.busy = true;
    this.pending = done;
    this.socket.write(request);
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private fail(err: Error): void {
    this.closed = true;
    const pending = this.pending;
    this.pending = null;
    this.busy = false;
    pending?.(err);
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const buffer = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.length);
    this.chunks = [buffer];
    if (!this.head) {
      const end = buffer.indexOf(HEADER_END);
      if (end < 0) return;
      this.head = parseHead(buffer.toString('latin1', 0, end), end + 4);
    }
    const { status, bodyStart, contentLength } = this.head;
    let complete: number;
    if (contentLength !== null) {
      complete = bodyStart + contentLength;
      if (this.length < complete) return;
    } else {
      const end = buffer.indexOf(CHUNKED_END, bodyStart - 2);
      if (end < 0) return;
      complete = end + CHUNKED_END.length;
    }
    // No pipelining: anything after the response would be a protocol error; drop it.
    this.chunks = [];
    this.length = 0;
    this.head = null;
    const pending = this.pending;
    this.pending = null;
    this.busy = false;
    pending?.(null, { status, bytes: complete, body: buffer.subarray(bodyStart, complete) });
  }
}

function parseHead(
  text: string,
  bodyStart: number,
): { status: number; bodyStart: number; contentLength: number | null } {
  const status = Number(text.slice(9, 12));
  const match = /\r\ncontent-length: *(\d+)/i.exec(text);
  if (match) return { status, bodyStart, contentLength: Number(match[1]) };
  if (/\r\ntransfer-encoding: *chunked/i.test(text))
    return { status, bodyStart, contentLength: null };
  return { status, bodyStart, contentLength: 0 };
}

/** The bytes of one request; Host and keep-alive are HTTP/1.1 defaults made explicit. */
export function serializeRequest(
  host: string,
  req: { method: string; path: string; headers?: Record<string, string>; body?: string },
  extraHeaders: Record<string, string>,
): string {
  const headers = { ...extraHeaders, ...req.headers };
  let head = `${req.method} ${req.path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (req.body !== undefined) {
    head += `Content-Length: ${Buffer.byteLength(req.body)}\r\n\r\n${req.body}`;
    return head;
  }
  return `${head}\r\n`;
}
