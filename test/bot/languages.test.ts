import type { APIEmbed, APIMessage } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../../entities/board';
import { t } from '../../src/domain/i18n';
import { editBoard } from '../../src/pipeline/boards';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import { startDiscordWorld, type DiscordWorld } from '../support/discord-world';
import type { OptionValue } from '../support/fake-discord/types';

/**
 * Issue 32, read as members read it: members whose Discord speaks Brazilian Portuguese, Spanish,
 * German and French (not shipped: English) run /leaderboard, /rank, /profile and /versus, get
 * refused (a board that does not exist, /board create without Manage Server) and press a button
 * that is not on the message, and read the JSON the bot sent. Each
 * reply is the exact text of that language's catalogue, and no English is left in it.
 */
const { server, general, alice, bob, carol, mod, admin, visitor } = cast();

interface Expected {
  locale: string;
  standings: string;
  rankTitle: string;
  rankLine: RegExp;
  record: string;
  recent: string;
  profileLine: RegExp;
  profileRecord: string;
  streak: string;
  season: string;
  lastMatches: string;
  won: string;
  noBoard: string;
  versusTitle: string;
  versusRecord: string;
  samePlayer: string;
  notOnMessage: string;
  manageServer: string;
  /** The paging buttons: Next on the first page, First on the second. */
  next: string;
  first: string;
}

const LANGUAGES: Expected[] = [
  {
    locale: 'pt-BR',
    standings: 'Ladder — classificação',
    rankTitle: 'Ali em Ladder',
    rankLine: /^Posição \*\*#1\*\* · rating \*\*\d+\*\* · /,
    record: 'Vitórias: 3, empates: 0, derrotas: 1',
    recent: 'Partidas recentes',
    profileLine: /^Posição \*\*#1\*\* de 3 · rating \*\*\d+\*\* · pico \d+$/,
    profileRecord: 'Vitórias: 3, empates: 0, derrotas: 1 · 75% de vitórias',
    streak: 'Sequência de 2 vitórias · maior sequência de vitórias: 2',
    season: 'Nesta temporada: ',
    lastMatches: 'Últimas partidas',
    won: '**V**',
    noBoard: 'Não deu certo: Não existe nenhum ranking "nope"',
    versusTitle: 'Ali x Bobby em Ladder',
    versusRecord:
      'Vitórias: **2**, empates: **0**, derrotas: **1** em 3 partidas · +15 de rating nessas partidas',
    samePlayer: 'Escolha dois jogadores diferentes.',
    notOnMessage: 'Esse botão não está nesta mensagem; nada foi alterado.',
    manageServer: 'Não deu certo: /board create exige a permissão Gerenciar servidor.',
    next: 'Próxima',
    first: 'Primeira',
  },
  {
    locale: 'es-ES',
    standings: 'Ladder — clasificación',
    rankTitle: 'Ali en Ladder',
    rankLine: /^Puesto \*\*#1\*\* · elo \*\*\d+\*\* · /,
    record: 'Ganadas: 3, empatadas: 0, perdidas: 1',
    recent: 'Partidas recientes',
    profileLine: /^Puesto \*\*#1\*\* de 3 · elo \*\*\d+\*\* · máximo \d+$/,
    profileRecord: 'Ganadas: 3, empatadas: 0, perdidas: 1 · 75 % de victorias',
    streak: 'Racha de 2 victorias · mejor racha de victorias: 2',
    season: 'Esta temporada: ',
    lastMatches: 'Últimas partidas',
    won: '**V**',
    noBoard: 'Eso no funcionó: No hay ninguna tabla «nope»',
    versusTitle: 'Ali contra Bobby en Ladder',
    versusRecord:
      'Ganadas: **2**, empatadas: **0**, perdidas: **1** en 3 partidas · +15 de elo en estas partidas',
    samePlayer: 'Elige a dos jugadores distintos.',
    notOnMessage: 'Ese botón no está en este mensaje; no se cambió nada.',
    manageServer: 'Eso no funcionó: /board create requiere el permiso Gestionar servidor.',
    next: 'Siguiente',
    first: 'Primera',
  },
  {
    locale: 'de',
    standings: 'Ladder — Tabelle',
    rankTitle: 'Ali in Ladder',
    rankLine: /^Platz \*\*#1\*\* · Wertung \*\*\d+\*\* · /,
    record: '3 S · 0 U · 1 N',
    recent: 'Letzte Matches',
    profileLine: /^Platz \*\*#1\*\* von 3 · Wertung \*\*\d+\*\* · Bestwert \d+$/,
    profileRecord: '3 S · 0 U · 1 N · 75 % gewonnen',
    streak: '2 Siege in Folge · längste Siegesserie 2',
    season: 'Diese Saison: ',
    lastMatches: 'Letzte Matches',
    won: '**S**',
    noBoard: 'Das hat nicht geklappt: Keine Rangliste „nope“',
    versusTitle: 'Ali gegen Bobby in Ladder',
    versusRecord: '**2** S · **0** U · **1** N in 3 Matches · +15 Wertung in diesen Matches',
    samePlayer: 'Wähle zwei verschiedene Spieler.',
    notOnMessage: 'Dieser Button gehört nicht zu dieser Nachricht; es wurde nichts geändert.',
    manageServer:
      'Das hat nicht geklappt: Für /board create brauchst du die Berechtigung „Server verwalten“.',
    next: 'Weiter',
    first: 'Anfang',
  },
  {
    // Not shipped: English, word for word as before issue 32.
    locale: 'fr',
    standings: 'Ladder — standings',
    rankTitle: 'Ali on Ladder',
    rankLine: /^Rank \*\*#1\*\* · rating \*\*\d+\*\* · /,
    record: '3 won, 0 drawn, 1 lost',
    recent: 'Recent matches',
    profileLine: /^Rank \*\*#1\*\* of 3 · rating \*\*\d+\*\* · peak \d+$/,
    profileRecord: '3 won, 0 drawn, 1 lost · 75% won',
    streak: 'On a 2-win streak · longest winning streak 2',
    season: 'This season: ',
    lastMatches: 'Last matches',
    won: '**W**',
    noBoard: 'That did not work: No board "nope"',
    versusTitle: 'Ali vs Bobby on Ladder',
    versusRecord: '**2** won, **0** drawn, **1** lost in 3 games · +15 rating in these games',
    samePlayer: 'Pick two different players.',
    notOnMessage: 'That button is not on this message; nothing was changed.',
    manageServer: 'That did not work: /board create needs the Manage Server permission.',
    next: 'Next',
    first: 'First',
  },
];

