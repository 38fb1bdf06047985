import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/render/intake';
import { backendName } from '../support/backends';
import { cast } from '../support/cast';
import { MANAGE_SERVER, startDiscordWorld, type DiscordWorld } from '../support/discord-world';

/**
 * Issue 32: what the bot's shared option readers refuse (a date it cannot read, an upload over
 * the ceiling) reaches the member in their language, through the refusal's `said`, and in English
 * for a locale Tally does not ship; nothing is changed.
 */
const { server, general, admin, alice } = cast();

describe(`the option readers' refusals in the member's language (${backendName})`, () => {
  let world: DiscordWorld;
  let ownerId: string;
  beforeAll(async () => {
    world = await startDiscordWorld({ guilds: [server] });
    ownerId = await world.tally.owner(`guild:${server.id}`);
  });
  afterAll(async () => {
    await world?.stop();
  });

  it.each([
    ['de', 'ends: ein Datum wie 2026-12-31 oder 2026-12-31 18:00 (UTC), nicht `31.12.2026`'],
    ['es-ES', 'ends: una fecha como 2026-12-31 o 2026-12-31 18:00 (UTC), no `31.12.2026`'],
    ['pt-BR', 'ends: uma data como 2026-12-31 ou 2026-12-31 18:00 (UTC), não `31.12.2026`'],
    ['fr', 'ends: a date like 2026-12-31 or 2026-12-31 18:00 (UTC), not `31.12.2026`'],
  ])(
    'GIVEN a manager whose Discord is in %s WHEN /season start gets a date it cannot read THEN the refusal says so in that language and no season starts',
    async (locale, said) => {
      const board = await world.tally.board({ ownerId, type: 'ELO', name: `Ladder ${locale}` });
      const { message, ephemeral } = await world.run({
        user: admin,
        permissions: MANAGE_SERVER,
        locale,
        channelId: general.id,
        command: ['season', 'start'],
        options: { board: board.id, ends: '31.12.2026' },
      });
      expect(ephemeral).toBe(true);
      expect(message.content).toContain(said);
      if (locale !== 'fr') expect(message.content).not.toContain('a date like');
      expect(await world.tally.ctx.repos.seasons.latest(board.pk)).toBeNull();
    },
  );

  it.each([
    [
      'de',
      'Die Datei ist größer als 10 MB; schick ein kleineres Bild. Es wurde nichts eingereicht.',
    ],
    ['pt-BR', 'Esse arquivo tem mais de 10 MB; envie uma imagem menor. Nada foi enviado.'],
    ['ja', 'That file is over 10 MB; send a smaller image. Nothing was submitted.'],
  ])(
    'GIVEN a member whose Discord is in %s WHEN the image they submit to a contest is over the ceiling THEN the refusal says so in that language and no entry is made',
    async (locale, said) => {
      const board = await world.tally.board({ ownerId, type: 'Rating', name: `Art ${locale}` });
      const { message } = await world.run({
        user: alice,
        locale,
        channelId: general.id,
        command: ['contest', 'submit'],
        options: {
          board: board.id,
          title: 'Too big',
          image: { upload: { filename: 'big.png', data: Buffer.alloc(MAX_UPLOAD_BYTES + 1) } },
        },
      });
      expect(message.content).toContain(said);
      const entries = (await world.tally.ctx.repos.db.run((m) =>
        m.query('SELECT COUNT(*) AS n FROM contest_entries WHERE board_pk = ?', [board.pk]),
      )) as { n: number }[];
      expect(Number(entries[0]!.n)).toBe(0);
    },
  );
});
