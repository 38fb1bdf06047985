import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** B0: bare node:http answering every request with the same JSON body (a captured entries page). */
const body = readFileSync(process.env.BENCH_BODY_FILE ?? '', { encoding: null });
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Length': String(body.length),
};

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
