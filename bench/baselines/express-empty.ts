import { readFileSync } from 'node:fs';
import express from 'express';

/**
 * B1: an Express 5 app with no middleware answering the same body as B0. It is configured as
 * Tally's app is (no ETag, no X-Powered-By, simple query parser), so B1 is the cost of Express
 * itself under Tally's settings; routing is one catch-all handler.
 */
const body = readFileSync(process.env.BENCH_BODY_FILE ?? '', 'utf8');

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.set('query parser', 'simple');
app.use((_req, res) => {
  res.type('application/json').send(body);
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
