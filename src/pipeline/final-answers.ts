import type { StoredResponse } from '../store/idempotency';

/**
 * The final answer of one waiting request, for what the worker made of its submission (`O`: the
 * worker's outcome, signals.ts SettledOutcome).
 */
export type RenderFinal<O> = (outcome: O) => StoredResponse;

interface Waiting<O> {
  recordPk: number;
  render: RenderFinal<O>;
  stored: StoredResponse | null;
}

/**
 * Requests in this process waiting for the worker with an idempotency record to finish
 * (pipeline/idempotency.ts). The worker renders their answers in the transaction that applies
 * their writes and stores them there (IdempotencyRepository.storeInTx): a 201 then costs no
 * commit of its own after the worker's. A request the worker of another process applies, or one
 * whose answer could not be stored with the batch, stores its own as before.
 */
export class FinalAnswers<O> {
  private readonly waiting = new Map<number, Waiting<O>>();

  /**
   * Armed inside the enqueue transaction, before its commit, so no worker can apply the
   * submission first; `release` lets it go (the request answered, or that try rolled back).
   */
  expect(submissionId: number, recordPk: number, render: RenderFinal<O>) {
    const waiting: Waiting<O> = { recordPk, render, stored: null };
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
  forBatch(outcomes: Map<number, O>, max: number) {
    let answers: (StoredResponse & { pk: number; waiting: Waiting<O> })[] = [];
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
