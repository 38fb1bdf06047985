import { expect } from 'vitest';
import { BoardEntity } from '../../../entities/board';
import { EntryEntity } from '../../../entities/entry';
import { IdempotencyRecordEntity } from '../../../entities/idempotency-record';
import { MatchEntity } from '../../../entities/match';
import { ScoreEntity } from '../../../entities/score';
import { SubmissionEntity } from '../../../entities/submission';
import { loadConfig } from '../../../src/config';
import { closeContext, openContext } from '../../../src/main';
import { createBoard, type BoardInput } from '../../../src/pipeline/boards';
import type { Context } from '../../../src/pipeline/context';
import { mintKey } from '../../../src/pipeline/keys';
import { addOwner } from '../../../src/pipeline/owners';
import { PUBLIC_URL } from '../../support/serve';
import { nextSnowflake } from '../../support/tally';

/** What every reliability test needs: a seeded database, a bounded client, and an audit. */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withContext<T>(
  databaseUrl: string,
  run: (ctx: Context) => Promise<T>,
): Promise<T> {
  const opened = await openContext(loadConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL }));
  try {
    return await run(opened.ctx);
  } finally {
    await closeContext(opened);
  }
}

export interface Seeded {
  ownerId: string;
  key: string;
  boards: Record<string, { id: string; pk: number }>;
}

/** An owner, one read-write key and the named boards (migrating the database first). */
export function seed(
  databaseUrl: string,
  boards: Record<string, Omit<BoardInput, 'ownerId'>>,
): Promise<Seeded> {
  return withContext(databaseUrl, async (ctx) => {
    const ownerId = (await addOwner(ctx, `guild:${nextSnowflake()}`)).id;
    const made: Seeded['boards'] = {};
    for (const [name, input] of Object.entries(boards)) {
      const b = await createBoard(ctx, { ...input, ownerId });
      made[name] = { id: b.id, pk: b.pk };
    }
    const key = await mintKey(ctx, { ownerId, type: 'live', access: 'read-write' });
    return { ownerId, key: key.secret, boards: made };
  });
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown> | undefined;
  ms: number;
}

/** One HTTP exchange, bounded: a network failure or the time limit resolves to an Error. */
export async function call(
  base: string,
  method: string,
  path: string,
  init: { key?: string; idempotencyKey?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply | Error> {
  const headers: Record<string, string> = {};
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      body,
      ms: performance.now() - started,
    };
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * A 500 as the spec wants it during an outage: application/problem+json with code
 * internal_error, never an HTML page.
 */
export function expectInternalError(reply: Reply): void {
  expect(reply.status, reply.text).toBe(500);
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ status: 500, code: 'internal_error' });
  expect(reply.text).not.toMatch(/<html|<!DOCTYPE/i);
}

export interface ScoreSent {
  idempotencyKey: string;
  board: string;
  player: string;
  score: number;
}

/**
 * Posts (or re-posts) one score until it is accepted, honouring 409 Retry-After and retrying
 * 500s and dropped connections with the same Idempotency-Key, for at most `budgetMs`.
 */
export async function postUntilAccepted(
  base: () => string,
  key: string,
  boardId: string,
  sent: ScoreSent,
  budgetMs: number,
  seen: { conflicts: number; failures: number; replays: number } = {
    conflicts: 0,
    failures: 0,
    replays: 0,
  },
): Promise<Reply> {
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const reply = await call(base(), 'POST', `/v1/boards/${boardId}/scores`, {
      key,
      idempotencyKey: sent.idempotencyKey,
      body: { player: { name: sent.player, custom: true }, score: sent.score },
    });
    if (!(reply instanceof Error) && (reply.status === 201 || reply.status === 202)) {
      if (reply.headers.get('idempotent-replayed') === 'true') seen.replays++;
      return reply;
    }
    if (!(reply instanceof Error) && reply.status === 409) {
      expect(reply.headers.get('retry-after'), reply.text).toBe('1');
      seen.conflicts++;
    } else if (!(reply instanceof Error) && reply.status !== 500) {
      throw new Error(`unexpected ${reply.status} for ${sent.idempotencyKey}: ${reply.text}`);
    } else {
      seen.failures++;
    }
    if (Date.now() > deadline) {
      throw new Error(`${sent.idempotencyKey} still not accepted after ${budgetMs} ms`);
    }
    await sleep(reply instanceof Error || reply.status !== 409 ? 250 : 1000);
  }
}

