import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, StartupError, loadConfig } from './config';
import { TallyError } from './domain/errors';
import { declineReason } from './domain/evidence';
import { parseScopes, type AccessLevel } from './domain/scopes';
import type { KeyType } from './domain/keys';
import { closeContext, openContext, startTally } from './main';
import { serializeBoard } from './api/serialize/board';
import { createBoard, createTeam, editBoard } from './pipeline/boards';
import { setDecay } from './pipeline/decay';
import { placeLiveStandings } from './pipeline/live-standings';
import { describeDecay } from './domain/decay';
import { seasonTitle, type SeasonReset } from './domain/season';
import { endSeason, startSeason } from './pipeline/seasons';
import { ownedBoard } from './pipeline/board-reads';
import { byPrecedence } from './domain/rank-roles';
import {
  putRankRole,
  refreshRankRoles,
  removeRankRole,
  setRankRoleSettings,
} from './pipeline/rank-roles';
import type { Context } from './pipeline/context';
import { demoGuide, demoJson, seedDemo, type Demo } from './demo/demo';
import { stopOnSignals } from './stop-signals';
import { listKeys, mintKey, revokeKey } from './pipeline/keys';
import { addOwner, requireOwner, setOwnerAccess } from './pipeline/owners';
import { review } from './pipeline/review';
import { correctResult } from './pipeline/corrections';
import { correctionJson, correctionText } from './cli-corrections';
import { REVIEW_QUEUE_LIMIT, reviewQueue } from './pipeline/review-queue';
import { pendingJson, pendingTable } from './cli-review';

/** The operator CLI of DESIGN.md 4. Every command that creates something accepts --json. */
const program = new Command('tally').description(
  'Tally: leaderboards for Discord, and the Leaderboard Scoring API',
);

type Printer = (json: object, text: string) => void;
const printer =
  (opts: { json?: boolean }): Printer =>
  (json, text) =>
    console.log(opts.json ? JSON.stringify(json) : text);

/** Opens the database for one command and always closes it. */
async function withContext<T>(run: (ctx: Context) => Promise<T>): Promise<T> {
  const opened = await openContext(loadConfig());
  try {
    return await run(opened.ctx);
  } finally {
    await closeContext(opened);
  }
}

const int = (value: string) => {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};

program
  .command('serve')
  .description('migrate, then run the worker, the HTTP API and the bot (if DISCORD_TOKEN is set)')
  .option('--demo', 'on a database without owners, first seed the demo (tally demo) and print it')
  .action(async (o: { demo?: boolean }) => {
    const signals = stopOnSignals();
    const seeded: { demo: Demo | null } = { demo: null };
    // The demo is seeded once the port is bound and the database migrated, before serving.
    const prepare = async (ctx: Context) => {
      seeded.demo = await seedDemo(ctx, { onlyIfEmpty: true });
    };
    const tally = await startTally(loadConfig(), o.demo ? { prepare } : {});
    signals.serving(tally);
    console.log(`Tally is serving the API at ${tally.url}/v1 (OpenAPI: ${tally.url}/openapi.yaml)`);
    if (!o.demo) return;
    console.log(
      seeded.demo
        ? `\n${demoGuide(seeded.demo, tally.ctx.config.publicUrl)}`
        : '\nDemo not seeded: the database already has owners (`npx tally demo` mints fresh demo keys).',
    );
  });

program
  .command('migrate')
  .description('run pending migrations')
  .option('--json')
  .action((o: { json?: boolean }) =>
    withContext(async (ctx) => {
      const applied = ctx.repos.db.appliedMigrations;
      printer(o)(
        { applied, database: ctx.config.database.kind },
        applied.length ? `Applied ${applied.join(', ')}.` : 'Migrations are up to date.',
      );
    }),
  );

program
  .command('demo')
  .description('seed a demo owner with one board of every type, players, history and two keys')
  .option('--json')
  .action((o: { json?: boolean }) =>
    withContext(async (ctx) => {
      const demo = await seedDemo(ctx);
      printer(o)(demoJson(demo, ctx.config.publicUrl), demoGuide(demo, ctx.config.publicUrl));
    }),
  );

const owner = program.command('owner').description('guild and user workspaces');
owner
  .command('add <owner-id>')
  .description('register guild:<snowflake> or user:<snowflake>')
  .option('--name <name>')
  .option('--json')
  .action((id: string, opts: { name?: string; json?: boolean }) =>
    withContext(async (ctx) => {
      const o = await addOwner(ctx, id, opts.name);
      printer(opts)(
        { id: o.id, name: o.name, api_access: o.apiAccess },
        `Added ${o.id} (${o.name}); API access: ${o.apiAccess}`,
      );
    }),
  );
