import { log } from '../log';

/**
 * A background pass run every `pollMs` until stopped: what the scheduler and the review poster
 * share. A failed pass is logged and the next one tries again; `poke` cuts the current wait
 * short; `stop` resolves once the pass in hand has finished.
 */
export class PollLoop {
  private active = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly pollMs: number,
    /** Names the pass in the log line of a failure: `review pass failed; retrying`. */
    private readonly what: string,
  ) {}

  get running(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.active = false;
    this.wake?.();
    await this.loop;
  }

  poke(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.active) {
      try {
        await this.pass();
      } catch (err) {
        log.warn(`${this.what} pass failed; retrying`, { err });
      }
      if (this.active) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.wake = done;
    });
  }
}
