import type { StoredResponse } from '../store/idempotency';
import type { SettledOutcome } from './signals';

/** The final answer of one waiting request, for what the worker made of its submission. */
export type RenderFinal = (outcome: SettledOutcome) => StoredResponse;

interface Waiting {
  recordPk: number;
  render: RenderFinal;
  stored: StoredResponse | null;
}

/**
 * Requests in this process waiting for the worker with an idempotency record to finish
 * (pipeline/idempotency.ts). The worker renders their answers in the transaction that applies
 * their writes and stores them there (IdempotencyRepository.storeInTx): a 201 then costs no
 * commit of its own after the worker's. A request the worker of another process applies, or one
 * whose answer could not be stored with the batch, stores its own as before.
 */
export class FinalAnswers {
  private readonly waiting = new Map<number, Waiting>();

  /**
   * Armed inside the enqueue transaction, before its commit, so no worker can apply the
   * submission first; `release` lets it go (the request answered, or that try rolled back).
   */
  expect(submissionId: number, recordPk: number, render: RenderFinal) {
    const waiting: Waiting = { recordPk, render, stored: null };
    this.waiting.set(submissionId, waiting);
    return {
      /** The answer the worker stored, once its transaction committed; else null. */
      stored: () => waiting.stored,
      release: () => {
        if (this.waiting.get(submissionId) === waiting) this.waiting.delete(submissionId);
      },
    };
  }

  /**
   * The answers to store with a batch (inside its transaction; none when there are more than
   * `max`), and `committed` to call once it committed. Only when every record took its answer are they marked stored; a record whose
   * lease ran out keeps what it has, and its request then reads that back as before.
   */
  forBatch(outcomes: Map<number, SettledOutcome>, max: number) {
    let answers: (StoredResponse & { pk: number; waiting: Waiting })[] = [];
    for (const [id, outcome] of outcomes) {
      const waiting = this.waiting.get(id);
      if (waiting) answers.push({ pk: waiting.recordPk, ...waiting.render(outcome), waiting });
    }
    // More than the store takes in one batch: the requests store theirs, together, as before.
    if (answers.length > max) answers = [];
    return {
      answers,
      committed(affected: number) {
        if (affected !== answers.length) return;
        for (const a of answers) a.waiting.stored = { status: a.status, body: a.body };
      },
    };
  }
}