owner
  .command('access <owner-id> <action>')
  .description(
    'open: grant API access; withdraw: revoke live keys and block minting; request: ask for it',
  )
  .option('--json')
  .action((id: string, action: string, opts: { json?: boolean }) =>
    withContext(async (ctx) => {
      if (action !== 'open' && action !== 'withdraw' && action !== 'request') {
        throw new TallyError('invalid_request', 'action must be open, withdraw or request');
      }
      const { owner: o, revokedKeys } = await setOwnerAccess(ctx, id, action);
      printer(opts)(
        { id: o.id, api_access: o.apiAccess, revoked_keys: revokedKeys },
        `API access of ${o.id}: ${o.apiAccess}${revokedKeys ? ` (${revokedKeys} live key(s) revoked)` : ''}`,
      );
    }),
  );

const boardCommand = program.command('board').description('boards');

boardCommand
  .command('decay <owner-id> <board-id>')
  .description('inactivity decay of an ELO board (the same rule as /board decay)')
  .option('--amount <n>', 'rating points per step (percent with --percent)', int)
  .option('--percent', 'the amount is a percentage of the rating')
  .option('--after-days <n>', 'days without a result before decay starts', int, 14)
  .option('--every-hours <n>', 'hours between steps', int, 24)
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
              afterDays: o.afterDays as number,
              everyHours: o.everyHours as number,
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
      const open = await ctx.repos.seasons.open(board.pk);
      if (open) {
        console.log(
          `${seasonTitle(open)}: running since ${open.startedAt.toISOString()}${open.endsAt ? `, ends ${open.endsAt.toISOString()}` : ''}`,
        );
      }
      const ended = await ctx.repos.seasons.ended(board.pk, Number.MAX_SAFE_INTEGER, 1000);
      const champions = await ctx.repos.seasons.champions(ended.map((s) => s.pk));
      for (const s of ended) {
        const won = (champions.get(s.pk) ?? []).map((c) => c.playerName).join(', ');
        console.log(
          `${seasonTitle(s)}: ${s.startedAt.toISOString()} – ${s.endedAt!.toISOString()}, champion: ${won || 'none'}`,
        );
      }
      if (!open && ended.length === 0) console.log(`${boardId} has no seasons.`);
    }),
  );

const rolesCommand = program
  .command('roles')
  .description('rank roles of a board (the same rules as /roles; the bot gives them)');

rolesCommand
  .command('add <owner-id> <board-id> <role-id>')
  .description('give a role at a value (--at) or to the top N (--top)')
  .option('--at <value>', 'earned at this rating, points or score (in the board direction)', int)
  .option('--top <n>', 'earned by ranks 1 to N', int)
  .option('--keep-to <value>', 'once earned, kept down to this value or rank', int)
  .action((ownerId: string, boardId: string, roleId: string, o: Record<string, number>) =>
    withContext(async (ctx) => {
      if ((o.at === undefined) === (o.top === undefined)) {
        throw new TallyError('invalid_request', 'give --at <value> or --top <n>');
      }
      const { board, roles } = await putRankRole(ctx, ownerId, boardId, {
        roleId,
        kind: o.top === undefined ? 'value' : 'top',
        threshold: o.top ?? o.at!,
        keep: o.keepTo ?? null,
      });
      console.log(`Rank roles of ${board.id}: ${roles.length}; the bot gives them within 30 s.`);
    }),
  );

rolesCommand
  .command('remove <owner-id> <board-id> <role-id>')
  .description('stop giving a rank role; the bot takes it back')
  .action((ownerId: string, boardId: string, roleId: string) =>
    withContext(async (ctx) => {
      const board = await removeRankRole(ctx, ownerId, boardId, roleId);
      console.log(`Role ${roleId} is no longer a rank role of ${board.id}.`);
    }),
  );

rolesCommand
  .command('settings <owner-id> <board-id>')
  .option('--min-games <n>', 'results a player needs before any rank role', int)
  .option('--stack', 'hold every earned role')
  .option('--no-stack', 'hold only the best earned role')
  .action((ownerId: string, boardId: string, o: { minGames?: number; stack?: boolean }) =>
    withContext(async (ctx) => {
      const { settings } = await setRankRoleSettings(ctx, ownerId, boardId, {
        ...(o.minGames !== undefined ? { minGames: o.minGames } : {}),
        ...(o.stack !== undefined ? { stack: o.stack } : {}),
      });
      console.log(
        `Rank roles of ${boardId}: from ${settings.minGames} results, ${settings.stack ? 'stacked' : 'one at a time'}.`,
      );
    }),
  );

