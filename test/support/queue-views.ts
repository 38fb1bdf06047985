import type { Board } from '../../entities/board';
import type { Queue, QueueMatch, QueuePlayer } from '../../entities/queue';
import { QUEUE_DEFAULTS } from '../../src/domain/matchmaking';
import type { QueueMatchView, QueueView, Waiter } from '../../src/pipeline/queues';
import { aBoard, AT } from './views';

/**
 * A queue and its matches as src/pipeline/queues.ts returns them (queueView, queueMatchView),
 * made by hand for the layouts' fast tier (test/messages/queue-message.test.ts).
 */
export const member = (n: number) => String(800000000000000000n + BigInt(n));
export const chat = (n: number) => `chat:${member(n)}`;
const minutesAgo = (m: number) => new Date(AT.getTime() - m * 60_000);

export function aQueue(parts: Partial<Queue> = {}): Queue {
  return {
    pk: 4,
    boardPk: 7,
    ownerId: 'guild:804615273910462851',
    channelId: '900000000000000002',
    messageId: null,
    ...QUEUE_DEFAULTS,
    version: 1,
    shownVersion: 0,
    posts: 0,
    leasedUntil: null,
    retryAt: null,
    attempts: 0,
    refused: null,
    closedAt: null,
    createdAt: AT,
    ...parts,
  };
}

/** Member `n` waiting since `minutes` ago, rated 1000 + n. */
export const aWaiter = (n: number, minutes = n, parts: Partial<Waiter> = {}): Waiter => ({
  entrant: chat(n),
  joinedBy: chat(n),
  queuePk: 4,
  since: minutesAgo(minutes),
  name: null,
  rating: 1000 + n,
  window: 50,
  ...parts,
});

export function aQueueView(parts: Partial<QueueView> = {}): QueueView {
  return { queue: aQueue(), board: aBoard(), waiting: [aWaiter(1), aWaiter(2)], open: 0, ...parts };
}

export function aQueueMatch(parts: Partial<QueueMatch> = {}): QueueMatch {
  return {
    pk: 9,
    queuePk: 4,
    boardPk: 7,
    state: 'ready',
    predictedPpm: 620_000,
    readyBy: new Date(AT.getTime() + 60_000),
    reportBy: null,
    submissionId: null,
    reportedBy: null,
    reason: null,
    channelId: '900000000000000002',
    messageId: null,
    version: 1,
    shownVersion: 0,
    leasedUntil: null,
    retryAt: null,
    attempts: 0,
    createdAt: AT,
    ...parts,
  };
}

/** Member `n` on `side`, rated 1000 + n. */
export const aPlayer = (
  n: number,
  side: number,
  parts: Partial<QueuePlayer> = {},
): QueuePlayer => ({
  matchPk: 9,
  entrant: chat(n),
  joinedBy: chat(n),
  side,
  rating: 1000 + n,
  since: minutesAgo(n),
  readyAt: null,
  busy: chat(n),
  ...parts,
});

export function aQueueMatchView(
  parts: Partial<Omit<QueueMatchView, 'board'>> & { board?: Board } = {},
): QueueMatchView {
  const match = parts.match ?? aQueueMatch();
  return {
    match,
    board: aBoard(),
    players: [aPlayer(1, 1), aPlayer(2, 2)],
    names: new Map(),
    predicted: match.predictedPpm / 1_000_000,
    ...parts,
  };
}
