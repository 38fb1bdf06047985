/** The demo's randomness: seeded, so every fresh database gets the same demo. */
export type Rng = () => number;

/** mulberry32: a small seeded generator, so the demo is the same on every fresh database. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
export const below = (rng: Rng, n: number) => Math.floor(rng() * n);
export const bell = (rng: Rng) => (rng() + rng() + rng()) / 3; // 0..1, most near 0.5
/** A number in [lo, hi). */
export const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[below(rng, items.length)]!;
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(rng, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