rolesCommand
  .command('refresh <owner-id> <board-id>')
  .description('check every member again now, including roles Discord refused before')
  .action((ownerId: string, boardId: string) =>
    withContext(async (ctx) => {
      await refreshRankRoles(ctx, ownerId, boardId);
      console.log(`Rank roles of ${boardId} are checked again at the bot's next step.`);
    }),
  );

rolesCommand.command('list <owner-id> <board-id>').action((ownerId: string, boardId: string) =>
  withContext(async (ctx) => {
    const board = await ownedBoard(ctx, ownerId, boardId);
    const roles = byPrecedence(await ctx.repos.rankRoles.roles(board.pk), board.sort);
    for (const role of roles) {
      const rule = role.kind === 'top' ? `top ${role.threshold}` : `at ${role.threshold}`;
      const keep = role.keep !== null ? `, kept to ${role.keep}` : '';
      console.log(
        `${role.roleId}: ${rule}${keep}${role.problem ? ` (refused: ${role.problem})` : ''}`,
      );
    }
    if (roles.length === 0) console.log(`${board.id} has no rank roles.`);
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
  .requiredOption('--type <type>', 'Classic, Highscore, Time, ELO, League or Rating')
  .option('--sort <sort>', 'asc or desc')
  .option('--team-size <n>', 'participants per side', int)
  .option('--fixed-teams', 'sides are fixed team entities')
  .option('--free-for-all', 'played by 3–8 players for a finishing order; takes no API writes')
  .option('--window <hours>', 'validation window: 0 auto-applies, 999 never expires', int)
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
  .option('--confirm-hours <h>', 'opponents: hours to confirm or dispute (1–720, default 24)', int)
  .option('--on-silence <what>', 'opponents: confirm (default) or escalate when nobody answers')
  .option('--evidence-required', 'chat reports must carry a screenshot or a link (API writes not)')
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
        `Created ${body.type} board ${body.id} "${body.display_name}": ${body.url}`,
      );
    }),
  );

program
  .command('team')
  .description('teams of fixed-teams boards')
  .command('create <owner-id> <board-id>')
  .requiredOption('--name <name>')
  .option('--json')
  .action((ownerId: string, boardId: string, opts: { name: string; json?: boolean }) =>
    withContext(async (ctx) => {
      const team = await createTeam(ctx, ownerId, boardId, opts.name);
      printer(opts)(
        { team_id: team.teamId, name: team.name, board: boardId },
        `Created team ${team.teamId} "${team.name}"`,
      );
    }),
  );

const key = program.command('key').description('API keys');
key
  .command('create <owner-id>')
  .requiredOption('--type <type>', 'live or test')
  .option('--access <level>', 'read or read-write', 'read')
  .option('--scopes <list>', 'explicit scopes instead of an access level, comma-separated')
  .option('--label <label>')
  .option('--json')
  .action(
    (
      ownerId: string,
      o: { type: string; access: string; scopes?: string; label?: string; json?: boolean },
    ) =>
      withContext(async (ctx) => {
        if (o.type !== 'live' && o.type !== 'test')
          throw new TallyError('invalid_request', '--type must be live or test');
        if (o.access !== 'read' && o.access !== 'read-write') {
          throw new TallyError('invalid_request', '--access must be read or read-write');
        }
        const scopes = o.scopes === undefined ? undefined : parseScopes(o.scopes);
        const minted = await mintKey(ctx, {
          ownerId,
          type: o.type as KeyType,
          access: o.access as AccessLevel,
          scopes,
          label: o.label,
        });
        printer(o)(
          minted,
          `Created ${minted.id} (${minted.type}; ${minted.scopes.join(', ')}).\n` +
            `Secret, shown once and never again:\n\n  ${minted.secret}\n`,
        );
      }),
  );
key
  .command('list <owner-id>')
  .option('--json')
  .action((ownerId: string, o: { json?: boolean }) =>
    withContext(async (ctx) => {
      const keys = await listKeys(ctx, ownerId);
      const lines = keys.map(
        (k) =>
          `${k.id}\t${k.type}\t${k.hint}\t${k.revoked_at ? 'revoked' : 'active'}\t${k.label}\t${k.scopes.join(',')}`,
      );
      printer(o)({ data: keys }, lines.join('\n') || 'No keys.');
    }),
  );
