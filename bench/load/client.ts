import { fileURLToPath } from 'node:url';
import { spawnPinned, type Pinned } from '../processes';
import type { AgentJob, AgentResult, ClosedLoopResult, LoadJob, LoadReply } from './agent';
import type { OpenLoopResult } from './open-loop';
import type { ProbeJob, ProbeResult } from './probe';

/** The harness's handle on the load-generator process (agent.ts), pinned to its own core. */
export class LoadGenerator {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: LoadReply) => void>();

  private constructor(readonly process: Pinned) {
    process.child.on('message', (msg: LoadReply | { ready: true }) => {
      if ('id' in msg) {
        this.waiting.get(msg.id)?.(msg);
        this.waiting.delete(msg.id);
      }
    });
    process.child.once('exit', (code) => {
      for (const [id, resolve] of this.waiting) {
        resolve({ id, ok: false, error: `load generator exited (${code}):\n${process.output()}` });
      }
      this.waiting.clear();
    });
  }

  static async start(cpu: string): Promise<LoadGenerator> {
    const agent = fileURLToPath(new URL('./agent.ts', import.meta.url));
    const pinned = spawnPinned(cpu, process.execPath, ['--import', 'tsx', agent], { ipc: true });
    await new Promise<void>((resolve, reject) => {
      pinned.child.once('message', () => resolve());
      pinned.child.once('exit', (code) =>
        reject(new Error(`load generator exited (${code}):\n${pinned.output()}`)),
      );
    });
    return new LoadGenerator(pinned);
  }

  get pid(): number | undefined {
    return this.process.child.pid;
  }

  closed(job: Omit<LoadJob, 'id' | 'kind'>): Promise<ClosedLoopResult> {
    return this.run({ ...job, kind: 'closed' }) as Promise<ClosedLoopResult>;
  }

  open(job: Omit<LoadJob, 'id' | 'kind'> & { rate: number }): Promise<OpenLoopResult> {
    return this.run({ ...job, kind: 'open' }) as Promise<OpenLoopResult>;
  }

  /** Key-verification timing (probe.ts). */
  probe(job: ProbeJob): Promise<ProbeResult> {
    return this.run({ ...job, kind: 'probe' }) as Promise<ProbeResult>;
  }

  private run(job: Omit<AgentJob, 'id'>): Promise<AgentResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) =>
        reply.ok ? resolve(reply.result) : reject(new Error(reply.error)),
      );
      this.process.child.send({ ...job, id });
    });
  }

  stop(): Promise<void> {
    this.process.child.disconnect();
    return this.process.stop();
  }
}
