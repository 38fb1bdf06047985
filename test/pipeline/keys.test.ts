import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TallyError } from '../../src/domain/errors';
import { hashSecret, KEY_FORM } from '../../src/domain/keys';
import { listKeys, mintKey, revokeKey } from '../../src/pipeline/keys';
import { setOwnerAccess } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { newOwner } from '../support/pipeline';

describe(`API keys (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('mints live and test keys of the documented form, with the access level scopes', async () => {
    const owner = await newOwner(t.ctx);
    const live = await mintKey(t.ctx, {
      ownerId: owner,
      type: 'live',
      access: 'read-write',
      label: 'ci',
    });
    const test = await mintKey(t.ctx, { ownerId: owner, type: 'test', access: 'read' });
    expect(live.secret).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(test.secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(KEY_FORM.test(live.secret)).toBe(true);
    expect(live.scopes).toEqual([
      'boards:read',
      'entries:read',
      'matches:read',
      'matches:write',
      'scores:write',
    ]);
    expect(test.scopes).toEqual(['boards:read', 'entries:read', 'matches:read']);
    expect(live.label).toBe('ci');
  });

  it('stores only the SHA-256 of the secret: no column of any key row holds it', async () => {
    const owner = await newOwner(t.ctx);
    const minted = await mintKey(t.ctx, { ownerId: owner, type: 'live', access: 'read' });
    const rows: Record<string, unknown>[] = await t.dataSource.query('SELECT * FROM api_keys');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(minted.secret);
    expect(dump).not.toContain(minted.secret.slice(8, 30));
    expect(dump).toContain(hashSecret(minted.secret));
  });

  it('lists keys without secrets or hashes', async () => {
    const owner = await newOwner(t.ctx);
    const minted = await mintKey(t.ctx, { ownerId: owner, type: 'live', access: 'read' });
    const listed = await listKeys(t.ctx, owner);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(minted.secret);
    expect(JSON.stringify(listed)).not.toContain(hashSecret(minted.secret));
    expect(listed[0]).toMatchObject({
      id: minted.id,
      hint: `sk_live_…${minted.secret.slice(-4)}`,
      revoked_at: null,
    });
  });

  it('allows at most 10 active keys per owner; a revoked key frees a slot', async () => {
    const owner = await newOwner(t.ctx);
    const minted = [];
    for (let i = 0; i < 10; i++)
      minted.push(await mintKey(t.ctx, { ownerId: owner, type: 'test' }));
    await expect(mintKey(t.ctx, { ownerId: owner, type: 'live' })).rejects.toThrow(
      /10 active keys/,
    );
    await revokeKey(t.ctx, minted[0]!.id, 'operator');
    await expect(mintKey(t.ctx, { ownerId: owner, type: 'live' })).resolves.toMatchObject({
      type: 'live',
    });
  });

  it('revoking another owner’s key through an owner-scoped call is not found', async () => {
    const a = await newOwner(t.ctx);
    const b = await newOwner(t.ctx);
    const minted = await mintKey(t.ctx, { ownerId: a, type: 'live' });
    await expect(revokeKey(t.ctx, minted.id, { ownerId: b })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('withdrawal revokes live keys in the same step and blocks minting; open restores minting', async () => {
    const owner = await newOwner(t.ctx);
    await mintKey(t.ctx, { ownerId: owner, type: 'live' });
    await mintKey(t.ctx, { ownerId: owner, type: 'test' });
    const { revokedKeys } = await setOwnerAccess(t.ctx, owner, 'withdraw');
    expect(revokedKeys).toBe(1);
    const keys = await listKeys(t.ctx, owner);
    expect(keys.map((k) => [k.type, k.revoked_at !== null])).toEqual([
      ['live', true],
      ['test', false],
    ]);
    await expect(mintKey(t.ctx, { ownerId: owner, type: 'live' })).rejects.toMatchObject({
      code: 'permission_denied',
    });
    await setOwnerAccess(t.ctx, owner, 'open');
    await expect(mintKey(t.ctx, { ownerId: owner, type: 'live' })).resolves.toBeTruthy();
  });

  it('GIVEN API_ACCESS=approval THEN an owner cannot mint until access is requested and granted', async () => {
    const strict = await createTestContext({ API_ACCESS: 'approval' });
    try {
      const owner = await newOwner(strict.ctx, 'user');
      const attempt = mintKey(strict.ctx, { ownerId: owner, type: 'live' });
      await expect(attempt).rejects.toBeInstanceOf(TallyError);
      await expect(attempt).rejects.toMatchObject({ code: 'permission_denied' });
      const { owner: requested } = await setOwnerAccess(strict.ctx, owner, 'request');
      expect(requested.apiAccess).toBe('requested');
      await expect(mintKey(strict.ctx, { ownerId: owner, type: 'live' })).rejects.toMatchObject({
        code: 'permission_denied',
      });
      await setOwnerAccess(strict.ctx, owner, 'open');
      await expect(mintKey(strict.ctx, { ownerId: owner, type: 'live' })).resolves.toBeTruthy();
    } finally {
      await strict.close();
    }
  });
});
