import { In, LessThanOrEqual, type EntityManager } from 'typeorm';
import { ScheduledJobEntity, type ScheduledJob } from '../../entities/schedule';
import { Repository } from './repository';

/** The schedule rows (entities/schedule.ts): what is due, and the one conditional move on. */
export class ScheduleRepository extends Repository {
  /**
   * Jobs of these kinds due at `now`, earliest first. Only kinds the caller runs: rows of a kind
   * this process does not know (a Discord job in a process without a bot) never crowd it out.
   */
  due(now: Date, kinds: readonly string[], limit: number): Promise<ScheduledJob[]> {
    return this.use(undefined, (m) =>
      m.find(ScheduledJobEntity, {
        where: { dueAt: LessThanOrEqual(now), kind: In([...kinds]) },
        order: { dueAt: 'ASC' },
        take: limit,
      }),
    );
  }

  get(kind: string, subject: string, tx?: EntityManager): Promise<ScheduledJob | null> {
    return this.use(tx, (m) => m.findOneBy(ScheduledJobEntity, { kind, subject }));
  }

  /** Plans the job at `dueAt`, replacing any plan it had (a setting changed). */
  async plan(kind: string, subject: string, dueAt: Date, tx?: EntityManager): Promise<void> {
    await this.use(tx, async (m) => {
      const moved = await m.update(ScheduledJobEntity, { kind, subject }, { dueAt });
      if ((moved.affected ?? 0) === 0) await m.insert(ScheduledJobEntity, { kind, subject, dueAt });
    });
  }

  /** Plans the job at `dueAt` unless it is planned already (every process does this at start). */
  async ensure(kind: string, subject: string, dueAt: Date): Promise<void> {
    if (await this.get(kind, subject)) return;
    await this.use(undefined, (m) => m.insert(ScheduledJobEntity, { kind, subject, dueAt })).catch(
      async (err: unknown) => {
        if (!(await this.get(kind, subject))) throw err; // not the race with another process
      },
    );
  }

  async cancel(kind: string, subject: string, tx?: EntityManager): Promise<void> {
    await this.use(tx, (m) => m.delete(ScheduledJobEntity, { kind, subject }));
  }

  /**
   * Takes the step due at `from`: moves the job on to `to` (or ends it), only if it is still due
   * at `from`. True for exactly one caller per step, whichever process it runs in; inside a
   * transaction the row stays locked until it commits, so the step's work commits with it.
   */
  async take(tx: EntityManager, job: ScheduledJob, to: Date | null): Promise<boolean> {
    const where = { kind: job.kind, subject: job.subject, dueAt: job.dueAt };
    const result = to
      ? await tx.update(ScheduledJobEntity, where, { dueAt: to })
      : await tx.delete(ScheduledJobEntity, where);
    return (result.affected ?? 0) === 1;
  }

  /**
   * A slot of a rate limit shared by every process (a gateway identify bucket): takes it until
   * `until` when its row is free at `now`, creating the row on first use. Null when taken;
   * otherwise when the holder's slot ends, to try again then. Rows of such kinds are never steps:
   * no job has their kind.
   */
  async claimSlot(kind: string, subject: string, now: Date, until: Date): Promise<Date | null> {
    await this.ensure(kind, subject, new Date(0));
    const result = await this.use(undefined, (m) =>
      m.update(
        ScheduledJobEntity,
        { kind, subject, dueAt: LessThanOrEqual(now) },
        { dueAt: until },
      ),
    );
    if ((result.affected ?? 0) === 1) return null;
    return (await this.get(kind, subject))?.dueAt ?? now;
  }

  /**
   * A lease on work that is not a row of its own (a board's rank roles): taken until `until`
   * when free at `now`, as a slot is (claimSlot); false while another process holds it.
   */
  async lease(kind: string, subject: string, now: Date, until: Date): Promise<boolean> {
    return (await this.claimSlot(kind, subject, now, until)) === null;
  }

  /** Gives up the lease taken until `until`, if it is still held. */
  async release(kind: string, subject: string, until: Date): Promise<void> {
    await this.use(undefined, (m) =>
      m.update(ScheduledJobEntity, { kind, subject, dueAt: until }, { dueAt: new Date(0) }),
    );
  }
}
