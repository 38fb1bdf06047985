import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import type { APIMessage } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { recordDiscordLocale } from '../../src/pipeline/server-language';
import { backendName } from '../support/backends';
import { cast, handleIn, submissionId } from '../support/cast';
import {
  buttonsOf,
  fieldsOf,
  MANAGE_SERVER,
  PATIENCE_MS,
  startDiscordWorld,
  type DiscordWorld,
} from '../support/discord-world';
import type { FakeMember } from '../support/fake-discord';
import { eventually } from '../support/wait';

/**
 * Reports, reviews and confirmations in the reader's language (issue 32), end to end with the
 * real discord.js client against the fake Discord: what only the member sees (a refusal, a form)
 * speaks the member's Discord locale; what Tally posts for everyone (the accepted report's reply,
 * the review message, the opponents' message, the submitter's DM, /correct's reply) speaks the
 * server's. Each server here has its own language on Discord: German, Brazilian Portuguese,
 * Spanish and French (not shipped: English). Everything is read as Discord received it.
 */
const berlin = cast({ name: 'Berlin' });
berlin.server.preferredLocale = 'de';
const saoPaulo = cast({ name: 'São Paulo' });
saoPaulo.server.preferredLocale = 'pt-BR';
const madrid = cast({ name: 'Madrid' });
madrid.server.preferredLocale = 'es-ES';
const paris = cast({ name: 'Paris' });
paris.server.preferredLocale = 'fr';
type Place = typeof berlin;

