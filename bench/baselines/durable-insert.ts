import express from 'express';
import { loadConfig } from '../../src/config';
import { createDataSource } from '../../src/store/data-source';
import { Database } from '../../src/store/database';

/**
 * The write floor (issue 31): per POST, one durable INSERT and COMMIT into a table of its own,
 * answered 201. It goes through Tally's own door to the database, so the driver and every setting
 * are Tally's by construction: src/store/data-source.ts (better-sqlite3 with WAL,
 * synchronous=NORMAL, busy_timeout and BEGIN IMMEDIATE; or mysql2 with the same pool on the same
 * MariaDB server, whose innodb_flush_log_at_trx_commit applies to both), src/store/database.ts
 * (one transaction at a time on SQLite) and, on SQLite, the WAL checkpoints in a thread of their
 * own as `tally serve` runs them. Express is configured as Tally's app and B1 are.
 */
const { database } = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  PORT: process.env.PORT,
});
const sqlite = database.kind === 'sqlite';
const dataSource = createDataSource(database, []);
await dataSource.initialize();
const db = new Database(dataSource);
// A fresh table each run: the bench's boards are left alone and the table never grows.
await dataSource.query('DROP TABLE IF EXISTS bench_floor');
await dataSource.query(
  sqlite
    ? 'CREATE TABLE bench_floor (id INTEGER PRIMARY KEY AUTOINCREMENT, payload TEXT NOT NULL, created_at TEXT NOT NULL)'
    : 'CREATE TABLE bench_floor (id BIGINT AUTO_INCREMENT PRIMARY KEY, payload TEXT NOT NULL, created_at DATETIME(3) NOT NULL) ENGINE=InnoDB',
);
db.checkpointInBackground();

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.set('query parser', 'simple');
app.use(express.json());
app.post(/.*/, async (req, res) => {
  const payload = JSON.stringify(req.body);
  const now = sqlite ? new Date().toISOString() : new Date();
  await db.transaction((tx) =>
    tx.query('INSERT INTO bench_floor (payload, created_at) VALUES (?, ?)', [payload, now]),
  );
  res.status(201).type('application/json').send('{"applied":true}');
});
app.get('/', (_req, res) => {
  res.type('text/plain').send('ok');
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => void db.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
