/**
 * The PNGs by the caller's key (e.g. `board:12:v:345:season:3`): a bounded LRU of promises, so
 * concurrent requests for one key share one render and a repeat is served without rendering.
 * A failed render is not kept: the next request tries again.
 */
export class RenderCache {
  private readonly entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly max: number) {}

  get(key: string, render: () => Promise<Buffer>): { png: Promise<Buffer>; hit: boolean } {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached); // most recently used last
      return { png: cached, hit: true };
    }
    const png = render().catch((error: unknown) => {
      if (this.entries.get(key) === png) this.entries.delete(key);
      throw error instanceof Error ? error : new Error(`render failed: ${String(error)}`);
    });
    if (this.max > 0) {
      this.entries.set(key, png);
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return { png, hit: false };
  }

  clear(): void {
    this.entries.clear();
  }
}
