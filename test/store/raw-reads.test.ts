import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardEntity } from '../../entities/board';
import { createBoard, type BoardInput } from '../../src/pipeline/boards';
import { mintKey } from '../../src/pipeline/keys';
import { addOwner } from '../../src/pipeline/owners';
import { hashSecret } from '../../src/domain/keys';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

/** The hot-path reads bypass the query builder; they must map rows exactly as TypeORM does. */
describe(`raw reads on the request path (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('reads a board by id exactly as the entity mapping does, booleans and time included', async () => {
    const owner = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
    const inputs: Omit<BoardInput, 'ownerId'>[] = [
      { type: 'League', fixedTeams: true, teamSize: 2, windowHours: 999, points: [3, 1, 0] },
      { type: 'ELO', freeForAll: true, kFactor: 40, startRating: 1200, id: 'Ladder ü' },
      { type: 'Time', sort: 'asc', moderatorChannelId: nextSnowflake() },
    ];
    for (const input of inputs) {
      const created = await createBoard(t.ctx, { ownerId: owner, ...input });
      const raw = await t.ctx.repos.boards.byId(owner, created.id);
      const mapped = await t.ctx.repos.db.run((m) =>
        m.findOneByOrFail(BoardEntity, { pk: created.pk }),
      );
      expect(raw).toEqual(mapped);
      expect(raw?.createdAt.getTime()).toBe(created.createdAt.getTime());
    }
    expect(await t.ctx.repos.boards.byId(owner, 'missing')).toBeNull();
  });

  it('finds a usable key by hash with its scopes, and not once revoked', async () => {
    const owner = (await addOwner(t.ctx, `guild:${nextSnowflake()}`)).id;
    const key = await mintKey(t.ctx, { ownerId: owner, type: 'live', access: 'read' });
    const id = Number(key.id.replace('key_', ''));
    const found = await t.ctx.repos.keys.findUsableByHash(hashSecret(key.secret));
    expect(found).toEqual({
      id,
      ownerId: owner,
      type: 'live',
      scopes: ['boards:read', 'entries:read', 'matches:read'],
    });
    await t.ctx.repos.keys.revoke(id, new Date());
    expect(await t.ctx.repos.keys.findUsableByHash(hashSecret(key.secret))).toBeNull();
  });
});
