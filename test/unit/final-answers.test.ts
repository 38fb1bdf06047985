import { describe, expect, it } from 'vitest';
import type { Submission } from '../../entities/submission';
import { FinalAnswers } from '../../src/pipeline/final-answers';
import type { SettledOutcome } from '../../src/pipeline/signals';

const outcome = (id: number): SettledOutcome => ({
  submission: { id, status: 'approved' } as Submission,
  record: { status: 'approved', id },
});
const render = ({ submission }: SettledOutcome) => ({
  status: 201,
  body: `{"handle":"sub_${submission.id}"}`,
});

describe('final answers stored with the worker’s batch', () => {
  it('GIVEN two waiting requests and a third submission of another process THEN the batch renders the two, for their records', () => {
    const answers = new FinalAnswers<SettledOutcome>();
    answers.expect(1, 101, render);
    answers.expect(2, 102, render);
    const { answers: rows } = answers.forBatch(
      new Map([1, 2, 3].map((id) => [id, outcome(id)])),
      64,
    );
    expect(rows.map(({ pk, status, body }) => ({ pk, status, body }))).toEqual([
      { pk: 101, status: 201, body: '{"handle":"sub_1"}' },
      { pk: 102, status: 201, body: '{"handle":"sub_2"}' },
    ]);
  });

  it('GIVEN the batch committed and every record took its answer THEN each request finds it stored', () => {
    const answers = new FinalAnswers<SettledOutcome>();
    const first = answers.expect(1, 101, render);
    const batch = answers.forBatch(new Map([[1, outcome(1)]]), 64);
    expect(first.stored()).toBeNull(); // not before the commit
    batch.committed(1);
    expect(first.stored()).toEqual({ status: 201, body: '{"handle":"sub_1"}' });
  });

  it('GIVEN a record whose lease ran out (fewer rows took an answer) THEN none is marked stored and each request reads back what its record keeps', () => {
    const answers = new FinalAnswers<SettledOutcome>();
    const first = answers.expect(1, 101, render);
    const second = answers.expect(2, 102, render);
    answers.forBatch(new Map([1, 2].map((id) => [id, outcome(id)])), 64).committed(1);
    expect([first.stored(), second.stored()]).toEqual([null, null]);
  });

  it('GIVEN a try that was rolled back and released THEN a later write given the same submission id is not answered for it', () => {
    const answers = new FinalAnswers<SettledOutcome>();
    const rolledBack = answers.expect(7, 107, render);
    rolledBack.release();
    expect(answers.forBatch(new Map([[7, outcome(7)]]), 64).answers).toEqual([]);
    // A release after another request armed the same id leaves that request's wait in place.
    const next = answers.expect(7, 207, render);
    rolledBack.release();
    expect(answers.forBatch(new Map([[7, outcome(7)]]), 64).answers.map((a) => a.pk)).toEqual([
      207,
    ]);
    next.release();
  });

  it('GIVEN more waiting requests than the store takes with one batch THEN none is stored with it: each request stores its own', () => {
    const answers = new FinalAnswers<SettledOutcome>();
    const waits = [1, 2, 3].map((id) => answers.expect(id, 100 + id, render));
    const batch = answers.forBatch(new Map([1, 2, 3].map((id) => [id, outcome(id)])), 2);
    expect(batch.answers).toEqual([]);
    batch.committed(0);
    expect(waits.map((w) => w.stored())).toEqual([null, null, null]);
  });
});
