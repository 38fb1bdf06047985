import { TallyError } from '../domain/errors';
import { serializeBoard } from '../api/serialize/board';
import { createBoard, editBoard } from '../pipeline/boards';
import { boardDeletionPreview, deleteBoard } from '../pipeline/board-deletion';
import { describeContents } from '../domain/board-deletion';
import { setDecay } from '../pipeline/decay';
import { placeLiveStandings } from '../pipeline/live-standings';
import { DECAY_DEFAULTS, describeDecay } from '../domain/decay';
import { NO_EXPIRY_WINDOW } from '../domain/board-rules';
import { type Cli, int, printer } from './shared';

/**
 * What a new board's results wait for, so its first result missing from the standings is no
 * surprise (issue 30): nothing on a board that applies them at once.
 */
function reviewHint(ownerId: string, windowHours: number): string {
  if (windowHours === 0) return '';
  const wait =
    windowHours === NO_EXPIRY_WINDOW
      ? 'with no time limit'
      : `for ${windowHours} h, then expire unapplied`;
  return (
    `\nIts results wait for a moderator ${wait}: \`tally review list ${ownerId}\` and ` +
    '`tally review approve <handle>` (or /review in Discord) apply them; `--window 0` makes a board that applies them at once.'
  );
}

/** `tally board`: create boards and set what /board sets in chat. */
export function registerBoards({ program, withContext }: Cli): void {
  const boardCommand = program.command('board').description('boards');

  boardCommand
    .command('decay <owner-id> <board-id>')
    .description('inactivity decay of an ELO board (the same rule as /board decay)')
    .option('--amount <n>', 'rating points per step (percent with --percent)', int)
    .option('--percent', 'the amount is a percentage of the rating')
    .option(
      '--after-days <n>',
      `days without a result before decay starts (default ${DECAY_DEFAULTS.afterDays})`,
      int,
    )
    .option('--every-hours <n>', `hours between steps (default ${DECAY_DEFAULTS.everyHours})`, int)
    .option('--floor <n>', 'never below this rating (default: the start rating)', int)
    .option('--role-floor', 'never below the rank role a rating has reached')
    .option('--off', 'turn decay off')
    .action((ownerId: string, boardId: string, o: Record<string, number | boolean | undefined>) =>
      withContext(async (ctx) => {
        if (!o.off && o.amount === undefined) {
          throw new TallyError('invalid_request', 'give --amount <n>, or --off');
        }
        const set = await setDecay(
          ctx,
          ownerId,
          boardId,
          o.off
            ? null
            : {
                amount: o.amount as number,
                percent: o.percent === true,
                ...(o.afterDays === undefined ? {} : { afterDays: o.afterDays as number }),
                ...(o.everyHours === undefined ? {} : { everyHours: o.everyHours as number }),
                ...(o.floor === undefined ? {} : { floor: o.floor as number }),
                roleFloor: o.roleFloor === true,
              },
        );
        console.log(
          set ? `Decay on ${boardId}: ${describeDecay(set.rule)}.` : `Decay is off on ${boardId}.`,
        );
      }),
    );

  boardCommand
    .command('standings <owner-id> <board-id>')
    .description('keep a live top-10 message in a channel (the bot posts and edits it)')
    .option('--channel <id>', 'the channel id (a text channel of the owner server)')
    .option('--off', 'stop keeping it (the last message stays)')
    .action((ownerId: string, boardId: string, o: { channel?: string; off?: boolean }) =>
      withContext(async (ctx) => {
        if (!o.off && !o.channel)
          throw new TallyError('invalid_request', 'give --channel <id>, or --off');
        const board = await placeLiveStandings(ctx, ownerId, boardId, o.off ? null : o.channel!);
        console.log(
          o.off
            ? `Live standings of ${board.id} stopped.`
            : `Live standings of ${board.id} go to channel ${o.channel} (the bot posts them).`,
        );
      }),
    );

  boardCommand
    .command('delete <owner-id> <board-id>')
    .description(
      'delete a board and everything on it (entries, matches, seasons, contest entries); the API then answers 404',
    )
    .option('--yes', 'really delete; without it, print what would be lost and exit 1')
    .action((ownerId: string, boardId: string, o: { yes?: boolean }) =>
      withContext(async (ctx) => {
        if (!o.yes) {
          const { board, contents } = await boardDeletionPreview(ctx, ownerId, boardId);
          console.log(
            `Deleting ${board.id} "${board.displayName}" would delete ${describeContents(contents)}.`,
          );
          throw new TallyError('invalid_request', 'nothing deleted: add --yes to delete it');
        }
        const { board, contents } = await deleteBoard(ctx, ownerId, boardId, 'cli');
        console.log(
          `Deleted ${board.id} "${board.displayName}" with everything on it: ${describeContents(contents)}.`,
        );
      }),
    );

  /** --review-by, --confirm-hours and --on-silence, as `board create` and `board review` take them. */
  function confirmOptions(o: Record<string, string | number | boolean | undefined>) {
    return {
      ...(typeof o.reviewBy === 'string' ? { reviewMode: o.reviewBy } : {}),
      ...(typeof o.confirmHours === 'number' ? { confirmWindowHours: o.confirmHours } : {}),
      ...(typeof o.onSilence === 'string' ? { onSilence: o.onSilence } : {}),
    };
  }

  boardCommand
    .command('review <owner-id> <board-id>')
    .description("who checks members' match reports first (the same rules as /board edit)")
    .option('--review-by <who>', 'moderators or opponents')
    .option('--confirm-hours <h>', 'opponents: hours to confirm or dispute (1–720)', int)
    .option('--on-silence <what>', 'opponents: confirm or escalate when nobody answers')
    .action((ownerId: string, boardId: string, o: Record<string, string | number | undefined>) =>
      withContext(async (ctx) => {
        const b = await editBoard(ctx, ownerId, boardId, confirmOptions(o));
        console.log(
          b.reviewMode === 'opponents'
            ? `${b.id}: members' match reports wait ${b.confirmWindowHours} h for an opponent to confirm, then are ${b.confirmOnSilence === 'confirm' ? 'confirmed' : 'sent to the moderators'}.`
            : `${b.id}: members' match reports go to the moderators.`,
        );
      }),
    );

  boardCommand
    .command('create <owner-id>')
    .description(
      'create a board; its results wait for a moderator (24 h, then expire unapplied) unless --window 0 applies them at once',
    )
    .requiredOption('--type <type>', 'Classic, Highscore, Time, ELO, League or Rating')
    .option('--sort <sort>', 'asc or desc')
    .option('--team-size <n>', 'participants per side', int)
    .option('--fixed-teams', 'sides are fixed team entities')
    .option('--free-for-all', 'played by 3–8 players for a finishing order; takes no API writes')
    .option(
      '--window <hours>',
      'validation window (default 24): 0 auto-applies, 999 never expires',
      int,
    )
    .option('--k <n>', 'ELO K factor', int)
    .option('--start <n>', 'ELO start rating', int)
    .option('--points <w,d,l>', 'League points for a win, draw and loss')
    .option('--id <id>', 'a free-form board id instead of board_<n>')
    .option('--name <name>', 'display name')
    .option('--moderator-channel <id>', 'channel where submissions are posted for review')
    .option(
      '--review-by <who>',
      'moderators (default) or opponents: who checks chat match reports first',
    )
    .option(
      '--confirm-hours <h>',
      'opponents: hours to confirm or dispute (1–720, default 24)',
      int,
    )
    .option('--on-silence <what>', 'opponents: confirm (default) or escalate when nobody answers')
    .option(
      '--evidence-required',
      'chat reports must carry a screenshot or a link (API writes not)',
    )
    .option('--json')
    .action((ownerId: string, o: Record<string, string | number | boolean | undefined>) =>
      withContext(async (ctx) => {
        const points = typeof o.points === 'string' ? o.points.split(',').map(int) : undefined;
        if (points && points.length !== 3)
          throw new TallyError('invalid_request', '--points takes three numbers: win,draw,loss');
        const board = await createBoard(ctx, {
          ownerId,
          type: String(o.type),
          sort: o.sort as string | undefined,
          teamSize: o.teamSize as number | undefined,
          fixedTeams: o.fixedTeams === true,
          freeForAll: o.freeForAll === true,
          windowHours: o.window as number | undefined,
          kFactor: o.k as number | undefined,
          startRating: o.start as number | undefined,
          points: points as [number, number, number] | undefined,
          id: o.id as string | undefined,
          name: o.name as string | undefined,
          moderatorChannelId: o.moderatorChannel as string | undefined,
          ...confirmOptions(o),
          evidenceRequired: o.evidenceRequired === true,
        });
        const body = serializeBoard(board, ctx.config.publicUrl);
        printer({ json: o.json === true })(
          body,
          `Created ${body.type} board ${body.id} "${body.display_name}": ${body.url}${reviewHint(ownerId, body.validation_window_hours)}`,
        );
      }),
    );
}
