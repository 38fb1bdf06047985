import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import {
  lines,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';

/**
 * The admin commands in the member's language and their posts in the server's (issue 32), end to
 * end with the real discord.js client: a German server whose admins read Tally in Portuguese,
 * Spanish, German and French. Replies (and refusals) speak each member's Discord language
 * (French: English); season announcements and audit lines speak the server's, German from
 * Discord until an admin picks Spanish. Read as Discord received them.
 */
/** A German server with #news and #log; each test that reads the audit has its own. */
const germanServer = () => {
  const s = cast({ channels: ['news', 'log'] });
  s.server.preferredLocale = 'de';
  return { ...s, ...s.channels };
};
const bern = germanServer();
const zurich = germanServer();

describe(`admin commands in the member’s and the server’s language (${backendName})`, () => {
  let world: DiscordWorld;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [bern.server, zurich.server] });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** A member of `server` in its #general, in `locale`, with Manage Server unless said. */
  const asIn = (
    server: typeof bern,
    user: FakeMember,
    locale: string,
    permissions = MANAGE_SERVER,
  ) => ({ user, locale, permissions, channelId: server.general.id });
  const as = (user: FakeMember, locale: string, permissions = MANAGE_SERVER) =>
    asIn(bern, user, locale, permissions);
  /** The n-th message posted in a channel (the fake keeps them in posting order). */
  const postedIn = (channelId: string, n: number) =>
    world.fake.waitFor(
      () => [...world.fake.messages.values()].filter((m) => m.channel_id === channelId)[n],
      PATIENCE_MS,
      `message ${n + 1} in #${channelId}`,
    );
  const line = async (n: number) => (await postedIn(bern.log.id, n)).content;

  it('GIVEN a German server THEN a season speaks each member’s language in replies and German in its posts, then Spanish once picked', async () => {
    const created = await world.run({
      ...as(bern.admin, 'de'),
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Leiter' },
    });
    const boardId = /board_\d+/.exec(created.message.content)![0];
    await world.run({
      ...as(bern.admin, 'de'),
      command: ['audit', 'channel'],
      options: { channel: { channelId: bern.log.id } },
    });
    expect(await line(0)).toBe(
      `📋 <@${bern.admin.id}> hat <#${bern.log.id}> als Audit-Kanal dieses Servers festgelegt`,
    );

    const started = await world.run({
      ...as(bern.admin, 'pt-BR'),
      command: ['season', 'start'],
      options: { board: boardId, days: 7, reset: 'soft', channel: { channelId: bern.news.id } },
    });
    const ends = /<t:(\d+):F>/.exec(started.message.content)![1];
    expect(started.message.content).toBe(
      `A **Temporada 1** de **Leiter** começou. Ela termina em <t:${ends}:F> (<t:${ends}:R>). No fim, o ranking final é arquivado e os ratings se aproximam 50% de 1000. Anunciada em <#${bern.news.id}>.`,
    );
    const start = await postedIn(bern.news.id, 0);
    expect(start.embeds[0]?.title).toBe('🏁 Saison 1 hat begonnen');
    expect(lines(start)).toEqual([
      '**Leiter** startet eine neue Saison.',
      `Sie endet am <t:${ends}:F> (<t:${ends}:R>).`,
      'Am Ende wird die Abschlusstabelle dauerhaft gespeichert und die Wertungen rücken um 50 % an 1000 heran.',
    ]);
    expect(start.components?.[0]).toMatchObject({ components: [{ label: 'Tabelle' }] });
    expect(await line(1)).toBe(
      `▶️ <@${bern.admin.id}> hat Saison 1 von **Leiter** gestartet (endet <t:${ends}:f>; am Ende: die Wertungen rücken um 50 % an 1000 heran)`,
    );

    // A second start is refused, in each member's language; French reads English.
    const twice = (locale: string) =>
      world.run({
        ...as(bern.admin, locale),
        command: ['season', 'start'],
        options: { board: boardId },
      });
    const spanish = await twice('es-ES');
    expect(spanish.ephemeral).toBe(true);
    expect(spanish.message.content).toContain('La temporada 1 está en curso hasta el ');
    expect(spanish.message.content).toContain('termínala primero (/season end o tally season end)');
    expect((await twice('fr')).message.content).toContain('Season 1 is running until ');
    const tooLong = await world.run({
      ...as(bern.admin, 'de'),
      command: ['season', 'start'],
      options: { board: boardId, days: 7, ends: '2099-01-01' },
    });
    expect(tooLong.message.content).toContain(
      'gib eine Länge in Tagen oder ein Enddatum an, nicht beides',
    );

    const picked = await world.run({
      ...as(bern.admin, 'de'),
      command: ['setup'],
      options: { language: 'es' },
    });
    expect(picked.message.content).toMatch(/^Desde ahora, Tally publica en español/);
    expect(await line(2)).toBe(
      `🌐 <@${bern.admin.id}> cambió el idioma en que Tally publica en este servidor a español`,
    );

    const ended = await world.run({
      ...as(bern.admin, 'de'),
      command: ['season', 'end'],
      options: { board: boardId },
    });
    expect(ended.message.content).toBe(
      `**Saison 1** von **Leiter** ist zu Ende: Die Abschlusstabelle ist archiviert (\`/leaderboard board:${boardId} season:1\`) und die Rangliste beginnt von vorn (die Wertungen rücken um 50 % an 1000 heran).`,
    );
    expect(await line(3)).toBe(
      `🏁 <@${bern.admin.id}> terminó la Temporada 1 de **Leiter**: tabla final archivada, el elo se acerca un 50 % a 1000`,
    );
    const end = await postedIn(bern.news.id, 1);
    expect(end.embeds[0]?.title).toBe('🏆 Terminó la Temporada 1');
    expect(lines(end)).toEqual([
      'Tabla final de **Leiter**:',
      '',
      'Nadie tuvo resultados.',
      '',
      'La tabla empieza de cero: el elo se acerca un 50 % a 1000.',
    ]);
    expect(end.components?.[0]).toMatchObject({ components: [{ label: 'Tabla final' }] });
  });

  it('GIVEN members in German, Spanish, Portuguese and Japanese THEN /board, /roles, /audit, /api, /setup and /board delete answer each in theirs', async () => {
    await world.run({
      ...asIn(zurich, zurich.admin, 'de'),
      command: ['audit', 'channel'],
      options: { channel: { channelId: zurich.log.id } },
    });
    const created = await world.run({
      ...asIn(zurich, zurich.admin, 'es-ES'),
      command: ['board', 'create'],
      options: { type: 'ELO', name: 'Copa' },
    });
    const boardId = /board_\d+/.exec(created.message.content)![0];
    expect(created.message.content).toBe(`Se creó **Copa** (\`${boardId}\`).`);
    expect(created.message.embeds[0]?.description?.split('\n')[0]).toBe(
      'Tipo **ELO**, gana el valor más alto',
    );

    const info = await world.run({
      ...asIn(zurich, zurich.alice, 'de'),
      command: ['board', 'info'],
      options: { board: boardId },
    });
    expect(info.message.embeds[0]?.description?.split('\n').slice(0, 2)).toEqual([
      'Typ **ELO**, der höchste Wert ist der beste',
      'k 32, Start 1000',
    ]);
    expect(info.message.embeds[0]?.footer?.text).toMatch(/^API: /);

    const roles = await world.run({
      ...asIn(zurich, zurich.alice, 'pt-BR'),
      command: ['roles', 'list'],
      options: { board: boardId },
    });
    expect(roles.message.embeds[0]).toMatchObject({
      title: 'Cargos de rank de Copa',
      description:
        'Nenhum ainda; alguém com Gerenciar servidor adiciona um com `/roles add` ou `/roles top`.',
    });

    const audit = await world.run({
      ...asIn(zurich, zurich.admin, 'es-419'),
      command: ['audit', 'show'],
    });
    expect(audit.ephemeral).toBe(true);
    expect(audit.message.content).toBe(
      `Las líneas de auditoría van a <#${zurich.log.id}> (configurado por <@${zurich.admin.id}>): aprobaciones, rechazos, ajustes, vencimientos, correcciones, inicios y finales de temporada, y claves de API creadas y revocadas.`,
    );

    // The paged lists answer in the member's language too.
    const boards = await world.run({
      ...asIn(zurich, zurich.admin, 'de'),
      command: ['board', 'list'],
    });
    expect(boards.message.embeds[0]?.title).toBe('Ranglisten');
    const keys = await world.run({
      ...asIn(zurich, zurich.admin, 'pt-BR'),
      command: ['api', 'key', 'list'],
    });
    expect(JSON.stringify(keys.message)).not.toContain('API keys');
    expect(JSON.stringify(keys.message)).toMatch(/chave|Chave/);

    const access = await world.run({
      ...asIn(zurich, zurich.admin, 'de'),
      command: ['api', 'access'],
    });
    expect(access.message.content).toBe(
      'Der API-Zugang ist offen: Du kannst mit `/api key create` Schlüssel erstellen.',
    );

    const setup = await world.run({ ...asIn(zurich, zurich.admin, 'es-ES'), command: ['setup'] });
    expect(setup.message.content).toBe(
      '**Configurar Tally** · paso 1 de 4: ¿quién puede aprobar o rechazar los resultados enviados? Elige el rol de moderador u omítelo: los miembros con Gestionar servidor siempre pueden revisar.',
    );

    const asked = await world.run({
      ...asIn(zurich, zurich.admin, 'pt-BR'),
      command: ['board', 'delete'],
      options: { board: boardId },
    });
    expect(asked.message.content.split('\n')[0]).toBe(
      `Excluir **Copa** (\`${boardId}\`) de vez? Vão junto: nada registrado ainda, com o histórico, a fila de revisão, os cargos de rank e as configurações. A página pública e toda leitura pela API respondem 404; as chaves de API continuam valendo para os outros rankings.`,
    );
    const labels = asked.message.components?.[0] as { components: { label: string }[] };
    expect(labels.components.map((b) => b.label)).toEqual(['Excluir', 'Cancelar']);

    // Japanese is not shipped: English.
    const japanese = await world.run({
      ...asIn(zurich, zurich.alice, 'ja'),
      command: ['roles', 'list'],
      options: { board: boardId },
    });
    expect(japanese.message.embeds[0]?.title).toBe('Rank roles of Copa');
  });

  it('GIVEN a use case refuses THEN chat says why in the member’s language, the API keeps English', async () => {
    const created = await world.run({
      ...as(bern.admin, 'en-US'),
      command: ['board', 'create'],
      options: { type: 'Classic', name: 'Speedrun' },
    });
    const boardId = /board_\d+/.exec(created.message.content)![0];
    const decay = (locale: string) =>
      world.run({
        ...as(bern.admin, locale),
        command: ['board', 'decay'],
        options: { board: boardId, amount: 10 },
      });
    const german = await decay('de');
    expect(german.ephemeral).toBe(true);
    expect(german.message.content).toContain(
      `Verfall gibt es nur für ELO-Ranglisten; ${boardId} ist Classic`,
    );
    expect((await decay('pt-BR')).message.content).toContain(
      `o decaimento vale para rankings ELO; ${boardId} é Classic`,
    );
    expect((await decay('fr')).message.content).toContain(
      `decay applies to ELO boards; ${boardId} is Classic`,
    );

    const revoke = await world.run({
      ...as(bern.admin, 'es-419'),
      command: ['api', 'key', 'revoke'],
      options: { key: 'nope' },
    });
    expect(revoke.message.content).toContain(
      'el ID de la clave debe tener la forma key_<n>, se recibió "nope"',
    );

    const notRole = await world.run({
      ...as(bern.admin, 'de'),
      command: ['roles', 'remove'],
      options: { board: boardId, role: { roleId: bern.referees.id } },
    });
    expect(notRole.message.content).toContain(
      `<@&${bern.referees.id}> ist keine Rangrolle von ${boardId}`,
    );
  });
});
