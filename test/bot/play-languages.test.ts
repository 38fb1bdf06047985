import { MessageFlags, type APIMessage } from 'discord-api-types/v10';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { openMatchOfMember } from '../../src/pipeline/queues';
import { backendName } from '../support/backends';
import { cast, member } from '../support/cast';
import {
  buttonsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * Queues and contests in the members' languages and the server's (issue 32), end to end: the real
 * discord.js client against the fake Discord. Each member runs commands and presses buttons with
 * their own Discord locale (pt-BR, es-ES, de, and fr or ja, which Tally does not ship: English)
 * and reads the ephemeral answers in it; what Tally posts for everyone (the queue's message, a
 * match's message, entry posts, the author's DM) speaks the language the server's admins picked
 * (German for one server, Brazilian Portuguese for the other), buttons included. Everything is
 * read as Discord received it.
 */
const berlin = cast({ name: 'Berlin', channels: ['lobby'] });
const saoPaulo = cast({ name: 'São Paulo', channels: ['contest', 'log'] });
const { lobby } = berlin.channels;
const { contest: contestChannel, log } = saoPaulo.channels;

/** A button's labels, in order, as a member sees them. */
const labelsOf = (message: APIMessage) =>
  (message.components ?? []).flatMap((row) =>
    'components' in row
      ? row.components.flatMap((c) => ('label' in c && c.label ? [c.label] : []))
      : [],
  );
const ephemeral = (data: { flags?: number } | undefined) =>
  ((data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;

describe(`queues and contests in the members' and the server's language (${backendName})`, () => {
  let world: DiscordWorld;

  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [berlin.server, saoPaulo.server] });
    for (const [place, language] of [
      [berlin, 'de'],
      [saoPaulo, 'pt-BR'],
    ] as const) {
      await world.tally.owner(`guild:${place.server.id}`);
      const set = await world.run({
        ...place.inGeneral(place.admin, MANAGE_SERVER),
        command: ['setup'],
        options: { language },
      });
      expect(set.ephemeral).toBe(true);
    }
  });
  afterAll(async () => {
    await world?.stop();
  });

  const press = async (message: APIMessage, customId: string, user: FakeMember, locale: string) => {
    const { callback, token } = await world.press(message, customId, { user, locale });
    return { content: callback.data?.content ?? '', ephemeral: ephemeral(callback.data), token };
  };
  const messageWhere = (probe: (m: APIMessage) => boolean, what: string) =>
    world.fake.waitFor(() => [...world.fake.messages.values()].find(probe), PATIENCE_MS, what);

  describe('a queue on a server that speaks German', () => {
    let board: Board;
    const fresh = (name: string) => world.join(berlin.server, member(name));
    const queueRun = (user: FakeMember, locale: string, sub: string, options = {}) =>
      world.run({ channelId: lobby.id, user, locale, command: ['queue', sub], options });

    /** The member's match, once the queue's step formed it, and its ready check's message. */
    const readyCheckOf = async (who: FakeMember) => {
      const { match } = await eventually(
        async () => (await openMatchOfMember(world.tally.ctx, `chat:${who.id}`)) ?? undefined,
        `${who.username}'s match`,
        { timeoutMs: PATIENCE_MS },
      );
      const ready = await messageWhere(
        (m) => buttonsOf(m).includes(`qmatch:ready:${match.pk}`),
        `the ready check of match ${match.pk}`,
      );
      return { matchPk: match.pk, ready };
    };

    /** A fresh ELO board of the server, its queue opened by an admin in `locale`. */
    const openedBoard = async (name: string, locale = 'en-US') => {
      const ownerId = `guild:${berlin.server.id}`;
      const made = await world.tally.board({ ownerId, type: 'ELO', name, windowHours: 0 });
      const opened = await world.run({
        channelId: lobby.id,
        user: berlin.admin,
        permissions: MANAGE_SERVER,
        locale,
        command: ['queue', 'open'],
        options: { board: made.id, channel: { channelId: lobby.id } },
      });
      return { board: made, opened };
    };

    beforeAll(async () => {
      ({ board } = await openedBoard('Ladder'));
    });

    it('GIVEN an admin in pt-BR opens it THEN the answer is Portuguese and the queue’s message, with its buttons, German', async () => {
      const { opened } = await openedBoard('Cup', 'pt-BR');
      expect(opened.ephemeral).toBe(true);
      expect(opened.message.content).toBe(
        `Você abriu a fila de **Cup**. A mensagem de Entrar / Sair é publicada em <#${lobby.id}> em instantes.\n` +
          'O Tally junta os dois jogadores com os ratings mais próximos, com uma margem de ±50 ao entrar que aumenta 25 por minuto até ±400. ' +
          'Os jogadores pareados são marcados para apertar Pronto em até 60 s (quem não aparece sai da fila e os outros voltam para os seus lugares) ' +
          'e depois têm 120 min para reportar o resultado pela mensagem da partida; vale como um /match report.',
      );
      const message = await messageWhere(
        (m) => m.channel_id === lobby.id && m.embeds[0]?.title === 'Warteschlange · Cup',
        'the queue message in German',
      );
      expect(labelsOf(message)).toEqual(['Beitreten', 'Verlassen']);
      expect(message.embeds[0]!.description).toBe(
        '**1v1** · paart die Spieler mit den ähnlichsten Wertungen, anfangs höchstens 50 auseinander, dann pro Minute 25 mehr, bis 400.\n\n' +
          'Niemand wartet. Drück **Beitreten**, um der Erste zu sein.',
      );
      expect(message.embeds[0]!.footer?.text).toBe(
        'Gepaarte Spieler werden erwähnt und haben 60 s, um Bereit zu drücken. Du wartest immer nur in einer Warteschlange.',
      );
    });

    it('GIVEN members in es-ES, fr, de, ja and pt-BR THEN joining, Ready and refusals answer each in their language, and the match’s message is German', async () => {
      const [ana, bea, dora, jun, pia] = [
        fresh('ana'),
        fresh('bea'),
        fresh('dora'),
        fresh('jun'),
        fresh('pia'),
      ];
      const joined = await queueRun(ana, 'es-ES', 'join', { board: board.id });
      expect(joined.ephemeral).toBe(true);
      expect(joined.message.content).toBe(
        'Estás en la cola de **Ladder** (1 en espera). Tu elo es 1000; te emparejan dentro de ±50, un margen que crece cuanto más esperas. ' +
          `Cuando te emparejen, Tally te menciona en <#${lobby.id}> para que pulses Listo.`,
      );
      const again = await queueRun(ana, 'es-ES', 'join', { board: board.id });
      expect(again.message.content).toContain(
        'Ya estás esperando en la cola de Ladder; sal de ella primero (/queue leave o su botón Salir)',
      );
      const second = await queueRun(bea, 'fr', 'join', { board: board.id });
      expect(second.message.content).toMatch(/^You are in the queue of \*\*Ladder\*\* \(/);

      const { matchPk, ready } = await readyCheckOf(ana);
      expect(ready.content).toContain(
        `: Euer Match auf **Ladder** ist bereit. Drückt **Bereit**, bevor die Prüfung endet (<t:`,
      );
      expect(ready.embeds[0]!.title).toBe('Warteschlangen-Match · Ladder');
      expect(ready.embeds[0]!.footer?.text).toBe(
        `Warteschlangen-Match ${matchPk} · Rangliste ${board.id}`,
      );
      expect(ready.embeds[0]!.fields?.map((f) => f.name.replace(/·.*/, '·'))).toEqual([
        'Team 1 ·',
        'Team 2 ·',
      ]);
      expect(labelsOf(ready)).toEqual(['Bereit', 'Kann nicht spielen', 'Abbrechen (Moderation)']);

      const stranger = await press(ready, `qmatch:ready:${matchPk}`, dora, 'de');
      expect(stranger.ephemeral).toBe(true);
      expect(stranger.content).toContain('nur die Spieler dieses Matches können das tun');
      const unshipped = await press(ready, `qmatch:ready:${matchPk}`, jun, 'ja');
      expect(unshipped.content).toContain('only the players of this match can do that');

      const first = await press(ready, `qmatch:ready:${matchPk}`, ana, 'es-ES');
      expect(first.content).toMatch(
        /^Estás listo; la partida empieza cuando todos hayan pulsado Listo \(el plazo vence <t:\d+:R>\)\.$/,
      );
      const twice = await press(ready, `qmatch:ready:${matchPk}`, ana, 'es-ES');
      expect(twice.content).toContain('ya estás listo');
      const last = await press(ready, `qmatch:ready:${matchPk}`, bea, 'fr');
      expect(last.content).toMatch(
        /^Everyone is ready: the match is on\. Report it from its message by <t:\d+:R>\.$/,
      );

      const playing = await messageWhere(
        (m) =>
          buttonsOf(m).includes(`qmatch:won:${matchPk}`) &&
          !buttonsOf(m).includes(`qmatch:ready:${matchPk}`),
        'the match being played',
      );
      expect(playing.content).toMatch(
        /^Alle sind bereit: Spielt euer Match auf \*\*Ladder\*\*! Danach meldet eine Person von euch das Ergebnis mit den Buttons unten \(sie sprechen für eure Seite\), und zwar bis <t:\d+:t> \(<t:\d+:R>\)\. /,
      );
      expect(labelsOf(playing)).toEqual([
        'Ich habe gewonnen',
        'Ich habe verloren',
        'Unentschieden',
        'Abbrechen (Moderation)',
      ]);
      const notMod = await press(playing, `qmatch:cancel:${matchPk}`, pia, 'pt-BR');
      expect(notMod.content).toBe(
        'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem cancelar uma partida; nada foi alterado.',
      );

      const status = await queueRun(ana, 'es-ES', 'status');
      expect(status.message.content).toMatch(
        new RegExp(
          `^No estás esperando en ninguna cola\\.\\nTu partida en \\*\\*Ladder\\*\\* en <#${lobby.id}>: en juego; repórtala \\(el plazo vence <t:\\d+:R>\\)\\.$`,
        ),
      );
      const left = await queueRun(pia, 'de', 'leave');
      expect(left.message.content).toContain(
        'du wartest in keiner Warteschlange; nichts wurde geändert',
      );

      // The report is answered in the channel, as /match report's: in its reporter's Spanish.
      const lost = await world.press(playing, `qmatch:lost:${matchPk}`, {
        user: ana,
        locale: 'es-ES',
      });
      const answer = (await world.editedOriginal(lost.token)).body as { content: string };
      expect(answer.content).toMatch(/^Registrado en \*\*Ladder\*\* y aplicado \(/);
      const reported = await messageWhere(
        (m) =>
          m.embeds[0]?.footer?.text.startsWith(`Warteschlangen-Match ${matchPk} `) === true &&
          m.content.startsWith('Gemeldet von'),
        'the reported match',
      );
      expect(reported.content).toMatch(
        new RegExp(
          `^Gemeldet von <@${ana.id}> als \`[^\`]+\`\\. Es gilt sofort, wie jede Meldung auf dieser Rangliste\\.$`,
        ),
      );
    });

    it('GIVEN a League match WHEN a member in German presses Report score THEN the score form is German, within Discord’s lengths', async () => {
      const ownerId = `guild:${berlin.server.id}`;
      const league = await world.tally.board({
        ownerId,
        type: 'League',
        name: 'Liga',
        windowHours: 0,
      });
      await world.run({
        channelId: lobby.id,
        user: berlin.admin,
        permissions: MANAGE_SERVER,
        command: ['queue', 'open'],
        options: { board: league.id, channel: { channelId: lobby.id } },
      });
      const [kai, lea] = [fresh('kai'), fresh('lea')];
      await queueRun(kai, 'de', 'join', { board: league.id });
      await queueRun(lea, 'de', 'join', { board: league.id });
      const { matchPk, ready } = await readyCheckOf(kai);
      await press(ready, `qmatch:ready:${matchPk}`, kai, 'de');
      await press(ready, `qmatch:ready:${matchPk}`, lea, 'de');
      const playing = await messageWhere(
        (m) => buttonsOf(m).includes(`qmatch:score:${matchPk}`),
        'the League match being played',
      );
      expect(labelsOf(playing)).toEqual(['Ergebnis melden', 'Abbrechen (Moderation)']);
      const { token } = await world.press(playing, `qmatch:score:${matchPk}`, {
        user: kai,
        locale: 'de',
      });
      const modal = world.fake.modals.find((m) => m.token === token)!;
      const form = modal.data as {
        title: string;
        components: { components: { label: string }[] }[];
      };
      expect(form.title).toBe('Ergebnis melden');
      expect(form.components[0]!.components[0]!.label).toBe('Ergebnis, deine Seite zuerst (3-1)');
    });
  });

  describe('a contest on a server that speaks Brazilian Portuguese', () => {
    let board: Board;
    const png = () =>
      sharp({ create: { width: 240, height: 160, channels: 3, background: '#8e44ad' } })
        .png()
        .toBuffer();

    beforeAll(async () => {
      board = await world.tally.board({
        ownerId: `guild:${saoPaulo.server.id}`,
        type: 'Rating',
        name: 'Art Contest',
        moderatorChannelId: saoPaulo.modQueue.id,
        moderatorRoleId: saoPaulo.referees.id,
      });
    });

    it('GIVEN members in de, es-ES, ja and pt-BR THEN settings, submitting, voting and reporting answer each in their language; the entry’s post, the audit lines and the author’s DM are Portuguese', async () => {
      const { alice, bob, carol, visitor, admin } = saoPaulo;
      await world.run({
        ...saoPaulo.inGeneral(admin, MANAGE_SERVER),
        command: ['audit', 'channel'],
        options: { channel: { channelId: log.id } },
      });
      const settings = await world.run({
        ...saoPaulo.inGeneral(admin, MANAGE_SERVER),
        locale: 'de',
        command: ['contest', 'settings'],
        options: { board: board.id, channel: { channelId: contestChannel.id } },
      });
      // The reply answers the admin who changed it, in German, where the channel sees it.
      expect(settings.ephemeral).toBe(false);
      expect(settings.message.content).toMatch(/^Wettbewerb \*\*Art Contest\*\*: /);
      expect(settings.message.content).toContain(`<#${contestChannel.id}>`);

      const submitted = await world.run({
        ...saoPaulo.inGeneral(alice),
        locale: 'de',
        command: ['contest', 'submit'],
        options: {
          board: board.id,
          title: 'Sunset',
          image: { upload: { filename: 'art.png', data: await png() } },
        },
      });
      expect(submitted.ephemeral).toBe(true);
      const pk = Number(/#(\d+)/.exec(submitted.message.content)?.[1]);
      expect(submitted.message.content).toBe(
        `**Sunset** (Beitrag #${pk}) ist in **Art Contest**. Er wird gleich in <#${contestChannel.id}> zur Abstimmung gepostet.`,
      );

      const post = await messageWhere(
        (m) => m.channel_id === contestChannel.id && buttonsOf(m).includes(`vote:${pk}:1`),
        'the entry’s post',
      );
      expect(post.embeds[0]!.description).toBe(
        `por <@${alice.id}> · **Art Contest**\nDê uma nota de 1 a 10 com os botões abaixo; você pode mudar seu voto.`,
      );
      expect(post.embeds[0]!.footer?.text).toBe('nenhum voto até agora');
      expect(labelsOf(post).at(-1)).toBe('Denunciar');

      const voted = await press(post, `vote:${pk}:8`, bob, 'es-ES');
      expect(voted.ephemeral).toBe(true);
      expect(voted.content).toBe(
        'Tu voto para "Sunset": **8**/10. Pulsa otro número cuando quieras para cambiarlo.',
      );
      const changed = await press(post, `vote:${pk}:6`, bob, 'es-ES');
      expect(changed.content).toBe(
        'Tu voto para "Sunset": **6**/10 (antes 8). Pulsa otro número cuando quieras para cambiarlo.',
      );
      const english = await press(post, `vote:${pk}:7`, carol, 'ja');
      expect(english.content).toBe(
        'Your vote on "Sunset": **7**/10. Press another number any time to change it.',
      );
      const own = await press(post, `vote:${pk}:10`, alice, 'de');
      expect(own.content).toContain('Du kannst nicht für deinen eigenen Beitrag abstimmen.');
      const reported = await press(post, `report:${pk}`, visitor, 'pt-BR');
      expect(reported.content).toBe(
        'Obrigado: **Sunset** foi denunciada à moderação, que a vê em `/review list`.',
      );

      const removed = await world.run({
        ...saoPaulo.inGeneral(admin, MANAGE_SERVER),
        locale: 'es-ES',
        command: ['contest', 'remove'],
        options: { entry: pk, reason: 'Não é original' },
      });
      expect(removed.message.content).toBe(
        `Participación #${pk} **Sunset** quitada; su autor recibe el motivo por MD.`,
      );
      const dm = await messageWhere(
        (m) => m.channel_id === world.fake.dmChannelOf(alice.id) && m.content.includes('Sunset'),
        'the DM to the author',
      );
      expect(dm.content).toBe(
        'Sua participação "Sunset" foi removida do concurso **Art Contest** pela moderação. O Tally não guarda mais a imagem. Motivo: Não é original',
      );

      // The audit lines of the contest, as posted in #log: the server's Portuguese.
      const lines = await world.fake.waitFor(
        () => {
          const posted = [...world.fake.messages.values()]
            .filter((m) => m.channel_id === log.id && m.content.startsWith('🖼️'))
            .map((m) => m.content);
          return posted.length >= 2 ? posted : undefined;
        },
        PATIENCE_MS,
        'two contest lines in #log',
      );
      expect(lines[0]).toMatch(
        new RegExp(`^🖼️ <@${admin.id}> configurou o concurso de \\*\\*Art Contest\\*\\*: `),
      );
      expect(lines[1]).toBe(
        `🖼️ <@${admin.id}> removeu a participação #${pk} "Sunset" de <@${alice.id}> de **Art Contest**: Não é original`,
      );
    });

    it('GIVEN a contest round started by an admin in English THEN its announcement is Portuguese, the server’s language, title and lines', async () => {
      const rounds = await world.tally.board({
        ownerId: `guild:${saoPaulo.server.id}`,
        type: 'Rating',
        name: 'Sketches',
      });
      const started = await world.run({
        ...saoPaulo.inGeneral(saoPaulo.admin, MANAGE_SERVER),
        locale: 'en-US',
        command: ['season', 'start'],
        options: { board: rounds.id, channel: { channelId: contestChannel.id } },
      });
      expect(started.message.content).toContain('Season 1');
      const announced = await messageWhere(
        (m) => m.channel_id === contestChannel.id && m.embeds[0]?.title?.startsWith('🏁') === true,
        'the round’s announcement',
      );
      expect(announced.embeds[0]!.title).toBe('🏁 Temporada 1 começou');
      expect(announced.embeds[0]!.description).toContain('**Sketches** começa uma nova rodada');
      expect(JSON.stringify(announced.embeds)).not.toMatch(/Season 1|starts a new contest round/);
    });

    it('GIVEN a contest that approves entries THEN the moderators’ message is Portuguese, its buttons too, and each presser reads their own language', async () => {
      const { bob, mod, visitor, admin } = saoPaulo;
      const photos = await world.tally.board({
        ownerId: `guild:${saoPaulo.server.id}`,
        type: 'Rating',
        name: 'Photo Contest',
        moderatorChannelId: saoPaulo.modQueue.id,
        moderatorRoleId: saoPaulo.referees.id,
      });
      await world.run({
        ...saoPaulo.inGeneral(admin, MANAGE_SERVER),
        command: ['contest', 'settings'],
        options: { board: photos.id, channel: { channelId: contestChannel.id }, approval: true },
      });
      const submitted = await world.run({
        ...saoPaulo.inGeneral(bob),
        locale: 'es-ES',
        command: ['contest', 'submit'],
        options: {
          board: photos.id,
          title: 'Dusk',
          image: { upload: { filename: 'dusk.png', data: await png() } },
        },
      });
      const pk = Number(/#(\d+)/.exec(submitted.message.content)?.[1]);
      expect(submitted.message.content).toBe(
        `**Dusk** (participación #${pk}) está en **Photo Contest** y espera la aprobación de la moderación; la verás publicada cuando la aprueben.`,
      );
      const review = await messageWhere(
        (m) =>
          m.channel_id === saoPaulo.modQueue.id && buttonsOf(m).includes(`entry:approve:${pk}`),
        'the moderators’ message',
      );
      expect(review.embeds[0]!.title).toBe('Participação para revisar: Dusk');
      expect(review.embeds[0]!.description).toMatch(
        new RegExp(
          `^por <@${bob.id}> · \\*\\*Photo Contest\\*\\*\\nEnviada <t:\\d+:R>; aprove para colocá-la no concurso\\.$`,
        ),
      );
      expect(review.embeds[0]!.footer?.text).toBe(`participação #${pk} · ranking ${photos.id}`);
      expect(labelsOf(review)).toEqual(['Aprovar', 'Recusar']);

      // /review list answers the moderator alone, in their language, the contest part too.
      const listed = await world.run({
        user: mod,
        roles: [saoPaulo.referees.id],
        locale: 'de',
        channelId: saoPaulo.general.id,
        command: ['review', 'list'],
        options: { board: photos.id },
      });
      expect(listed.ephemeral).toBe(true);
      expect(listed.message.embeds.map((e) => e.title)).toContain(
        'Wettbewerbsbeiträge: 1 zur Freigabe, 0 gemeldet',
      );
      const waiting = listed.message.embeds.find((e) => e.title?.startsWith('Wettbewerbsbeiträge'));
      expect(waiting?.description).toContain('**Dusk** von ');

      const refused = await press(review, `entry:approve:${pk}`, visitor, 'de');
      expect(refused.content).toBe(
        'Nur Mitglieder mit der Berechtigung „Server verwalten“ oder der Moderationsrolle der Rangliste können Beiträge prüfen; nichts wurde geändert.',
      );
      const { callback } = await world.press(review, `entry:approve:${pk}`, {
        user: mod,
        roles: [saoPaulo.referees.id],
        locale: 'fr',
      });
      expect(callback.data?.content).toBe(
        'Approved: **Dusk** is in the contest and is posted for votes.',
      );
      const decided = await messageWhere(
        (m) => m.id === review.id && m.embeds[0]?.title === 'Participação revisada: Dusk',
        'the moderators’ message, decided',
      );
      expect(decided.embeds[0]!.description).toBe(
        `por <@${bob.id}> · **Photo Contest**\nAprovada: está no concurso.`,
      );
      expect(decided.components ?? []).toEqual([]);
    });
  });
});
