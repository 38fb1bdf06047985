import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Metrics } from '../../src/api/operability';
import { Scheduler } from '../../src/pipeline/scheduler';
import { backendName } from '../support/backends';
import { createTestContext } from '../support/context';
import { at, dailyJob, T0 } from '../support/scheduled-job';
import { startTestTally, type TestTally } from '../support/tally';

/**
 * Issue 30, metrics dashboard: the two series the dashboard needs beyond the API's own, the
 * Discord REST errors the bot meets and the scheduler's lag, move when they should.
 */
const sample = (text: string, name: string, labels = '') =>
  Number(
    new RegExp(`^${name}${labels ? `\\{${labels}\\}` : ''} (\\S+)$`, 'm').exec(text)?.[1] ??
      Number.NaN,
  );

describe(`metrics fed by the bot and the scheduler (${backendName})`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Starts Tally with its bot on `apiUrl`; its count of `status` once it reaches `least`. */
  async function discordErrors(apiUrl: string, status: string, least: number) {
    const tally: TestTally = await startTestTally(
      { DISCORD_TOKEN: 'a-token', DISCORD_API_URL: apiUrl },
      { discord: { loginRetryMs: 20 } },
    );
    cleanups.push(() => tally.stop());
    const deadline = Date.now() + 10_000;
    let counted = Number.NaN;
    while (!(counted >= least) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      const { text } = await tally.request('GET', '/metrics');
      counted = sample(text, 'tally_discord_errors_total', `status="${status}"`);
    }
    return counted;
  }

  it('GIVEN Discord refusing the bot token THEN tally_discord_errors_total counts the 401s', async () => {
    // A Discord that answers every call with 401, as it does a revoked token.
    let calls = 0;
    const discord: Server = createServer((_req, res) => {
      calls++;
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: '401: Unauthorized', code: 0 }));
    });
    await new Promise<void>((resolve) => discord.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => discord.close(resolve)));
    const { port } = discord.address() as AddressInfo;
    const counted = await discordErrors(`http://127.0.0.1:${port}/api`, '401', 2);
    // Every refused call, login retries included; nothing counted that Discord did not answer so.
    expect(counted).toBeGreaterThanOrEqual(2);
    expect(counted).toBeLessThanOrEqual(calls);
  });

  it('GIVEN Discord not answering at all THEN the calls count as status "network"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there now
    const counted = await discordErrors(`http://127.0.0.1:${port}/api`, 'network', 1);
    expect(counted).toBeGreaterThanOrEqual(1);
  });

  it('GIVEN a step due 90 s ago THEN tally_scheduler_lag_seconds is 90, and 0 once it is taken', async () => {
    const test = await createTestContext();
    cleanups.push(() => test.close());
    const scheduler = new Scheduler(test.ctx, [dailyJob()]);
    const metrics = new Metrics(test.ctx, { schedulerLag: () => scheduler.lagSeconds() });
    const lag = async () => sample(await metrics.registry.metrics(), 'tally_scheduler_lag_seconds');

    test.setNow(new Date(T0.getTime() - 1000));
    await test.ctx.repos.schedules.plan('test-daily', 'lag', T0);
    expect(await lag()).toBe(0); // planned, not yet due

    test.setNow(new Date(T0.getTime() + 90_000));
    expect(await lag()).toBe(90);
    // Steps of jobs this scheduler does not run are another process's to take, not its lag.
    await test.ctx.repos.schedules.plan('someone-elses', 'lag', at(-1));
    expect(await lag()).toBe(90);

    expect(await scheduler.tick()).toBe(1);
    expect(await lag()).toBe(0); // the next step is due tomorrow
  });
});