/** English a shipped language's reply must not hold (a word left untranslated). */
const ENGLISH = [
  'standings',
  'Rank **',
  ' won',
  ' drawn',
  ' lost',
  ' on Ladder',
  'Recent matches',
  'Last matches',
  'streak',
  'This season',
  'peak',
  ' vs ',
  'That did not work',
  'No board',
  'Pick two',
  'nothing was changed',
  'Manage Server',
];

describe(`Tally in the member's language (${backendName})`, () => {
  let world: DiscordWorld;
  let ladder: Board;
  /** Six players, five a page: a second page to turn to. */
  let long: Board;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    const ownerId = await world.tally.owner(`guild:${server.id}`);
    ladder = await world.tally.board({ ownerId, type: 'ELO', name: 'Ladder' });
    const key = await world.tally.key({ ownerId });
    await world.approvedMatch(ladder, key, alice, bob);
    await world.approvedMatch(ladder, key, bob, alice);
    await world.approvedMatch(ladder, key, alice, bob);
    await world.approvedMatch(ladder, key, alice, carol);
    long = await world.tally.board({ ownerId, type: 'ELO', name: 'Long' });
    await editBoard(world.tally.ctx, ownerId, long.id, { standingsSize: 5 });
    for (const [winner, loser] of [
      [alice, bob],
      [carol, mod],
      [admin, visitor],
    ] as const) {
      await world.approvedMatch(long, key, winner, loser);
    }
    // No picture: /profile answers with its text sparkline, one more line to read.
    world.tally.ctx.render = undefined;
  });
  afterAll(async () => {
    await world?.stop();
  });

  const embedOf = (message: APIMessage): APIEmbed => message.embeds[0]!;
  const noEnglish = (locale: string, message: APIMessage) => {
    if (locale === 'fr') return;
    const json = JSON.stringify({ content: message.content, embeds: message.embeds });
    for (const word of ENGLISH) expect(json, `"${word}" in ${locale}`).not.toContain(word);
  };

  for (const want of LANGUAGES) {
    const { locale } = want;
    const run = (command: string, options: Record<string, OptionValue> = {}) =>
      world.run({ user: alice, channelId: general.id, command: [command], options, locale });

    it(`GIVEN a member in ${locale} WHEN they run /leaderboard THEN the standings read in it`, async () => {
      const { message, ephemeral } = await run('leaderboard', { board: ladder.id });
      expect(ephemeral).toBe(false);
      const embed = embedOf(message);
      expect(embed.title).toBe(want.standings);
      expect(embed.title).toBe(t(locale, 'reading.standings.title', { board: 'Ladder' }));
      expect(embed.description!.split('\n')[0]).toMatch(/^🥇 Ali — \d+ \(3-0-1\)$/);
      noEnglish(locale, message);
    });

    it(`GIVEN a member in ${locale} WHEN they page through /leaderboard THEN the buttons and the next page read in it`, async () => {
      const { message } = await run('leaderboard', { board: long.id });
      const buttons = (m: APIMessage) =>
        (m.components ?? []).flatMap((row) =>
          'components' in row
            ? row.components.map((c) => ({
                label: 'label' in c ? c.label : undefined,
                id: 'custom_id' in c ? c.custom_id : undefined,
              }))
            : [],
        );
      const [next] = buttons(message);
      expect(next?.label).toBe(want.next);
      expect(message.embeds[0]?.description?.split('\n')).toHaveLength(5);
      await world.press(message, next!.id!, { user: alice, locale });
      const second = world.fake.messages.get(message.id)!;
      expect(second.embeds[0]?.title).toBe(want.standings.replace('Ladder', 'Long'));
      expect(second.embeds[0]?.description?.split('\n')).toHaveLength(1);
      expect(buttons(second).map((b) => b.label)).toEqual([want.first]);
      noEnglish(locale, second);
    });

    it(`GIVEN a member in ${locale} WHEN they run /rank THEN the rank, record and recent matches read in it`, async () => {
      const { message } = await run('rank', { board: ladder.id });
      const embed = embedOf(message);
      expect(embed.title).toBe(want.rankTitle);
      expect(embed.description).toMatch(want.rankLine);
      expect(embed.description!.endsWith(` · ${want.record}`)).toBe(true);
      expect(embed.fields?.[0]?.name).toBe(want.recent);
      expect(embed.fields?.[0]?.value.split('\n')).toHaveLength(4);
      noEnglish(locale, message);
    });

    it(`GIVEN a member in ${locale} WHEN they run /profile THEN the card reads in it`, async () => {
      const { message } = await run('profile', { board: ladder.id });
      const embed = embedOf(message);
      expect(embed.title).toBe(want.rankTitle);
      const [standing, record, streak, season] = embed.description!.split('\n');
      expect(standing).toMatch(want.profileLine);
      expect(record).toBe(want.profileRecord);
      expect(streak).toBe(want.streak);
      expect(season!.startsWith(want.season)).toBe(true);
      expect(embed.fields?.[0]?.name).toBe(want.lastMatches);
      expect(embed.fields?.[0]?.value.split('\n')[0]).toMatch(
        new RegExp(`^${want.won.replace(/\*/g, '\\*')} \\S+ carol \\(\\+\\d+\\) · <t:\\d+:R>$`),
      );
      noEnglish(locale, message);
    });

    it(`GIVEN a member in ${locale} WHEN they run /versus THEN the head-to-head reads in it, and its refusal too`, async () => {
      const { message } = await run('versus', { board: ladder.id, opponent: bob });
      const embed = embedOf(message);
      expect(embed.title).toBe(want.versusTitle);
      // The record, then Ali's net change over these three games.
      expect(embed.description).toBe(want.versusRecord);
      noEnglish(locale, message);

      const self = await run('versus', { board: ladder.id, opponent: alice });
      expect(self.ephemeral).toBe(true);
      expect(self.message.content).toBe(want.samePlayer);
    });

    it(`GIVEN a member in ${locale} WHEN they name a board that does not exist THEN the refusal reads in it`, async () => {
      const { message, ephemeral } = await run('rank', { board: 'nope' });
      expect(ephemeral).toBe(true);
      expect(message.content).toBe(want.noBoard);
      expect(message.content).toBe(
        t(locale, 'common.failed.known', {
          detail: t(locale, 'common.workspace.noBoard', { board: 'nope' }),
        }),
      );
      noEnglish(locale, message);
    });

    it(`GIVEN a member in ${locale} without Manage Server WHEN they run /board create THEN the refusal reads in it`, async () => {
      const { message, ephemeral } = await world.run({
        user: bob,
        channelId: general.id,
        command: ['board', 'create'],
        options: { type: 'ELO', name: 'Mine' },
        locale,
      });
      expect(ephemeral).toBe(true);
      expect(message.content).toBe(want.manageServer);
      noEnglish(locale, message);
    });

    it(`GIVEN a member in ${locale} WHEN they press a button that is not on the message THEN the refusal reads in it`, async () => {
      const { message } = await run('leaderboard', { board: ladder.id });
      const { token } = await world.press(message, `page:standings:${ladder.pk}:`, {
        user: alice,
        locale,
      });
      const refusal = world.fake.replyOf(token)!;
      expect(refusal.content).toBe(want.notOnMessage);
      noEnglish(locale, refusal);
    });
  }
});