describe(`reviews in the reader's language (${backendName})`, () => {
  let world: DiscordWorld;

  beforeAll(async () => {
    world = await startDiscordWorld({
      guilds: [berlin.server, saoPaulo.server, madrid.server, paris.server],
    });
    for (const place of [berlin, saoPaulo, madrid, paris]) {
      await world.tally.owner(`guild:${place.server.id}`);
      // What GUILD_CREATE tells Tally of a server it already keeps.
      await recordDiscordLocale(world.tally.ctx, place.server.id, place.server.preferredLocale);
    }
  });
  afterAll(async () => {
    await world?.stop();
  });

  const ladder = (place: Place, extra: Record<string, unknown> = {}) =>
    world.tally.board({
      ownerId: `guild:${place.server.id}`,
      type: 'ELO',
      name: 'Ladder',
      moderatorChannelId: place.modQueue.id,
      moderatorRoleId: place.referees.id,
      ...extra,
    });
  /** `who` reports in #general, in their own Discord language, that they beat Bob. */
  const report = (place: Place, board: Board, who: FakeMember, locale: string, result = 'won') =>
    world.run({
      user: who,
      channelId: place.general.id,
      locale,
      command: ['match', 'report'],
      options: { board: board.id, opponents: `<@${place.bob.id}>`, ...(result ? { result } : {}) },
    });
  const row = async (handle: string) =>
    (await world.tally.ctx.repos.submissions.byId(submissionId(handle)))!;
  const labelsOf = (m: APIMessage) =>
    (m.components ?? []).flatMap((r) =>
      'components' in r ? r.components.map((c) => ('label' in c ? c.label : '')) : [],
    );
  const dmsTo = (person: FakeMember) => {
    const dm = world.fake.dmChannelOf(person.id);
    return [...world.fake.messages.values()].filter((m) => m.channel_id === dm);
  };

  it('GIVEN a German server THEN a member reads their own language, refused or answered, and the review message, the forms and the DM read German', async () => {
    const { general, modQueue, alice, mod, visitor } = berlin;
    const board = await ladder(berlin);
    // A refusal is the member's own: Brazilian Portuguese.
    const refused = await report(berlin, board, alice, 'pt-BR', '');
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toContain(
      'result: diga se o seu lado ganhou, perdeu ou empatou',
    );
    // The accepted report's reply answers her, in the channel: Brazilian Portuguese too.
    const reported = await report(berlin, board, alice, 'pt-BR');
    expect(reported.ephemeral).toBe(false);
    const handle = handleIn(reported.message.content);
    expect(reported.message.content).toBe(
      `Enviado para **Ladder** como ${handle}. Publicado para revisão em <#${modQueue.id}>; vale assim que um moderador aprovar. ` +
        `Se ninguém decidir até <t:${Math.floor((await row(handle)).expiresAt!.getTime() / 1000)}:f>, ele expira.`,
    );

    const message = await world.reviewMessage(handle);
    expect(message.embeds[0]?.title).toBe('Prüfung: Ladder');
    expect(Object.keys(fieldsOf(message))).toEqual([
      'Team 1 · gewonnen',
      'Team 2 · verloren',
      'Eingereicht von',
      'Verfällt',
    ]);
    expect(fieldsOf(message)['Eingereicht von']).toBe(`<@${alice.id}>`);
    expect(message.embeds[0]?.footer?.text).toBe(`${handle} · Match Nr. 1 · Rangliste ${board.id}`);
    expect(labelsOf(message)).toEqual(['Annehmen', 'Ablehnen', 'Korrigieren']);

    // A member who may not review is refused in their language: Spanish.
    const denied = await world.press(message, `review:approve:${handle}`, {
      user: visitor,
      locale: 'es-ES',
    });
    expect(denied.callback.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(denied.callback.data?.content).toBe(
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden revisar envíos.',
    );

    // The Decline form is the moderator's own: English for a Japanese client, German for a German one.
    const inJapanese = await world.press(message, `review:decline:${handle}`, {
      user: mod,
      locale: 'ja',
    });
    expect(inJapanese.callback.type).toBe(InteractionResponseType.Modal);
    const english = JSON.stringify(world.fake.modals.find((m) => m.token === inJapanese.token));
    expect(english).toContain(`"title":"Decline ${handle}"`);
    expect(english).toContain('Reason (optional, shown to the submitter)');
    const inGerman = await world.press(message, `review:decline:${handle}`, {
      user: mod,
      locale: 'de',
    });
    const modal = world.fake.modals.find((m) => m.token === inGerman.token)!;
    expect(JSON.stringify(modal)).toContain(`"title":"${handle} ablehnen"`);
    expect(JSON.stringify(modal)).toContain('Grund (optional, sieht der Einsender)');
    const { token } = world.fake.submitModal({
      channelId: modQueue.id,
      messageId: message.id,
      customId: modal.customId,
      values: { reason: 'Der Screenshot zeigt ein anderes Match' },
      user: mod,
      locale: 'de',
    });
    await world.editedOriginal(token);
    const decided = world.fake.messages.get(message.id)!;
    expect(decided.embeds[0]?.title).toBe('Geprüft: Ladder');
    expect(fieldsOf(decided)['Entscheidung']).toBe(
      `Abgelehnt von <@${mod.id}>: Der Screenshot zeigt ein anderes Match. Es wurde nichts gewertet.`,
    );
    expect(buttonsOf(decided)).toEqual([]);

    // The DM to the submitter speaks the server's language too.
    const dm = await eventually(async () => dmsTo(alice).at(-1), 'the DM to Alice');
    expect(dm.content).toBe(
      `Dein Match Nr. 1 in **Ladder** (${handle}) wurde von <@${mod.id}> abgelehnt: Der Screenshot zeigt ein anderes Match\nEs wurde nichts eingetragen.`,
    );
    expect(general.id).toBeTruthy();
  });

  it('GIVEN a Brazilian server whose reports wait for the opponents THEN the opponents read Portuguese, and each refused press reads its presser’s language', async () => {
    const { general, alice, bob, carol } = saoPaulo;
    const board = await ladder(saoPaulo, { reviewMode: 'opponents', confirmWindowHours: 2 });
    // The report's reply answers its reporter, in German; the opponents' message is Portuguese.
    const reported = await report(saoPaulo, board, alice, 'de');
    const handle = handleIn(reported.message.content);
    expect(reported.message.content).toBe(
      `Bei **Ladder** als ${handle} gemeldet. Es zählt, sobald ein Gegner es bestätigt; Tally fragt gleich hier nach. Antwortet innerhalb von 2 h niemand, zählt es trotzdem.`,
    );
    const message = await world.fake.waitFor(
      () =>
        [...world.fake.messages.values()].find((m) =>
          buttonsOf(m).includes(`confirm:confirm:${handle}`),
        ),
      PATIENCE_MS,
      `the opponents' message of ${handle}`,
    );
    expect(message.channel_id).toBe(general.id);
    expect(message.content).toMatch(
      new RegExp(
        `^<@${bob.id}>: <@${alice.id}> reportou esta partida\\. Se estiver certa, clique em \\*\\*Confirmar\\*\\*; .* Se ninguém responder até <t:\\d+:f> \\(<t:\\d+:R>\\), ela conta como confirmada\\. <@${alice.id}> pode clicar em \\*\\*Retirar\\*\\* até lá\\.$`,
      ),
    );
    expect(message.embeds[0]?.title).toBe('Reporte de partida: Ladder');
    expect(message.embeds[0]?.description).toBe(
      '**Time 1** (venceu): Ali — 1000\n**Time 2** (perdeu): Bobby — 1000',
    );
    expect(labelsOf(message)).toEqual(['Confirmar', 'Contestar', 'Retirar']);

    const refusals = [
      [
        bob,
        'withdraw',
        'es-ES',
        'Solo quien reportó esta partida puede retirarla. No se cambió nada.',
      ],
      [
        alice,
        'confirm',
        'de',
        'Du hast dieses Match gemeldet, also muss ein Gegner es bestätigen oder anfechten. Du kannst es stattdessen zurückziehen. Es wurde nichts geändert.',
      ],
      [
        carol,
        'dispute',
        'fr',
        'Only a player on the other side of this match can confirm or dispute it. Nothing was changed.',
      ],
    ] as const;
    for (const [user, action, locale, says] of refusals) {
      const { callback } = await world.press(message, `confirm:${action}:${handle}`, {
        user,
        locale,
      });
      expect(callback.data?.flags).toBe(MessageFlags.Ephemeral);
      expect(callback.data?.content).toBe(says);
    }

    const { token } = await world.press(message, `confirm:confirm:${handle}`, {
      user: bob,
      locale: 'ja',
    });
    await world.editedOriginal(token);
    const confirmed = world.fake.messages.get(message.id)!;
    expect(confirmed.content).toBe(`✅ Confirmada por <@${bob.id}>; já conta na classificação.`);
    expect(confirmed.embeds[0]?.description).toBe(
      '**Time 1** (venceu): Ali — 1016 (+16)\n**Time 2** (perdeu): Bobby — 984 (−16)',
    );
    expect(labelsOf(confirmed)).toEqual([]);
  });

  it('GIVEN a Spanish server THEN /review list and /correct answer a moderator in their language, and the review message stays Spanish', async () => {
    const { general, alice, bob, mod } = madrid;
    const board = await ladder(madrid);
    const pending = handleIn((await report(madrid, board, alice, 'es-ES')).message.content);
    const listed = await world.run({
      user: mod,
      channelId: general.id,
      locale: 'pt-BR',
      command: ['review', 'list'],
      options: {},
    });
    expect(listed.ephemeral).toBe(true);
    const embed = listed.message.embeds.at(-1)!;
    expect(embed.title).toBe('Aguardando revisão: 1');
    expect(embed.description).toContain(
      `\`${pending}\` · Ladder · Ali venceu Bobby · por <@${alice.id}> · enviado <t:`,
    );
    expect(embed.footer?.text).toBe(
      'Os mais antigos primeiro. Aprove ou recuse em cada mensagem de revisão.',
    );

    const message = await world.reviewMessage(pending);
    const approved = await world.press(message, `review:approve:${pending}`, {
      user: mod,
      locale: 'de',
    });
    await world.editedOriginal(approved.token);
    expect(fieldsOf(world.fake.messages.get(message.id)!)['Resultado de la revisión']).toBe(
      `Aprobado por <@${mod.id}>; ya cuenta en la clasificación.`,
    );

    const corrected = await world.run({
      user: mod,
      channelId: general.id,
      locale: 'de',
      command: ['correct', 'match'],
      options: { board: board.id, match: 1, winner: 'team2', reason: 'Falsche Seite' },
    });
    expect(corrected.ephemeral).toBe(false);
    // The reply answers the moderator who corrected, in their language, German.
    expect(corrected.message.content).toBe(
      [
        `Match Nr. 1 korrigiert auf „Team 2 hat gewonnen“ (vorher: „Team 1 hat gewonnen“) in **Ladder** von <@${mod.id}>.`,
        'Grund: Falsche Seite',
        '• Ali 1016 → 984 (−32)',
        '• Bobby 984 → 1016 (+32)',
      ].join('\n'),
    );
    // A refusal of /correct is the presser's: Brazilian Portuguese.
    const again = await world.run({
      user: mod,
      channelId: general.id,
      locale: 'pt-BR',
      command: ['correct', 'match'],
      options: { board: board.id, match: 1, winner: 'team2' },
    });
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toContain(
      'A partida nº 1 já diz que o time 2 venceu; nada foi alterado',
    );
    expect(bob.id).toBeTruthy();
  });

  it('GIVEN a French server and a French member THEN everything reads English, as before', async () => {
    const { modQueue, alice } = paris;
    const board = await ladder(paris);
    const refused = await report(paris, board, alice, 'fr', '');
    expect(refused.message.content).toContain('result: say whether your side won, lost or drew');
    const reported = await report(paris, board, alice, 'fr');
    const handle = handleIn(reported.message.content);
    expect(reported.message.content).toMatch(
      new RegExp(
        `^Submitted to \\*\\*Ladder\\*\\* as ${handle}\\. Posted for review in <#${modQueue.id}>; it counts once a moderator approves it\\.`,
      ),
    );
    const message = await world.reviewMessage(handle);
    expect(message.embeds[0]?.title).toBe('Review: Ladder');
    expect(Object.keys(fieldsOf(message))).toEqual([
      'Team 1 · won',
      'Team 2 · lost',
      'Submitted by',
      'Expires',
    ]);
    expect(labelsOf(message)).toEqual(['Approve', 'Decline', 'Adjust']);
    const adjust = await world.press(message, `review:adjust:${handle}`, {
      user: paris.admin,
      permissions: MANAGE_SERVER,
      locale: 'fr',
    });
    const form = JSON.stringify(world.fake.modals.find((m) => m.token === adjust.token));
    expect(form).toContain(`"title":"Adjust ${handle}"`);
    expect(form).toContain('Winner: team1, team2 or draw');
  });
});
