import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLocale } from '../../src/bot/server-locale';
import { serverLanguageOf } from '../../src/pipeline/server-language';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import { pollUntil } from '../support/wait';

/**
 * The server's language end to end (issue 32; the real discord.js client against the fake
 * Discord): a server whose language on Discord is German gets German posts with nothing set; an
 * admin's `/setup language` switches them (the reply says so in the new language) and `auto`
 * goes back to Discord's, which follows a change on Discord (GUILD_UPDATE); a member without
 * Manage Server is refused and nothing changes. Posts are read as Discord received them.
 */
/** A server whose language on Discord is German, with a #log; each test has its own. */
const germanServer = () => {
  const s = cast({ channels: ['log'] });
  s.server.preferredLocale = 'de';
  return { ...s, ...s.channels };
};
type Server = ReturnType<typeof germanServer>;
const [plain, guarded, picking, moving] = [1, 2, 3, 4].map(germanServer) as [
  Server,
  Server,
  Server,
  Server,
];
const paris = cast({ name: 'Paris' });
paris.server.preferredLocale = 'fr';
const rio = cast({ name: 'Rio' });
rio.server.preferredLocale = 'pt-BR';

describe(`the server's language (${backendName})`, () => {
  let world: DiscordWorld;

  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [plain, guarded, picking, moving, paris, rio].map((g) => g.server),
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** The bot's lines in a server's #log as Discord received them, once there are `n`. */
  const linesIn = (s: Server, n: number) =>
    world.fake.waitFor(
      () => {
        const posted = world.fake.requests
          .filter(
            (r) =>
              r.method === 'POST' &&
              r.path === `/channels/${s.log.id}/messages` &&
              r.status === 200,
          )
          .map((r) => (r.body as { content: string }).content);
        return posted.length >= n ? posted : undefined;
      },
      PATIENCE_MS,
      `${n} lines in #log`,
    );
  const setLanguage = (
    s: Server,
    language: string,
    permissions = MANAGE_SERVER,
    locale = 'en-US',
  ) =>
    world.run({
      ...s.inGeneral(s.admin, permissions),
      locale,
      command: ['setup'],
      options: { language },
    });
  /** The server's workspace, made by a first board, and its audit channel: German line 0. */
  async function prepared(s: Server) {
    const created = await world.run({
      ...s.inGeneral(s.admin, MANAGE_SERVER),
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Ladder' },
    });
    expect(created.ephemeral).toBe(false);
    await world.run({
      ...s.inGeneral(s.admin, MANAGE_SERVER),
      command: ['audit', 'channel'],
      options: { channel: { channelId: s.log.id } },
    });
    expect(await linesIn(s, 1)).toEqual([
      `📋 <@${s.admin.id}> hat <#${s.log.id}> als Audit-Kanal dieses Servers festgelegt`,
    ]);
    return `guild:${s.server.id}`;
  }

  it('GIVEN a server whose Discord language is German THEN its posts speak German with nothing set', async () => {
    await prepared(plain);
    expect(await serverLocale(world.tally.ctx, plain.server.id)).toBe('de');
  });

  it('GIVEN a server whose first command makes its workspace without a board THEN its language on Discord is kept from that first command', async () => {
    const asked = await world.run({
      ...rio.inGeneral(rio.admin, MANAGE_SERVER),
      command: ['api', 'access'],
      options: { action: 'request' },
    });
    expect(asked.ephemeral).toBe(true);
    expect(await serverLocale(world.tally.ctx, rio.server.id)).toBe('pt-BR');
  });

  it('GIVEN a member without Manage Server THEN /setup language is refused and nothing changes', async () => {
    const ownerId = await prepared(guarded);
    const refused = await setLanguage(guarded, 'pt-BR', '0', 'pt-BR');
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain('Gerenciar servidor');
    expect((await serverLanguageOf(world.tally.ctx, ownerId)).picked).toBeNull();
    expect(await serverLocale(world.tally.ctx, guarded.server.id)).toBe('de');
  });

  it('GIVEN an admin picks Brazilian Portuguese THEN the reply and the posts switch to it, and auto goes back to Discord’s', async () => {
    const berlin = picking;
    const ownerId = await prepared(berlin);
    const picked = await setLanguage(berlin, 'pt-BR');
    expect(picked.ephemeral).toBe(true);
    expect(picked.message.content).toBe(
      'A partir de agora, o Tally publica em português (Brasil) neste servidor: revisões, confirmações, rankings ao vivo, anúncios de temporada e linhas de auditoria. As respostas que só um membro vê continuam no idioma do Discord de cada um.',
    );
    expect((await linesIn(berlin, 2))[1]).toBe(
      `🌐 <@${berlin.admin.id}> mudou o idioma em que o Tally publica neste servidor para português (Brasil)`,
    );
    expect(await serverLocale(world.tally.ctx, berlin.server.id)).toBe('pt-BR');

    const again = await setLanguage(berlin, 'pt-BR', MANAGE_SERVER, 'es-ES');
    expect(again.message.content).toBe(
      'O Tally já publica em português (Brasil) neste servidor; nada foi alterado.',
    );

    const spanish = await setLanguage(berlin, 'es');
    expect(spanish.message.content).toMatch(
      /^Desde ahora, Tally publica en español en este servidor/,
    );
    expect((await linesIn(berlin, 3))[2]).toBe(
      `🌐 <@${berlin.admin.id}> cambió el idioma en que Tally publica en este servidor a español`,
    );

    const auto = await setLanguage(berlin, 'auto');
    expect(auto.message.content).toBe(
      'Tally folgt ab jetzt der Sprache dieses Servers auf Discord und postet auf Deutsch. Antworten, die nur ein Mitglied sieht, bleiben in dessen Discord-Sprache.',
    );
    expect((await linesIn(berlin, 4))[3]).toBe(
      `🌐 <@${berlin.admin.id}> lässt Tally der Sprache dieses Servers auf Discord folgen (Deutsch)`,
    );
    expect(await serverLanguageOf(world.tally.ctx, ownerId)).toEqual({
      picked: null,
      discordLocale: 'de',
      locale: 'de',
    });
  });

  it('GIVEN the server’s language changes on Discord THEN Tally follows it (GUILD_UPDATE); an unshipped one reads English', async () => {
    const berlin = moving;
    await prepared(berlin);
    world.fake.updateGuild(berlin.server.id, { preferredLocale: 'es-419' });
    await pollUntil(
      () => serverLocale(world.tally.ctx, berlin.server.id),
      (locale) => locale === 'es-419',
      { timeoutMs: PATIENCE_MS },
    );
    await world.run({
      ...berlin.inGeneral(berlin.admin, MANAGE_SERVER),
      command: ['audit', 'off'],
    });
    expect((await linesIn(berlin, 2))[1]).toBe(
      `📋 <@${berlin.admin.id}> desactivó el canal de auditoría de este servidor`,
    );

    // Paris is in French on Discord, which Tally does not ship: English.
    const created = await world.run({
      ...paris.inGeneral(paris.admin, MANAGE_SERVER),
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Échelle' },
    });
    expect(created.ephemeral).toBe(false);
    expect(await serverLocale(world.tally.ctx, paris.server.id)).toBe('fr');
    const auto = await world.run({
      ...paris.inGeneral(paris.admin, MANAGE_SERVER),
      locale: 'de',
      command: ['setup'],
      options: { language: 'auto' },
    });
    expect(auto.message.content).toBe(
      'Tally already follows this server’s language on Discord (English); nothing was changed.',
    );
  });
});
