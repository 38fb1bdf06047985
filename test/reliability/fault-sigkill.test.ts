import { createConnection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { IdempotencyRecordEntity } from '../../entities/idempotency-record';
import { IDEMPOTENCY_LEASE_MS } from '../../src/pipeline/idempotency';
import { within } from '../support/serve';
import {
  auditScores,
  call,
  drained,
  expectClassicTotals,
  seed,
  sleep,
  withContext,
  type Accepted,
  type Reply,
  type ScoreSent,
} from './support/harness';
import { usePrivateStack } from './support/private-stack';

/**
 * `tally serve` SIGKILLed under write load and started again on the same (private) MariaDB.
 * test/pipeline/crash.test.ts kills at each named stage of one write; here the kill lands among
 * many writes in flight.
 */
describe('tally serve SIGKILLed under write load (private MariaDB + Redis)', () => {
  const stack = usePrivateStack();
  const SYNC_WAIT_MS = 300;
  const serve = (databaseUrl: string) =>
    stack.serve(databaseUrl, { SYNC_WAIT_MS: String(SYNC_WAIT_MS) });

  it('GIVEN a SIGKILL among writes in flight THEN after a restart every 202 ends applied or pending review exactly once, and every unanswered key replays its committed write or executes once, a 409 only while the dead request’s lease runs', async () => {
    const databaseUrl = await stack.mariadb.createDatabase();
    const s = await seed(databaseUrl, {
      auto: { type: 'Classic', windowHours: 0 },
      moderated: { type: 'Classic', windowHours: 24 },
    });
    const first = await serve(databaseUrl);
    const accepted: Accepted[] = [];
    const unanswered: ScoreSent[] = [];
    let n = 0;
    let killed = false;

    const writer = async () => {
      while (!killed) {
        const i = n++;
        const sent: ScoreSent = {
          idempotencyKey: `kill-${i}`,
          board: i % 4 === 0 ? 'moderated' : 'auto',
          player: ['Ann', 'Bob', 'Cy'][i % 3]!,
          score: (i % 13) + 1,
        };
        const reply = await call(
          first.url,
          'POST',
          `/v1/boards/${s.boards[sent.board]!.id}/scores`,
          {
            key: s.key,
            idempotencyKey: sent.idempotencyKey,
            body: { player: { name: sent.player, custom: true }, score: sent.score },
            timeoutMs: 10_000,
          },
        );
        if (reply instanceof Error) {
          unanswered.push(sent);
          return; // the process is gone
        }
        expect([201, 202], reply.text).toContain(reply.status);
        accepted.push({
          idempotencyKey: sent.idempotencyKey,
          handle: String(reply.body?.handle),
          boardPk: s.boards[sent.board]!.pk,
          player: sent.player,
          score: sent.score,
        });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, writer));
    const deadline = Date.now() + 20_000;
    while (accepted.length < 60 && Date.now() < deadline) await sleep(50);
    expect(accepted.length).toBeGreaterThanOrEqual(60);

    // Make sure the kill lands mid-write: with the queue table locked, every write in flight waits
    // to insert its handle (and its key's record with it), as a slow database would leave it.
    const locker = await createConnection(databaseUrl);
    await locker.query('LOCK TABLES submissions WRITE');
    await sleep(700);
    first.child.kill('SIGKILL');
    killed = true;
    await within(10_000, 'the killed process to exit', first.exited);
    await locker.query('UNLOCK TABLES');
    await locker.end();
    await within(15_000, 'the writers to see the kill', load);
    expect(unanswered.length, 'no write was in flight at the kill').toBeGreaterThan(0);

    // What the kill left: a record for each unanswered write whose submission committed (the two
    // commit together), none for the others; no key is held by a request that died.
    const records = await withContext(databaseUrl, (ctx) =>
      ctx.repos.db.run((m) => m.findBy(IdempotencyRecordEntity, { ownerId: s.ownerId })),
    );
    const recordOf = new Map(records.map((c) => [c.idempotencyKey, c]));
    expect(records.filter((r) => r.state !== 'done')).toEqual([]);
    const committed = unanswered.filter((u) => recordOf.has(u.idempotencyKey));

    const second = await serve(databaseUrl);
    const outcome = { replayed: 0, executedFresh: 0, inFlight: 0 };
    // A key whose write committed but was not answered is in flight (409 Retry-After: 1) until
    // the dead request's lease ran out (spec 4.11.4), never longer: then its stored 202.
    const leaseOver = Date.now() + SYNC_WAIT_MS + IDEMPOTENCY_LEASE_MS + 5000;
    await Promise.all(
      unanswered.map(async (sent) => {
        let reply: Reply | Error;
        for (;;) {
          reply = await call(second.url, 'POST', `/v1/boards/${s.boards[sent.board]!.id}/scores`, {
            key: s.key,
            idempotencyKey: sent.idempotencyKey,
            body: { player: { name: sent.player, custom: true }, score: sent.score },
            timeoutMs: 10_000,
          });
          if (reply instanceof Error || reply.status !== 409) break;
          expect(reply.headers.get('retry-after'), reply.text).toBe('1');
          expect(recordOf.has(sent.idempotencyKey), sent.idempotencyKey).toBe(true);
          expect(Date.now(), `${sent.idempotencyKey} still held`).toBeLessThan(leaseOver);
          outcome.inFlight++;
          await sleep(1000);
        }
        expect(reply, `${sent.idempotencyKey} got no answer`).not.toBeInstanceOf(Error);
        const r = reply as Reply;
        expect([201, 202], r.text).toContain(r.status);
        if (r.headers.get('idempotent-replayed') === 'true') {
          expect(recordOf.get(sent.idempotencyKey)?.state, sent.idempotencyKey).toBe('done');
          outcome.replayed++;
        } else {
          expect(recordOf.has(sent.idempotencyKey), sent.idempotencyKey).toBe(false);
          outcome.executedFresh++;
        }
        accepted.push({
          idempotencyKey: sent.idempotencyKey,
          handle: String(r.body?.handle),
          boardPk: s.boards[sent.board]!.pk,
          player: sent.player,
          score: sent.score,
        });
      }),
    );
    expect(outcome.replayed).toBe(committed.length);

    const rows = await drained(databaseUrl, s.ownerId, 20_000);
    const ends = auditScores(rows, accepted);
    expect(ends.failed).toBe(0);
    expectClassicTotals(rows, accepted, s.boards.auto!.pk);
    expectClassicTotals(rows, accepted, s.boards.moderated!.pk);
    // Every submission was scored on its first claim: nothing was applied twice and then undone.
    expect(rows.submissions.filter((x) => x.attempts !== 1).map((x) => x.id)).toEqual([]);
    console.log(
      `[fault] SIGKILL under write load: ${accepted.length - unanswered.length} answered 2xx before the kill, ` +
        `${unanswered.length} unanswered (${committed.length} of them committed); after restart: ` +
        `${outcome.replayed} replays (${outcome.inFlight} × 409 before), ${outcome.executedFresh} executed once, fresh; ` +
        `${accepted.length} writes accounted for (${ends.approved} approved, ${ends.pending_review} pending review), nothing lost or doubled`,
    );
  }, 150_000);
});
