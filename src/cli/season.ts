import { TallyError } from '../domain/errors';
import { seasonTitle, type SeasonReset } from '../domain/season';
import { endSeason, startSeason } from '../pipeline/seasons';
import { boardSeasons } from '../pipeline/season-reads';
import { ownedBoard } from '../pipeline/board-reads';
import { type Cli, int, printer } from './shared';

/** `tally season`: seasons of a board, by the rules of /season. */
export function registerSeasons({ program, withContext }: Cli): void {
  const seasonCommand = program
    .command('season')
    .description('seasons of a board (the same rules as /season)');

  seasonCommand
    .command('start <owner-id> <board-id>')
    .description("start the next season; unset options are the last season's")
    .option('--name <name>', "the season's name")
    .option('--days <n>', 'ends this many days from now', int)
    .option('--ends <iso>', 'ends at this UTC time, e.g. 2026-12-31T18:00:00Z')
    .option('--reset <policy>', 'ELO ratings at the end: hard, soft or keep')
    .option('--soft-percent <n>', 'how far a soft reset moves back toward the start rating', int)
    .option('--channel <id>', 'announce the start, a reminder and the end in this channel')
    .option('--no-channel', 'announce nowhere')
    .option('--top <n>', 'players in the end announcement', int)
    .option('--repeat', 'when it ends, the next starts with the same length')
    .option('--json', 'print the season as JSON')
    .action((ownerId: string, boardId: string, o: Record<string, string | number | boolean>) =>
      withContext(async (ctx) => {
        const endsAt = o.ends === undefined ? undefined : new Date(String(o.ends));
        if (endsAt && Number.isNaN(endsAt.getTime())) {
          throw new TallyError('invalid_request', `--ends: not a time: ${String(o.ends)}`);
        }
        const { season } = await startSeason(ctx, ownerId, boardId, {
          ...(o.name !== undefined ? { name: String(o.name) } : {}),
          ...(o.days !== undefined ? { days: o.days as number } : {}),
          ...(endsAt ? { endsAt } : {}),
          ...(o.reset !== undefined ? { reset: o.reset as SeasonReset } : {}),
          ...(o.softPercent !== undefined ? { softPercent: o.softPercent as number } : {}),
          ...(o.channel === false ? { channelId: null } : {}),
          ...(typeof o.channel === 'string' ? { channelId: o.channel } : {}),
          ...(o.top !== undefined ? { topN: o.top as number } : {}),
          ...(o.repeat ? { repeat: true } : {}),
        });
        printer(o)(
          {
            board: boardId,
            number: season.number,
            name: season.name,
            started_at: season.startedAt.toISOString(),
            ends_at: season.endsAt?.toISOString() ?? null,
            reset: season.reset,
            soft_percent: season.softPercent,
            channel_id: season.channelId,
            top: season.topN,
            repeat: season.repeat,
          },
          `${seasonTitle(season)} of ${boardId} started${season.endsAt ? `; it ends ${season.endsAt.toISOString()}` : ''}.`,
        );
      }),
    );

  seasonCommand
    .command('end <owner-id> <board-id>')
    .description('end the running season now: archive its standings and reset the board')
    .action((ownerId: string, boardId: string) =>
      withContext(async (ctx) => {
        const { season, closed } = await endSeason(ctx, ownerId, boardId);
        console.log(
          closed
            ? `${seasonTitle(season)} of ${boardId} ended; its final standings are archived.`
            : `${seasonTitle(season)} of ${boardId} ends once the results queued before now are recorded (a running worker does that).`,
        );
      }),
    );

  seasonCommand
    .command('list <owner-id> <board-id>')
    .description("the board's seasons, newest first, with their champions")
    .action((ownerId: string, boardId: string) =>
      withContext(async (ctx) => {
        const board = await ownedBoard(ctx, ownerId, boardId);
        const { running: open, ended } = await boardSeasons(ctx, board, { limit: 1000 });
        if (open) {
          console.log(
            `${seasonTitle(open)}: running since ${open.startedAt.toISOString()}${open.endsAt ? `, ends ${open.endsAt.toISOString()}` : ''}`,
          );
        }
        for (const { season: s, champions } of ended) {
          const won = champions.map((c) => c.playerName).join(', ');
          console.log(
            `${seasonTitle(s)}: ${s.startedAt.toISOString()} – ${s.endedAt!.toISOString()}, champion: ${won || 'none'}`,
          );
        }
        if (!open && ended.length === 0) console.log(`${boardId} has no seasons.`);
      }),
    );
}
