import { REST, DiscordAPIError } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands';
import { backendName } from '../support/backends';
import { cast, member } from '../support/cast';
import {
  APP,
  MANAGE_SERVER,
  startDiscordWorld,
  TOKEN,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeDiscord } from '../support/fake-discord';
import { commandNodes as nodes, type CommandNode as Node } from '../support/command-tree';

/**
 * Issue 32, its first slice: Tally registers every slash command with Discord's localizations
 * for the languages it ships (es-ES and es-419, pt-BR, de), through the real discord.js client,
 * and the fake Discord refuses a registration Discord would refuse (a name off the pattern or in
 * capitals, an unknown locale, a description too long, two options of one name in a locale). A
 * member leaving a queue reads the answer in their Discord language, English where Tally has
 * none.
 */
const { server: arena, admin, channels } = cast({ channels: ['lobby'] });
const { lobby } = channels;
const SERVED = ['es-ES', 'es-419', 'pt-BR', 'de'];

describe(`slash commands in the member’s language (${backendName})`, () => {
  let world: DiscordWorld;
  let fake: FakeDiscord;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [arena] });
    ({ fake } = world);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** A REST client of discord.js's own, as the bot's, against the fake. */
  const rest = () => new REST({ api: fake.apiUrl, retries: 0 }).setToken(TOKEN);

  it('GIVEN the bot connected THEN every command, option and choice it registered carries Spanish, Portuguese and German', async () => {
    const registered = fake.commands.get('global') as unknown as Node[];
    expect(registered.map((c) => c.name)).toEqual(COMMANDS.commands.map((c) => c.data.name));
    let localized = 0;
    for (const [path, node] of nodes(registered)) {
      expect(Object.keys(node.name_localizations ?? {}).sort(), path).toEqual([...SERVED].sort());
      expect(Object.keys(node.description_localizations ?? {}).sort(), path).toEqual(
        [...SERVED].sort(),
      );
      for (const choice of node.choices ?? []) {
        expect(
          Object.keys(choice.name_localizations ?? {}).sort(),
          `${path} ${choice.name}`,
        ).toEqual([...SERVED].sort());
      }
      localized++;
    }
    expect(localized).toBeGreaterThan(200);
    const leaderboard = registered.find((c) => c.name === 'leaderboard')!;
    expect(leaderboard.name_localizations).toEqual({
      'es-ES': 'clasificación',
      'es-419': 'clasificación',
      'pt-BR': 'classificação',
      de: 'tabelle',
    });
    expect(leaderboard.description).toBe('Show a board’s standings');
    expect(leaderboard.description_localizations?.de).toBe('Die Tabelle einer Rangliste anzeigen');
    const result = nodes(registered).find(([p]) => p === 'match report result')![1];
    expect(result.choices!.map((c) => [c.name, c.name_localizations?.['pt-BR']])).toEqual([
      ['won', 'vitória'],
      ['lost', 'derrota'],
      ['draw', 'empate'],
    ]);
    expect(fake.violations).toEqual([]);
  });

  it('GIVEN the registered set sent again through discord.js THEN the fake takes it, as Discord would', async () => {
    const body = COMMANDS.commands.map((c) => c.data);
    const answer = (await rest().put(Routes.applicationCommands(APP), { body })) as Node[];
    expect(answer).toHaveLength(body.length);
    expect(answer[0]!.name_localizations?.['es-419']).toBe('clasificación');
    expect(fake.violations).toEqual([]);
  });

  it.each<[string, (command: Node) => void, string[], string]>([
    [
      'a localized name with capitals',
      (c) => (c.name_localizations = { de: 'Tabelle' }),
      ['0', 'name_localizations', 'de'],
      'APPLICATION_COMMAND_INVALID_NAME',
    ],
    [
      'a localized name with a space',
      (c) => (c.name_localizations = { 'es-ES': 'tabla nueva' }),
      ['0', 'name_localizations', 'es-ES'],
      'APPLICATION_COMMAND_INVALID_NAME',
    ],
    [
      'a localized name of 33 characters',
      (c) => (c.name_localizations = { 'pt-BR': 'x'.repeat(33) }),
      ['0', 'name_localizations', 'pt-BR'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'a locale Discord does not have (pt-PT)',
      (c) => (c.description_localizations = { 'pt-PT': 'Mostra a classificação' }),
      ['0', 'description_localizations', 'pt-PT'],
      'BASE_TYPE_CHOICES',
    ],
    [
      'a locale in the wrong case (es-es)',
      (c) => (c.name_localizations = { 'es-es': 'tabla' }),
      ['0', 'name_localizations', 'es-es'],
      'BASE_TYPE_CHOICES',
    ],
    [
      'a localized description of 101 characters',
      (c) => (c.description_localizations = { de: 'x'.repeat(101) }),
      ['0', 'description_localizations', 'de'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'an option’s localized name off the pattern',
      (c) => (c.options![0]!.name_localizations = { de: 'rang liste!' }),
      ['0', 'options', '0', 'name_localizations', 'de'],
      'APPLICATION_COMMAND_INVALID_NAME',
    ],
    [
      'two options of one name in German',
      (c) => {
        c.options![0]!.name_localizations = { de: 'saison' };
        c.options![1]!.name_localizations = { de: 'saison' };
      },
      ['0', 'options', '1', 'name_localizations', 'de'],
      'APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS',
    ],
  ])(
    'GIVEN %s THEN the fake refuses the registration: 400 Invalid Form Body naming the field',
    async (_, spoil, at, code) => {
      const body = structuredClone(COMMANDS.commands.map((c) => c.data)) as unknown as Node[];
      spoil(body[0]!); // /leaderboard: board, season
      const error = await rest()
        .put(Routes.applicationCommands(APP), { body })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(error).toBeInstanceOf(DiscordAPIError);
      const refused = error as DiscordAPIError;
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(50035);
      expect(refused.message).toContain('Invalid Form Body');
      const field = at.reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)?.[key],
        (refused.rawError as { errors?: unknown }).errors,
      ) as { _errors?: { code: string }[] } | undefined;
      expect(field?._errors?.map((e) => e.code)).toContain(code);
      expect(fake.takeViolations().join('\n')).toContain(
        'PUT /applications/{application_id}/commands request',
      );
      // Nothing of it was kept: the bot's own registration stands.
      const kept = fake.commands.get('global') as unknown as Node[];
      expect(kept[0]!.name_localizations?.de).toBe('tabelle');
    },
  );

  it('GIVEN two commands of one name in Spanish THEN the fake refuses them too', async () => {
    const body = structuredClone(COMMANDS.commands.map((c) => c.data)) as unknown as Node[];
    body[1]!.name_localizations = { ...body[1]!.name_localizations, 'es-419': 'clasificación' };
    const error = (await rest()
      .put(Routes.applicationCommands(APP), { body })
      .catch((err: unknown) => err)) as DiscordAPIError;
    expect(error.code).toBe(50035);
    expect(JSON.stringify(error.rawError)).toContain('APPLICATION_COMMANDS_DUPLICATE_NAME');
    fake.takeViolations();
  });

  it('GIVEN members in German, Spanish, Portuguese and French leave a queue THEN each reads the answer in their language, French in English', async () => {
    const owner = await world.tally.owner(`guild:${arena.id}`);
    const board = await world.tally.board({ ownerId: owner, type: 'ELO', name: 'Ladder' });
    const opened = await world.run({
      channelId: lobby.id,
      user: admin,
      permissions: MANAGE_SERVER,
      command: ['queue', 'open'],
      options: { board: board.id },
    });
    expect(opened.message.content).toContain('Opened the queue of **Ladder**');
    const leaves = async (locale: string) => {
      const user = world.join(arena, member(`Player ${locale}`));
      await world.run({
        channelId: lobby.id,
        user,
        locale,
        command: ['queue', 'join'],
        options: { board: board.id },
      });
      const left = await world.run({
        channelId: lobby.id,
        user,
        locale,
        command: ['queue', 'leave'],
      });
      expect(left.ephemeral).toBe(true);
      return left.message.content;
    };
    expect(await leaves('de')).toBe(
      'Du hast die Warteschlange von **Ladder** verlassen (0 warten).',
    );
    expect(await leaves('es-419')).toBe('Saliste de la cola de **Ladder** (0 en espera).');
    expect(await leaves('pt-BR')).toBe('Você saiu da fila de **Ladder** (0 aguardando).');
    expect(await leaves('fr')).toBe('You left the queue of **Ladder** (0 waiting).');
    expect(fake.violations).toEqual([]);
  });
});
