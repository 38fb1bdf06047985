import { api } from './api';
import { audit } from './audit';
import { board } from './board';
import { boardDeleteButtons } from './board-delete';
import { contest } from './contest';
import { contestReport, contestReview, contestVote } from './contest-buttons';
import { correct } from './correct';
import { leaderboard } from './leaderboard';
import { match } from './match';
import { profile } from './profile';
import { rank } from './rank';
import { review } from './review';
import { score } from './score';
import { page } from './page';
import { queue } from './queue';
import { queueButtons, queueMatchButtons, queueScore } from './queue-buttons';
import { season } from './season';
import { setup, setupSteps } from './setup';
import { roles } from './roles';
import type { CommandSet } from '../src/bot/command';
import { team } from './team';
import { versus } from './versus';

/**
 * Every slash command, registered as one global set when the bot is ready, and the commands'
 * button handlers by custom-id prefix (review buttons live in src/bot/). src/main.ts hands this
 * to the bot.
 */
export const COMMANDS: CommandSet = {
  commands: [
    leaderboard,
    rank,
    profile,
    versus,
    match,
    score,
    review,
    correct,
    board,
    season,
    roles,
    team,
    api,
    audit,
    contest,
    setup,
    queue,
  ],
  components: [
    page,
    contestVote,
    contestReport,
    contestReview,
    boardDeleteButtons,
    queueButtons,
    queueMatchButtons,
  ],
  flows: [setupSteps, queueScore],
};
