import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { TallyError } from '../domain/errors';
import { log } from '../log';
import { problemOf } from './problem';

interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** The request line's path, if Node got that far; a problem's `instance` (spec 2.11). */
function instanceOf(err: ClientError): string {
  const line = err.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
  const target = /^[A-Z]+ (\/[!-~]*) HTTP\/1\.[01]$/.exec(line)?.[1];
  return (target?.split('?')[0] ?? '/').slice(0, 2048);
}

/**
 * Requests Node's HTTP parser refuses (a CR or LF inside a header value, a head over the size
 * limit, a malformed request line) never reach Express, and Node would answer a bare 400 without a
 * body. They get the same Problem document as every other failure (spec 7), and never an echo of
 * a header. Timeouts and resets keep Node's behaviour.
 */
export function clientErrorHandler(publicUrl: string) {
  return (err: ClientError, socket: Duplex): void => {
    // Never write into a response already under way on this connection (Node's own rule).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n', () =>
        socket.destroy(),
      );
      return;
    }
    const requestId = `req_${randomUUID()}`;
    const detail =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 'The request head (request line and headers) is too large'
        : 'The request is not valid HTTP/1.1 (for example a CR or LF inside a header value)';
    const error = new TallyError('invalid_request', detail, { status: 400 });
    const body = JSON.stringify(
      problemOf(error, instanceOf(err), requestId, `${publicUrl}/errors`),
    );
    log.info('unparseable request', { requestId, code: err.code });
    socket.end(
      'HTTP/1.1 400 Bad Request\r\n' +
        `X-Request-Id: ${requestId}\r\n` +
        'X-API-Lifecycle: beta\r\n' +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  };
}
