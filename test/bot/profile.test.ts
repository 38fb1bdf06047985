import { writeFileSync } from 'node:fs';
import type { APIEmbed } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import type { Renderer } from '../../src/render/types';
import { backendName } from '../support/backends';
import type { OptionValue } from '../support/fake-discord/types';
import { cast } from '../support/cast';
import { startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import { eventually } from '../support/wait';

/**
 * /profile and /versus as members use them, with the real discord.js client: the profile card
 * with its chart uploaded as a PNG (multipart, validated by the fake like every request), the
 * text fallback when no picture can be made, and the head-to-head.
 */
const { server, general, alice, bob, carol, visitor } = cast();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe(`profiles in Discord (${backendName})`, () => {
  let world: DiscordWorld;
  let ladder: Board;
  let scores: Board;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    const ownerId = await world.tally.owner(`guild:${server.id}`);
    ladder = await world.tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    scores = await world.tally.board({ ownerId, type: 'Highscore', name: 'Arcade' });
    const key = await world.tally.key({ ownerId });
    await world.approvedMatch(ladder, key, alice, bob);
    await world.approvedMatch(ladder, key, bob, alice);
    await world.approvedMatch(ladder, key, alice, bob);
    await world.approvedMatch(ladder, key, alice, carol);
  });
  afterAll(async () => {
    await world?.stop();
  });

  const run = (command: string, user = alice, options: Record<string, OptionValue> = {}) =>
    world.run({ user, channelId: general.id, command: [command], options });
  const embedOf = (message: { embeds?: APIEmbed[] }) => message.embeds?.[0];

  it('GIVEN a player with results WHEN they run /profile THEN the card reads rank, record, streak and last matches, with the chart as an uploaded PNG', async () => {
    const { message, ephemeral, token } = await run('profile', alice, { board: ladder.id });
    expect(ephemeral).toBe(false);
    const embed = embedOf(message)!;
    expect(embed.title).toBe('Ali on Ladder');
    const [standing, record, streak] = embed.description!.split('\n');
    expect(standing).toMatch(/^Rank \*\*#1\*\* of 3 · rating \*\*\d+\*\* · peak \d+$/);
    expect(record).toBe('3 won, 0 drawn, 1 lost · 75% won');
    expect(streak).toBe('On a 2-win streak · longest winning streak 2');
    expect(embed.fields?.[0]?.name).toBe('Last matches');
    expect(embed.fields?.[0]?.value.split('\n')).toHaveLength(4);
    expect(embed.fields?.[0]?.value.split('\n')[0]).toMatch(
      /^\*\*W\*\* vs carol \(\+\d+\) · <t:\d+:R>$/,
    );

    // The chart is in the first answer, or (a cold render thread on a busy machine) added to
    // the same message once drawn.
    const file = await eventually(
      () => world.fake.filesOf(message.id)[0],
      'the chart uploaded with the card',
      { timeoutMs: 70_000 },
    );
    const withChart = embedOf(world.fake.replyOf(token)!)!;
    expect(file.filename).toBe('chart.png');
    expect(file.contentType).toBe('image/png');
    expect(file.data.subarray(0, 8)).toEqual(PNG);
    expect(file.data.length).toBeGreaterThan(2_000);
    expect(withChart.image?.url).toBe(file.url);
    const downloaded = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    expect(downloaded.equals(file.data)).toBe(true);
    // PROFILE_SCREENSHOT=path: the chart as a member sees it, to look at.
    if (process.env.PROFILE_SCREENSHOT) writeFileSync(process.env.PROFILE_SCREENSHOT, downloaded);
  }, 90_000);

  it('GIVEN a chart drawn after the 5 s budget WHEN /profile runs THEN the card answers with a sparkline first, and the same message gets the chart once it is drawn', async () => {
    const ctx = world.tally.ctx;
    const real = ctx.render!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    ctx.render = { ...real, chart: async (key, data) => (await held, real.chart(key, data)) };
    try {
      const { message, token } = await run('profile', bob, { board: ladder.id });
      expect(embedOf(message)!.description).toMatch(/\nThis season: [▁▂▃▄▅▆▇█]{3}$/);
      expect(world.fake.filesOf(message.id)).toEqual([]);
      release();
      const file = await eventually(
        () => world.fake.filesOf(message.id)[0],
        'the late chart added to the card',
        { timeoutMs: 70_000 },
      );
      const edited = embedOf(world.fake.replyOf(token)!)!;
      expect(file.filename).toBe('chart.png');
      expect(edited.image?.url).toBe(file.url);
      expect(edited.description).not.toMatch(/This season:/);
      expect(edited.title).toBe('Bobby on Ladder');
    } finally {
      ctx.render = real;
      release();
    }
  }, 90_000);

  it('GIVEN a member in German WHEN they run /profile THEN the card and its chart speak German', async () => {
    const ctx = world.tally.ctx;
    const real = ctx.render!;
    const asked: { language?: string; words?: unknown }[] = [];
    ctx.render = { ...real, chart: (key, data) => (asked.push(data), real.chart(key, data)) };
    try {
      const { message } = await world.run({
        user: alice,
        channelId: general.id,
        command: ['profile'],
        options: { board: ladder.id },
        locale: 'de',
      });
      const embed = embedOf(message)!;
      expect(embed.title).toBe('Ali in Ladder');
      expect(embed.description!.split('\n')[0]).toMatch(
        /^Platz \*\*#1\*\* von 3 · Wertung \*\*\d+\*\* · Bestwert \d+$/,
      );
      expect(embed.fields?.[0]?.name).toBe('Letzte Matches');
      // The picture is asked for in German: its words and the language its dates take.
      expect(asked).toHaveLength(1);
      expect(asked[0]?.language).toBe('de');
      expect(asked[0]?.words).toBeDefined();
      await eventually(() => world.fake.filesOf(message.id)[0], 'the German chart', {
        timeoutMs: 70_000,
      });
    } finally {
      ctx.render = real;
    }
  }, 90_000);

  it('GIVEN the renderer fails WHEN /profile runs THEN the card still answers, with a text sparkline and no file', async () => {
    const ctx = world.tally.ctx;
    const real = ctx.render;
    const broken: Renderer = {
      card: () => Promise.reject(new Error('no fonts')),
      chart: () => Promise.reject(new Error('no fonts')),
      close: async () => undefined,
    };
    ctx.render = broken;
    try {
      const { message } = await run('profile', bob, { board: ladder.id });
      const embed = embedOf(message)!;
      expect(embed.description).toMatch(/\nThis season: [▁▂▃▄▅▆▇█]{3}$/);
      expect(embed.image).toBeUndefined();
      expect(world.fake.filesOf(message.id)).toEqual([]);
    } finally {
      ctx.render = real;
    }
  });

  it('GIVEN someone who never played WHEN /profile asks for them THEN only the asker sees why', async () => {
    const { message, ephemeral } = await run('profile', alice, {
      board: ladder.id,
      player: visitor,
    });
    expect(ephemeral).toBe(true);
    expect(message.content).toBe(`<@${visitor.id}> has not played on **Ladder** yet.`);
  });

  it('GIVEN two players who met WHEN /versus runs THEN it reads their record from the first one’s side', async () => {
    const { message } = await run('versus', bob, { board: ladder.id, opponent: alice });
    const embed = embedOf(message)!;
    expect(embed.title).toBe('Bobby vs Ali on Ladder');
    expect(embed.description).toMatch(
      /^\*\*1\*\* won, \*\*0\*\* drawn, \*\*2\*\* lost in 3 games · −\d+ rating in these games$/,
    );
    expect(embed.fields?.[0]?.value.split('\n')).toHaveLength(3);
  });

  it('GIVEN a score board, the same player twice or strangers WHEN /versus runs THEN the refusal says why', async () => {
    const scoreBoard = await run('versus', alice, { board: scores.id, opponent: bob });
    expect(scoreBoard.ephemeral).toBe(true);
    expect(scoreBoard.message.content).toMatch(/Arcade\*\* is a Highscore board/);
    const self = await run('versus', alice, { board: ladder.id, opponent: alice });
    expect(self.message.content).toMatch(/Pick two different players/);
    const strangers = await run('versus', carol, { board: ladder.id, opponent: visitor });
    expect(strangers.ephemeral).toBe(true);
    expect(strangers.message.content).toBe(
      `<@${carol.id}> and <@${visitor.id}> have not played each other on **Ladder** yet.`,
    );
  });
});
