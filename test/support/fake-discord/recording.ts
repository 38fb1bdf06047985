import type { RecordedRequest, Reply, RequestMatch } from './types';

interface Injected extends Reply {
  match: RequestMatch;
  times: number;
}

/** A request held back (a slow Discord): `arrived` once it has come in, answered on `release`. */
export interface Hold {
  arrived: Promise<void>;
  release(): void;
}

interface Holding {
  match: RequestMatch;
  taken: boolean;
  arrive: () => void;
  /** True to answer the request, false to drop it unanswered (the fake is closing). */
  released: Promise<boolean>;
  release: (answer: boolean) => void;
}

/**
 * The fake's memory of the wire, and the hooks tests steer it with: every REST request as it was
 * answered, waits for a request or condition to come true, and replies injected in place of the
 * normal ones (faults, rate limits).
 */
export class Recorder {
  readonly requests: RecordedRequest[] = [];
  private readonly injected: Injected[] = [];
  private readonly holds: Holding[] = [];
  private readonly waiters = new Set<() => void>();

  /**
   * The next request matching `match` is held as it comes in: nothing is done with it (no
   * message created, no rate limit counted) until `release`, then it is answered as usual. A
   * slow edge or a busy Discord, as a client sees it: the request is out, no answer yet.
   */
  holdNext(match: RequestMatch): Hold {
    let arrive = () => {};
    let release = (_answer: boolean) => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const released = new Promise<boolean>((resolve) => (release = resolve));
    this.holds.push({ match, taken: false, arrive, released, release });
    return { arrived, release: () => release(true) };
  }

  /**
   * Waits while this request is held (the first untaken hold it matches takes it); false if it
   * must never be answered.
   */
  async held(method: string, path: string): Promise<boolean> {
    const hold = this.holds.find((h) => !h.taken && h.match({ method, path }));
    if (!hold) return true;
    hold.taken = true;
    hold.arrive();
    return hold.released;
  }

  /** The fake is closing: requests still held are dropped, never answered. */
  dropHeld(): void {
    for (const hold of this.holds) hold.release(false);
  }

  /** The next `times` requests matching `match` get this reply instead of the normal one. */
  failNext(match: RequestMatch, reply: Reply, times = 1): void {
    this.injected.push({ ...reply, match, times });
  }

  /** The injected reply this request consumes, if one matches. */
  injectedReply(method: string, path: string): Reply | undefined {
    const hit = this.injected.find((i) => i.times > 0 && i.match({ method, path }));
    if (!hit) return undefined;
    hit.times--;
    return hit;
  }

  /** Resolves with the first recorded request (past or future) that satisfies `predicate`. */
  async waitForRequest(
    predicate: (req: RecordedRequest) => boolean,
    timeoutMs = 5000,
  ): Promise<RecordedRequest> {
    return this.waitFor(() => this.requests.find(predicate), timeoutMs, 'request');
  }

  /** Polls `probe` on every recorded request and gateway event until it returns a value. */
  async waitFor<T>(probe: () => T | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
    const found = probe();
    if (found !== undefined) return found;
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return;
        finish();
        resolve(value);
      };
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`fake Discord: no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  /** Something happened (a request was answered, a client identified): re-run every wait's probe. */
  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
