import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnerEntity } from '../../entities/owner';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const owner = () => ({
  id: `guild:${nextSnowflake()}`,
  name: 'x',
  apiAccess: 'open' as const,
  createdAt: new Date(),
});

describe(`the database door (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('GIVEN a transaction that fails while another write runs THEN the other write is kept', async () => {
    const db = t.ctx.repos.db;
    const doomed = owner();
    const bystander = owner();
    let inside!: () => void;
    const open = new Promise<void>((resolve) => (inside = resolve));
    const failing = db.transaction(async (tx) => {
      await tx.insert(OwnerEntity, doomed);
      inside();
      await sleep(30); // the other write is sent meanwhile (it may have to wait for this one)
      throw new Error('boom');
    });
    await open;
    const write = t.ctx.repos.owners.insert(bystander);
    await expect(failing).rejects.toThrow('boom');
    await write;
    expect(await t.ctx.repos.owners.get(bystander.id)).not.toBeNull();
    expect(await t.ctx.repos.owners.get(doomed.id)).toBeNull();
  });

  it('GIVEN two transactions at once THEN each commits or rolls back on its own', async () => {
    const db = t.ctx.repos.db;
    const a = owner();
    const b = owner();
    const results = await Promise.allSettled([
      db.transaction(async (tx) => {
        await tx.insert(OwnerEntity, a);
        await sleep(20);
      }),
      db.transaction(async (tx) => {
        await tx.insert(OwnerEntity, b);
        await sleep(10);
        throw new Error('second fails');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await t.ctx.repos.owners.get(a.id)).not.toBeNull();
    expect(await t.ctx.repos.owners.get(b.id)).toBeNull();
  });

  it('GIVEN a repository call inside a transaction without the manager THEN it joins instead of deadlocking', async () => {
    const db = t.ctx.repos.db;
    const a = owner();
    await db.transaction(async (tx) => {
      await tx.insert(OwnerEntity, a);
      // Same async context: joins the running section.
      expect(await t.ctx.repos.owners.get(a.id)).not.toBeUndefined();
    });
    expect(await t.ctx.repos.owners.get(a.id)).not.toBeNull();
  });
});