/** Every row that shows a lost or doubled write, for the owner's boards. */
export function loadRows(databaseUrl: string, ownerId: string) {
  return withContext(databaseUrl, (ctx) =>
    ctx.repos.db.run(async (m) => {
      const boards = await m.findBy(BoardEntity, { ownerId });
      const pks = new Set(boards.map((b) => b.pk));
      const mine = <T extends { boardPk: number }>(rows: T[]) =>
        rows.filter((r) => pks.has(r.boardPk));
      return {
        submissions: await m.find(SubmissionEntity, {
          where: { ownerId },
          order: { id: 'ASC' },
        }),
        scores: mine(await m.find(ScoreEntity, { order: { pk: 'ASC' } })),
        matches: mine(await m.find(MatchEntity, { order: { pk: 'ASC' } })),
        entries: mine(await m.find(EntryEntity)),
        records: await m.findBy(IdempotencyRecordEntity, { ownerId }),
      };
    }),
  );
}

export type Rows = Awaited<ReturnType<typeof loadRows>>;

/** Waits until nothing of the owner is queued or processing any more. */
export async function drained(databaseUrl: string, ownerId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await loadRows(databaseUrl, ownerId);
    const open = rows.submissions.filter((s) => s.status === 'queued' || s.status === 'processing');
    if (open.length === 0) return rows;
    if (Date.now() > deadline) {
      throw new Error(`${open.length} submissions still queued after ${timeoutMs} ms`);
    }
    await sleep(250);
  }
}

export interface Accepted {
  idempotencyKey: string;
  handle: string;
  boardPk: number;
  player: string;
  score: number;
}

/**
 * The audit: every accepted write's handle exists exactly once, with exactly one score row, and
 * ends approved, pending review, or failed with a reason; no other submission exists; every
 * Idempotency-Key names its one submission. Returns the tally of end states.
 */
export function auditScores(rows: Rows, accepted: Accepted[]) {
  const byHandle = new Map(accepted.map((a) => [a.handle, a]));
  expect(byHandle.size, 'two accepted writes share a handle').toBe(accepted.length);
  expect(rows.submissions.map((s) => `sub_${s.id}`).sort()).toEqual([...byHandle.keys()].sort());
  const scoreOf = new Map<number, number>();
  for (const score of rows.scores) {
    expect(scoreOf.has(score.submissionId!), `two scores for sub_${score.submissionId}`).toBe(
      false,
    );
    scoreOf.set(score.submissionId!, score.pk);
  }
  const ends = { approved: 0, pending_review: 0, failed: 0 };
  for (const s of rows.submissions) {
    const a = byHandle.get(`sub_${s.id}`)!;
    expect(s.boardPk).toBe(a.boardPk);
    expect(s.payload).toMatchObject({ score: a.score });
    if (s.status === 'failed') {
      expect(s.failureReason, `sub_${s.id} failed without a reason`).toBeTruthy();
      expect(scoreOf.has(s.id)).toBe(false);
    } else {
      expect(['approved', 'pending_review'], `sub_${s.id}`).toContain(s.status);
      expect(scoreOf.get(s.id), `sub_${s.id} has no score row`).toBe(s.scorePk);
    }
    ends[s.status as keyof typeof ends]++;
  }
  const recordOf = new Map(rows.records.map((r) => [r.idempotencyKey, r]));
  for (const a of accepted) {
    expect(recordOf.get(a.idempotencyKey), a.idempotencyKey).toMatchObject({
      state: 'done',
      submissionId: Number(a.handle.slice(4)),
    });
  }
  return ends;
}

/** Classic (sum) standings computed from the accepted writes that were applied. */
export function expectClassicTotals(rows: Rows, accepted: Accepted[], boardPk: number): void {
  const approved = new Set(
    rows.submissions.filter((s) => s.status === 'approved').map((s) => `sub_${s.id}`),
  );
  const expected = new Map<string, { score: number; submissions: number }>();
  for (const a of accepted) {
    if (a.boardPk !== boardPk || !approved.has(a.handle)) continue;
    const id = `custom:${a.player}`;
    const e = expected.get(id) ?? { score: 0, submissions: 0 };
    expected.set(id, { score: e.score + a.score, submissions: e.submissions + 1 });
  }
  const actual = rows.entries
    .filter((e) => e.boardPk === boardPk)
    .map((e) => [e.playerId, { score: Number(e.score), submissions: e.submissions }] as const);
  expect(new Map(actual)).toEqual(expected);
}
