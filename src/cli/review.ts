import { declineReason } from '../domain/evidence';
import { requireOwner } from '../pipeline/owners';
import { review } from '../pipeline/review';
import { correctResult } from '../pipeline/corrections';
import { correctionJson, correctionText } from './correction-format';
import { REVIEW_QUEUE_LIMIT, reviewQueue } from '../pipeline/review-queue';
import { pendingJson, pendingTable } from './review-format';
import { type Cli, listJson, printer } from './shared';

/** `tally review`: the review queue and its decisions, and corrections of applied results. */
export function registerReview({ program, withContext }: Cli): void {
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
    .option('--json', '{ "data": [...] }, as `key list --json`')
    .action((ownerId: string, o: { board?: string; json?: boolean }) =>
      withContext(async (ctx) => {
        await requireOwner(ctx, ownerId);
        const queue = await reviewQueue(ctx, { ownerId, ...(o.board ? { boardId: o.board } : {}) });
        const now = ctx.now();
        const more = queue.more
          ? `… and ${queue.more} more (the oldest ${queue.items.length} shown)`
          : '';
        if (o.json) {
          console.log(JSON.stringify(listJson(queue.items.map((item) => pendingJson(item, now)))));
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
}
