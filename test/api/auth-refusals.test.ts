import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeyAuthenticator } from '../../src/api/auth';
import { hashSecret } from '../../src/domain/keys';
import { mintKey, revokeKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

/**
 * Issue 6: a refused key must not say why it was refused, not by its answer and not by the work
 * done for it. Every well-formed key, whatever it is, costs one SHA-256 of the whole secret and
 * one indexed lookup of that hash: no lookup by a prefix, no comparison of secrets in JS, no
 * early return for an unknown key. (bench/auth-timing.ts measures the latencies over HTTP.)
 */
describe(`key verification does the same work for every refused key (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('GIVEN an unknown key, a wrong secret with a live key’s prefix and a revoked key THEN each is one hash lookup and refused alike', async () => {
    const owner = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
    const live = await mintKey(t.ctx, { ownerId: owner, type: 'live', access: 'read' });
    const revoked = await mintKey(t.ctx, { ownerId: owner, type: 'live', access: 'read' });
    await revokeKey(t.ctx, revoked.id, 'operator');
    const last = live.secret.slice(-1);
    const wrong = live.secret.slice(0, -1) + (last === 'a' ? 'b' : 'a');
    const unknown = `sk_live_${'Q'.repeat(live.secret.length - 8)}`;

    const lookup = vi.spyOn(t.ctx.repos.keys, 'findUsableByHash');
    const authenticator = new KeyAuthenticator(t.ctx);
    for (const secret of [unknown, wrong, revoked.secret]) {
      lookup.mockClear();
      expect(await authenticator.authenticate(secret)).toBeNull();
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(lookup).toHaveBeenCalledWith(hashSecret(secret));
    }

    // The control: the live key's own secret passes through the very same lookup.
    lookup.mockClear();
    const principal = await authenticator.authenticate(live.secret);
    expect(principal).toMatchObject({ ownerId: owner, type: 'live' });
    expect(lookup).toHaveBeenCalledWith(hashSecret(live.secret));
    lookup.mockRestore();
  });
});
