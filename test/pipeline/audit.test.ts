import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/domain/keys';
import { recordAudit, setAuditChannel } from '../../src/pipeline/audit';
import { actorOf, correctionLine, literal } from '../../src/pipeline/audit-lines';
import { mintKey, revokeKey } from '../../src/pipeline/keys';
import { endSeason, startSeason } from '../../src/pipeline/seasons';
import { createBoard } from '../../src/pipeline/boards';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { newOwner } from '../support/pipeline';
import { nextSnowflake } from '../support/tally';

/**
 * The audit outbox (src/pipeline/audit.ts): a line is written in the transaction of the change it
 * describes, so it exists exactly when the change committed, addressed to the channel set then.
 */
describe(`audit lines (${backendName})`, () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const lines = (ownerId: string) => t.ctx.repos.audit.lines(ownerId);
  const withChannel = async () => {
    const ownerId = await newOwner(t.ctx);
    const channelId = nextSnowflake();
    await setAuditChannel(t.ctx, ownerId, channelId, 'cli');
    return { ownerId, channelId };
  };

  it('GIVEN a change that commits THEN its line commits with it; GIVEN one that rolls back THEN neither is left', async () => {
    const { ownerId, channelId } = await withChannel();
    const key = (suffix: string) => ({
      ownerId,
      type: 'live' as const,
      scopes: ['boards:read' as const],
      label: '',
      hash: hashSecret(`sk_live_${suffix}`),
      suffix,
      createdAt: t.ctx.now(),
      revokedAt: null,
    });
    await t.ctx.repos.db.transaction(async (tx) => {
      await t.ctx.repos.keys.insert(key('kept'), tx);
      await recordAudit(t.ctx, tx, ownerId, 'kept');
    });
    await expect(
      t.ctx.repos.db.transaction(async (tx) => {
        await t.ctx.repos.keys.insert(key('gone'), tx);
        await recordAudit(t.ctx, tx, ownerId, 'gone');
        throw new Error('the change fails after its line was written');
      }),
    ).rejects.toThrow('the change fails');
    expect((await t.ctx.repos.keys.listByOwner(ownerId)).map((k) => k.suffix)).toEqual(['kept']);
    expect((await lines(ownerId)).map((l) => [l.line, l.state, l.channelId])).toEqual([
      [
        `📋 the operator (CLI) set this server's audit channel to <#${channelId}>`,
        'pending',
        channelId,
      ],
      ['kept', 'pending', channelId],
    ]);
  });

  it('GIVEN no audit channel THEN a key mint and revoke are recorded as unrouted, never posted', async () => {
    const ownerId = await newOwner(t.ctx);
    const minted = await mintKey(t.ctx, { ownerId, type: 'live', access: 'read', label: 'ci' });
    await revokeKey(t.ctx, minted.id, { ownerId }, `chat:${nextSnowflake()}`);
    // A second revoke changes nothing and says nothing.
    await revokeKey(t.ctx, minted.id, { ownerId });
    const recorded = await lines(ownerId);
    expect(recorded.map((l) => l.state)).toEqual(['unrouted', 'unrouted']);
    expect(recorded[0]!.line).toBe(
      `🔑 the operator (CLI) minted live key ${minted.id} (read) “ci”`,
    );
    expect(recorded[1]!.line).toMatch(/^🔒 <@\d+> revoked live key key_\d+ \(read\) “ci”$/);
    expect(recorded.map((l) => l.line).join('\n')).not.toContain(minted.secret);
  });

  it('GIVEN a refused mint (the key limit) THEN no line is written', async () => {
    const { ownerId } = await withChannel();
    for (let i = 0; i < 10; i++) await mintKey(t.ctx, { ownerId, type: 'test' });
    await expect(mintKey(t.ctx, { ownerId, type: 'test' })).rejects.toThrow(/10 active keys/);
    expect((await lines(ownerId)).filter((l) => l.line.startsWith('🔑'))).toHaveLength(10);
  });

  it('GIVEN a season started and ended THEN each is one line naming who did it and the reset', async () => {
    const { ownerId } = await withChannel();
    const board = await createBoard(t.ctx, { ownerId, type: 'ELO', name: 'Ranked' });
    const admin = nextSnowflake();
    await startSeason(t.ctx, ownerId, board.id, { name: 'Winter' }, `chat:${admin}`);
    await endSeason(t.ctx, ownerId, board.id, `chat:${admin}`);
    const recorded = (await lines(ownerId)).slice(1).map((l) => l.line);
    expect(recorded).toEqual([
      `▶️ <@${admin}> started Season 1 “Winter” on **Ranked** (no end set; at its end ratings reset to 1000)`,
      `🏁 <@${admin}> ended Season 1 “Winter” on **Ranked**: final standings archived, ratings reset to 1000`,
    ]);
  });

  it('GIVEN the channel is turned off THEN that is said in the old channel and later lines stay unposted', async () => {
    const { ownerId, channelId } = await withChannel();
    await setAuditChannel(t.ctx, ownerId, null, 'cli');
    await mintKey(t.ctx, { ownerId, type: 'test' });
    expect((await lines(ownerId)).map((l) => [l.line.slice(0, 40), l.state, l.channelId])).toEqual([
      [expect.stringContaining('set this server'), 'pending', channelId],
      [expect.stringContaining('turned this server'), 'pending', channelId],
      [expect.stringContaining('minted test key'), 'unrouted', null],
    ]);
  });

  it.each([
    ['chat:123456789012345678', '<@123456789012345678>'],
    ['cli', 'the operator (CLI)'],
    ['api', 'the API'],
    ['auto', 'Tally'],
    ['someone*odd*', 'someone\\*odd\\*'],
  ])('GIVEN the actor %s THEN the line names %s', (by, shown) => {
    expect(actorOf(by)).toBe(shown);
  });

  it('GIVEN a name with markdown, a mention or a newline THEN it is shown literally on one line', () => {
    expect(literal('**Big**\n<@&1> [x](y) `c`')).toBe(
      '\\*\\*Big\\*\\* \\<@&1\\> \\[x\\](y) \\`c\\`',
    );
  });

  it('GIVEN a correction THEN its line names who, the board, what changed and why', () => {
    expect(
      correctionLine('chat:42', { displayName: 'Ranked' }, 'Match #12 removed', 'a *typo*'),
    ).toBe('🛠️ <@42> corrected **Ranked**: Match #12 removed: a \\*typo\\*');
  });
});
