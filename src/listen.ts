import { once } from 'node:events';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { ServerResponse } from 'node:http';
import { StartupError, type Config } from './config';

export interface Bound {
  server: Server;
  /** The port the server really bound (PORT=0 picks a free one). */
  port: number;
  /** Hands every request, including those that arrived while Tally was starting, to `app`. */
  serve(app: RequestListener): void;
}

/**
 * Binds HOST:PORT before anything else starts, so a taken port is reported at once and the
 * public URL can carry the port really bound. Requests that arrive before the app is ready wait
 * for it instead of being dropped.
 */
export async function bind(config: Pick<Config, 'host' | 'port'>): Promise<Bound> {
  const server = createServer();
  const early: [IncomingMessage, ServerResponse][] = [];
  const hold = (req: IncomingMessage, res: ServerResponse) => void early.push([req, res]);
  server.on('request', hold);
  server.listen(config.port, config.host);
  try {
    await once(server, 'listening');
  } catch (err) {
    throw listenError(err, config);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    port,
    serve(app) {
      server.off('request', hold);
      server.on('request', app);
      for (const [req, res] of early.splice(0)) app(req, res);
    },
  };
}

function listenError(err: unknown, { host, port }: Pick<Config, 'host' | 'port'>): unknown {
  const code = (err as { code?: string }).code;
  const at = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(
        'PORT',
        `${at} is already in use (another Tally?); stop that process or set PORT to a free port (PORT=0 picks one)`,
      );
    case 'EACCES':
      return new StartupError(
        'PORT',
        `binding ${at} needs privileges this process lacks; set PORT to 1024 or above`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        'HOST',
        `${host} is not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its addresses`,
      );
    default:
      return err;
  }
}
