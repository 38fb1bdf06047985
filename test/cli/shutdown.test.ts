import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { closeContext, openContext } from '../../src/main';
import { createBoard } from '../../src/pipeline/boards';
import { mintKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import {
  backendName,
  createTestDatabase,
  mysqlServerUrl,
  sqliteFileUrl,
} from '../support/backends';
import { PUBLIC_URL, spawnServe, within, type Served } from '../support/serve';
import { nextSnowflake } from '../support/tally';

/**
 * Issue: graceful shutdown on SIGTERM. `tally serve` stops accepting, finishes the requests in
 * flight and the queue item in hand, and exits 0; nothing accepted is lost.
 */
describe(`SIGTERM on tally serve (${backendName})`, () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let key: string;
  let board: string;

  beforeAll(async () => {
    if (mysqlServerUrl) {
      const db = await createTestDatabase();
      databaseUrl = db.url;
      drop = () => db.drop();
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'tally-shutdown-'));
      databaseUrl = sqliteFileUrl(dir);
      drop = () => rm(dir, { recursive: true, force: true });
    }
    const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
    try {
      const ownerId = (await addOwner(opened.ctx, `guild:${nextSnowflake()}`)).id;
      board = (await createBoard(opened.ctx, { ownerId, type: 'Classic', windowHours: 0 })).id;
      key = (await mintKey(opened.ctx, { ownerId, type: 'live', access: 'read-write' })).secret;
    } finally {
      await closeContext(opened);
    }
  });
  afterAll(() => drop());

  /** Sends a POST whose body arrives in two parts; resolves with the raw response text. */
  function slowPost(served: Served, body: string) {
    const url = new URL(served.url);
    const socket = connect(Number(url.port), url.hostname);
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString('utf8')));
    const done = new Promise<string>((resolve) => socket.on('close', () => resolve(response)));
    const head =
      `POST /v1/boards/${board}/scores HTTP/1.1\r\nHost: ${url.host}\r\n` +
      `Authorization: Bearer ${key}\r\nIdempotency-Key: slow-${nextSnowflake()}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n';
    const half = Math.floor(body.length / 2);
    return {
      connected: new Promise<void>((resolve) => socket.on('connect', resolve)),
      sendFirstHalf: () => socket.write(head + body.slice(0, half)),
      sendRest: () => socket.write(body.slice(half)),
      done,
    };
  }

  it('finishes the request in flight, refuses new connections, and exits 0', async () => {
    const served = await spawnServe(databaseUrl);
    try {
      const post = slowPost(
        served,
        JSON.stringify({ player: { name: 'Ann', custom: true }, score: 7 }),
      );
      await post.connected;
      post.sendFirstHalf();
      await new Promise((r) => setTimeout(r, 200));
      served.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      // Still running: the half-sent request holds it open; new connections are refused.
      expect(served.child.exitCode).toBeNull();
      await expect(fetch(`${served.url}/v1/boards`)).rejects.toThrow();
      post.sendRest();
      const response = await within(10_000, 'the in-flight response', post.done);
      expect(response).toMatch(/^HTTP\/1\.1 20[12] /);
      const how = await within(15_000, 'serve to exit', served.exited);
      expect(how, served.output()).toEqual({ code: 0, signal: null });
    } finally {
      if (served.child.exitCode === null) served.child.kill('SIGKILL');
    }

    // Nothing accepted was lost: after a restart the score is there, applied once.
    const again = await spawnServe(databaseUrl);
    try {
      const deadline = Date.now() + 10_000;
      let entry: { score?: number; submissions?: number } = {};
      while (Date.now() < deadline && entry.score === undefined) {
        const res = await fetch(`${again.url}/v1/boards/${board}/entries/custom:Ann`, {
          headers: { authorization: `Bearer ${key}` },
        });
        if (res.status === 200) entry = (await res.json()) as typeof entry;
        else await new Promise((r) => setTimeout(r, 100));
      }
      expect(entry).toMatchObject({ score: 7, submissions: 1 });
    } finally {
      again.child.kill('SIGTERM');
      await within(10_000, 'serve to exit', again.exited);
    }
  });
});
