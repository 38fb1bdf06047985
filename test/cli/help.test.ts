import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCommands } from '../../src/cli/index';
import { addOwner } from '../../src/pipeline/owners';
import { createBoard } from '../../src/pipeline/boards';
import type { Context } from '../../src/pipeline/context';
import { createTestContext } from '../support/context';
import { nextSnowflake } from '../support/tally';

/**
 * Issue 30: what a newcomer reads from the CLI. The command groups run in process (commander on a
 * program of their own, a context of this run's database), so no tsx start per case; `serve` is
 * defined by src/cli.ts and is checked as a process in readme-first-run.test.ts.
 */
let test: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  test = await createTestContext();
});
afterAll(() => test.close());

/** A `tally` program with every group but serve, on the test's context. */
function program(ctx?: Context): Command {
  const tally = new Command('tally').exitOverride();
  registerCommands({
    program: tally,
    withContext: (run) => (ctx ? run(ctx) : Promise.reject(new Error('no database here'))),
  });
  return tally;
}

/** Every command under `command`, with its path (`roles settings`). */
function* commands(command: Command, path: string[] = []): Generator<[string, Command]> {
  for (const sub of command.commands) {
    const here = [...path, sub.name()];
    yield [here.join(' '), sub];
    yield* commands(sub, here);
  }
}

/** What one command printed on stdout, and what it threw. */
async function run(ctx: Context, args: string[]): Promise<{ stdout: string; error: unknown }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  try {
    await program(ctx).parseAsync(args, { from: 'user' });
    return { stdout: lines.join('\n'), error: null };
  } catch (error) {
    return { stdout: lines.join('\n'), error };
  } finally {
    log.mockRestore();
  }
}

describe('tally --help', () => {
  it('GIVEN every command THEN its --help and its line in the group list have a description', () => {
    const all = [...commands(program())];
    expect(all.map(([path]) => path)).toEqual(
      expect.arrayContaining(['board create', 'roles settings', 'roles list', 'review list']),
    );
    expect(all.filter(([, command]) => command.description() === '').map(([path]) => path)).toEqual(
      [],
    );
    // Help wraps its lines: compare with the spaces folded.
    const fold = (text: string) => text.replace(/\s+/g, ' ');
    for (const [path, command] of all) {
      expect(fold(command.helpInformation()), `tally ${path} --help`).toContain(
        fold(command.description()),
      );
    }
  });
});

describe('the hints a newcomer follows', () => {
  it('GIVEN a bare snowflake THEN review list suggests guild:<id>, the id owner add takes', async () => {
    const snowflake = nextSnowflake();
    const { error } = await run(test.ctx, ['review', 'list', snowflake]);
    expect(String(error)).toContain(
      `an owner id is guild:<snowflake> or user:<snowflake>; for that server use guild:${snowflake} (add it with: tally owner add guild:${snowflake})`,
    );
    expect(String(error)).not.toContain(`tally owner add ${snowflake}`);
    // The hint it gives is one the CLI takes.
    expect((await run(test.ctx, ['owner', 'add', `guild:${snowflake}`])).error).toBeNull();
    expect((await run(test.ctx, ['review', 'list', `guild:${snowflake}`])).stdout).toBe(
      `Nothing is waiting for review on guild:${snowflake}.`,
    );
  });

  it('GIVEN no DISCORD_TOKEN THEN roles add does not promise the bot gives the roles in 30 s', async () => {
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(test.ctx, ownerId);
    const board = await createBoard(test.ctx, { ownerId, type: 'ELO', windowHours: 0 });
    const addRole = (ctx: Context, top: number) =>
      run(ctx, `roles add ${ownerId} ${board.id} ${nextSnowflake()} --top ${top}`.split(' '));
    const added = await addRole(test.ctx, 3);
    expect(added.error).toBeNull();
    expect(added.stdout).toBe(
      `Rank roles of ${board.id}: 1; the Discord bot gives them within 30 s of running (\`tally serve\` with DISCORD_TOKEN set, which is not set here).`,
    );
    const withBot = { ...test.ctx, config: { ...test.ctx.config, discordToken: 'token' } };
    const again = await addRole(withBot, 5);
    expect(again.stdout).toBe(`Rank roles of ${board.id}: 2; the bot gives them within 30 s.`);
  });

  it('GIVEN a board with a review window THEN board create says how its results get applied', async () => {
    const ownerId = `guild:${nextSnowflake()}`;
    await addOwner(test.ctx, ownerId);
    const reviewed = await run(test.ctx, [
      'board',
      'create',
      ownerId,
      '--type',
      'ELO',
      '--id',
      'r',
    ]);
    expect(reviewed.stdout.split('\n')[1]).toBe(
      `Its results wait for a moderator for 24 h, then expire unapplied: \`tally review list ${ownerId}\` and \`tally review approve <handle>\` (or /review in Discord) apply them; \`--window 0\` makes a board that applies them at once.`,
    );
    const direct = await run(test.ctx, [
      'board',
      'create',
      ownerId,
      '--type',
      'ELO',
      '--window',
      '0',
    ]);
    expect(direct.stdout.split('\n')).toHaveLength(1);
  });
});