key
  .command('revoke <key-id>')
  .option('--json')
  .action((id: string, o: { json?: boolean }) =>
    withContext(async (ctx) => {
      const revoked = await revokeKey(ctx, id, 'operator');
      printer(o)(revoked, `Revoked ${revoked.id}; it is refused from the next request on.`);
    }),
  );

const reviewCommand = program
  .command('review')
  .description('moderate a pending submission from the terminal');
for (const decision of ['approve', 'decline'] as const) {
  const decisionCommand = reviewCommand.command(`${decision} <handle>`);
  if (decision === 'decline') {
    decisionCommand.option(
      '--reason <text>',
      'why (at most 300 characters); the submitter is told',
    );
  }
  decisionCommand
    .description(
      decision === 'approve'
        ? 'apply the submission to the board'
        : 'reject it; nothing is applied',
    )
    .option('--json')
    .action((handle: string, o: { json?: boolean; reason?: string }) =>
      withContext(async (ctx) => {
        const reason = declineReason(o.reason);
        const options = reason === null ? {} : { reason };
        const outcome = await review(ctx, handle, decision, 'cli', 'operator', options);
        printer(o)(
          { handle: outcome.handle, status: outcome.status, ...options },
          `${outcome.handle}: ${outcome.status}${outcome.status === 'approved' ? ' (standings updated)' : ''}${reason ? ` (reason: ${reason})` : ''}`,
        );
      }),
    );
}
reviewCommand
  .command('list <owner-id>')
  .description(`submissions waiting for review, oldest first (at most ${REVIEW_QUEUE_LIMIT})`)
  .option('--board <board-id>', 'only this board')
  .option('--json', 'an array of objects')
  .action((ownerId: string, o: { board?: string; json?: boolean }) =>
    withContext(async (ctx) => {
      await requireOwner(ctx, ownerId);
      const queue = await reviewQueue(ctx, { ownerId, ...(o.board ? { boardId: o.board } : {}) });
      const now = ctx.now();
      const more = queue.more
        ? `… and ${queue.more} more (the oldest ${queue.items.length} shown)`
        : '';
      if (o.json) {
        console.log(JSON.stringify(queue.items.map((item) => pendingJson(item, now))));
        if (more) console.error(more);
        return;
      }
      const where = `${ownerId}${o.board ? ` board ${o.board}` : ''}`;
      if (queue.items.length === 0) {
        console.log(`Nothing is waiting for review on ${where}.`);
        return;
      }
      console.log(pendingTable(queue.items, now) + (more ? `\n${more}` : ''));
    }),
  );

reviewCommand
  .command('correct <handle>')
  .description('change the result of an applied match or score (README "Corrections")')
  .option('--winner <team1|team2|draw>', 'ELO boards: the corrected winner')
  .option('--score <a-b>', 'League boards: the corrected scoreline, team 1 first')
  .option('--value <value>', 'score boards: the corrected score (m:ss.mmm on Time boards)')
  .option('--reason <text>', 'why, kept with the correction')
  .option('--json')
  .action(
    (
      handle: string,
      o: { winner?: string; score?: string; value?: string; reason?: string; json?: boolean },
    ) =>
      withContext(async (ctx) => {
        const text = { winner: o.winner, scoreline: o.score, value: o.value };
        const outcome = await correctResult(
          ctx,
          { handle },
          { text },
          {
            by: 'cli',
            actor: 'operator',
            reason: o.reason ?? null,
          },
        );
        printer(o)(correctionJson(outcome), correctionText(outcome));
      }),
  );
reviewCommand
  .command('remove <handle>')
  .description('take an applied match or score back off the board (README "Corrections")')
  .option('--reason <text>', 'why, kept with the correction')
  .option('--json')
  .action((handle: string, o: { reason?: string; json?: boolean }) =>
    withContext(async (ctx) => {
      const outcome = await correctResult(ctx, { handle }, 'remove', {
        by: 'cli',
        actor: 'operator',
        reason: o.reason ?? null,
      });
      printer(o)(correctionJson(outcome), correctionText(outcome));
    }),
  );

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof StartupError) {
    console.error(`tally: ${err.message}`);
    process.exit(1);
  }
  if (
    err instanceof TallyError ||
    (err instanceof Error && err.message.startsWith('unknown scope'))
  ) {
    console.error(`error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
