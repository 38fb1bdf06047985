import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OwnerEntity } from '../../entities/owner';
import { GroupCommit } from '../../src/store/group-commit';
import { backendName, describeWhen, mysqlServerUrl } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';
import { eventually } from '../support/wait';

const owner = () => ({
  id: `guild:${nextSnowflake()}`,
  name: 'x',
  apiAccess: 'open' as const,
  createdAt: new Date(),
});

/**
 * Writes queued together commit together (src/store/group-commit.ts): each call is still all
 * or nothing on its own, resolves only once committed, and sees the calls before it.
 */
describe(`group commit (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  let group: GroupCommit;
  beforeAll(async () => {
    t = await createTestContext();
    group = new GroupCommit(t.ctx.repos.db);
  });
  afterAll(() => t.close());
  const exists = async (id: string) => (await t.ctx.repos.owners.get(id)) !== null;

  it('GIVEN writes made in one turn THEN one transaction commits them all, in order (on SQLite)', async () => {
    const owners = [owner(), owner(), owner()];
    const transactions = vi.spyOn(t.ctx.repos.db, 'transaction');
    const seen: boolean[] = [];
    try {
      await Promise.all(
        owners.map((o, i) =>
          group.transaction(async (tx) => {
            // Each call sees what the calls before it wrote.
            if (i > 0)
              seen.push((await tx.findOneBy(OwnerEntity, { id: owners[i - 1]!.id })) !== null);
            await tx.insert(OwnerEntity, o);
          }),
        ),
      );
      expect(transactions).toHaveBeenCalledTimes(t.ctx.repos.db.dialect === 'sqlite' ? 1 : 3);
    } finally {
      transactions.mockRestore();
    }
    // On MariaDB each is a transaction of its own, running side by side.
    if (t.ctx.repos.db.dialect === 'sqlite') expect(seen).toEqual([true, true]);
    for (const o of owners) expect(await exists(o.id)).toBe(true);
  });

  it('GIVEN one write of a group that throws THEN it alone is undone and gets its error; the others commit', async () => {
    const [a, doomed, c] = [owner(), owner(), owner()];
    const results = await Promise.allSettled([
      group.transaction((tx) => tx.insert(OwnerEntity, a)),
      group.transaction(async (tx) => {
        await tx.insert(OwnerEntity, doomed);
        throw new Error('boom');
      }),
      group.transaction((tx) => tx.insert(OwnerEntity, c)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('boom'));
    expect([await exists(a.id), await exists(doomed.id), await exists(c.id)]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('GIVEN a write whose statement fails (a duplicate key) THEN the group goes on without it', async () => {
    const taken = owner();
    await t.ctx.repos.owners.insert(taken);
    const fresh = owner();
    const results = await Promise.allSettled([
      group.transaction((tx) => tx.insert(OwnerEntity, { ...taken })),
      group.transaction((tx) => tx.insert(OwnerEntity, fresh)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await exists(fresh.id)).toBe(true);
  });

  it('GIVEN a write queued from inside a running transaction THEN it joins that transaction instead of waiting for it', async () => {
    const inner = owner();
    const outer = owner();
    await t.ctx.repos.db.transaction(async (tx) => {
      await tx.insert(OwnerEntity, outer);
      await group.transaction((joined) => joined.insert(OwnerEntity, inner));
    });
    expect([await exists(outer.id), await exists(inner.id)]).toEqual([true, true]);
  });

  it('GIVEN more writes than one group takes THEN every one of them commits', async () => {
    const owners = Array.from({ length: 150 }, owner);
    await Promise.all(owners.map((o) => group.transaction((tx) => tx.insert(OwnerEntity, o))));
    const stored = await t.ctx.repos.db.run((m) => m.countBy(OwnerEntity, {}));
    expect(stored).toBeGreaterThanOrEqual(150);
    for (const o of owners.slice(-3)) expect(await exists(o.id)).toBe(true);
  });

  describeWhen(Boolean(mysqlServerUrl))('GIVEN MariaDB', () => {
    it('GIVEN a queueing transaction chosen as a deadlock victim THEN it runs again and commits once, and its caller never sees the deadlock', async () => {
      const held = [owner(), owner(), owner(), owner()];
      for (const o of held) await t.ctx.repos.db.run((m) => m.insert(OwnerEntity, o));
      // The other side of the deadlock: a transaction that changed several rows (so InnoDB picks
      // the queueing one, which changed one, as its victim) and holds them.
      const other = t.dataSource.createQueryRunner();
      await other.connect();
      await other.startTransaction();
      try {
        for (const o of held)
          await other.query('UPDATE owners SET name = ? WHERE id = ?', ['held', o.id]);
        const mine = owner();
        let tries = 0;
        let inserted!: (connection: number) => void;
        const firstInsert = new Promise<number>((resolve) => (inserted = resolve));
        const queued = t.ctx.repos.submissions.queueTransaction(async (tx) => {
          tries++;
          await tx.insert(OwnerEntity, mine);
          const [{ id }] = (await tx.query('SELECT CONNECTION_ID() AS id')) as [{ id: number }];
          inserted(Number(id));
          // Waits for `other`, which is about to wait for this transaction's new row.
          await tx.query('SELECT name FROM owners WHERE id = ? FOR UPDATE', [held[0]!.id]);
          return tries;
        });
        // Once it waits for `other`'s lock (however long a loaded machine took to get there).
        const connection = await firstInsert;
        const waiting = await eventually(
          async () => {
            const rows: unknown[] = await other.query(
              `SELECT 1 FROM information_schema.INNODB_TRX
               WHERE trx_mysql_thread_id = ? AND trx_state = 'LOCK WAIT'`,
              [connection],
            );
            return rows.length > 0 || undefined;
          },
          'the queueing transaction to wait for the lock',
          // 15 s ran out once in CI, with the MariaDB suite's other files loading both cores.
          { timeoutMs: 30_000 },
        );
        expect(waiting).toBe(true);
        // Blocks on the new row until InnoDB rolls the victim back, then finds nothing.
        const seenByOther: unknown[] = await other.query(
          'SELECT id FROM owners WHERE id = ? FOR UPDATE',
          [mine.id],
        );
        expect(seenByOther).toEqual([]);
        await other.commitTransaction();
        expect(await queued).toBe(2);
        expect(await exists(mine.id)).toBe(true);
      } finally {
        if (other.isTransactionActive) await other.rollbackTransaction();
        await other.release();
      }
    }, 60_000);
  });
});
