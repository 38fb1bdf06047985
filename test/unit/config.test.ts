import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('configuration from the environment', () => {
  it('GIVEN nothing THEN runs on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', path: 'data/tally.sqlite' });
    expect(config.redisUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.apiAccess).toBe('open');
    expect(config.syncWaitMs).toBe(3000);
    expect([config.readPerMinute, config.writePerMinute]).toEqual([600, 60]);
    expect(config.trustProxy).toBe(0);
  });

  it('GIVEN TRUST_PROXY THEN it is the hop count behind proxies; anything else is refused', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY/);
  });

  it('GIVEN a MariaDB URL THEN the database is MySQL with its name', () => {
    const config = loadConfig({
      DATABASE_URL: 'mariadb://root@127.0.0.1:3306/tally',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.database).toEqual({
      kind: 'mysql',
      url: 'mysql://root@127.0.0.1:3306/tally',
      database: 'tally',
    });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('GIVEN several bad values THEN one clear message names each of them', () => {
    let error: unknown;
    try {
      loadConfig({
        DATABASE_URL: 'not a url',
        PORT: '70000',
        API_ACCESS: 'sometimes',
        SYNC_WAIT_MS: '-1',
        REDIS_URL: 'localhost:6379',
        PUBLIC_URL: 'nope',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: not a URL/);
    expect(problems.join('\n')).toMatch(/PORT: PORT must be between 0 and 65535/);
    expect(problems.join('\n')).toMatch(/API_ACCESS: must be "open" or "approval"/);
    expect(problems.join('\n')).toMatch(/SYNC_WAIT_MS/);
    expect(problems.join('\n')).toMatch(/REDIS_URL/);
    expect(problems.join('\n')).toMatch(/PUBLIC_URL/);
  });

  it.each([
    ['postgres://x/y', /unsupported scheme/],
    ['mysql://root@127.0.0.1:3306/', /must name a database/],
    ['sqlite:', /needs a file path/],
  ])('GIVEN DATABASE_URL=%s THEN it is refused', (url, message) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(message);
  });

  it('GIVEN DISCORD_API_URL THEN it is the REST base without a trailing slash; a bad one is refused', () => {
    expect(loadConfig({}).discordApiUrl).toBeUndefined();
    expect(loadConfig({ DISCORD_API_URL: 'http://127.0.0.1:4000/api/' }).discordApiUrl).toBe(
      'http://127.0.0.1:4000/api',
    );
    expect(() => loadConfig({ DISCORD_API_URL: 'ws://127.0.0.1:4000' })).toThrow(/DISCORD_API_URL/);
    expect(() => loadConfig({ DISCORD_API_URL: 'nope' })).toThrow(/DISCORD_API_URL/);
  });

  it('GIVEN DISCORD_SHARDS of DISCORD_SHARD_COUNT THEN this process runs those shards; a shard that cannot exist is refused', () => {
    const shards = (env: Record<string, string>) => loadConfig(env).discordShards;
    expect(shards({})).toBeUndefined();
    expect(shards({ DISCORD_SHARD_COUNT: 'auto' })).toBe('auto');
    expect(shards({ DISCORD_SHARD_COUNT: '3' })).toEqual({ ids: [0, 1, 2], count: 3 });
    expect(shards({ DISCORD_SHARDS: '2-3', DISCORD_SHARD_COUNT: '4' })).toEqual({
      ids: [2, 3],
      count: 4,
    });
    expect(shards({ DISCORD_SHARDS: '5,0-1,1', DISCORD_SHARD_COUNT: '8' })).toEqual({
      ids: [0, 1, 5],
      count: 8,
    });
    expect(() => shards({ DISCORD_SHARDS: '0-1' })).toThrow(/needs DISCORD_SHARD_COUNT/);
    expect(() => shards({ DISCORD_SHARDS: '0-1', DISCORD_SHARD_COUNT: 'auto' })).toThrow(
      /needs DISCORD_SHARD_COUNT/,
    );
    expect(() => shards({ DISCORD_SHARDS: '2-4', DISCORD_SHARD_COUNT: '4' })).toThrow(
      /shard 4 does not exist with DISCORD_SHARD_COUNT=4 \(ids are 0 to 3\)/,
    );
    expect(() => shards({ DISCORD_SHARDS: '3-1', DISCORD_SHARD_COUNT: '4' })).toThrow(/backwards/);
    expect(() => shards({ DISCORD_SHARDS: 'all', DISCORD_SHARD_COUNT: '4' })).toThrow(
      /DISCORD_SHARDS: must list shard ids/,
    );
    expect(() => shards({ DISCORD_SHARD_COUNT: '0' })).toThrow(/DISCORD_SHARD_COUNT/);
  });

  it('GIVEN an empty variable THEN it counts as unset', () => {
    expect(loadConfig({ REDIS_URL: '', PORT: '' }).port).toBe(3000);
  });
});
