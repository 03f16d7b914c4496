/**
 * Exhaustive walks are sampled per run: a seed that changes each run and is printed, so every case runs over time
 * and a failure can be replayed. `SEED=N` replays a run; `FULL=1` runs every case.
 */

/** Every case, not a sample (`FULL=1`). */
export const FULL: boolean = process.env.FULL === '1';

/** This run's seed: `SEED` when given, else a new one; printed with the label so a failure can be replayed. */
export function runSeed(label: string): number {
  const given = process.env.SEED;
  const seed = given !== undefined && given !== '' ? Number(given) >>> 0 : (Math.random() * 2 ** 32) >>> 0;
  console.log(`[${label}] seed ${seed}${FULL ? ' (FULL=1: every case)' : ''} — replay with SEED=${seed}`);
  return seed;
}

/** A small deterministic generator (mulberry32): the same seed gives the same sequence. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `n` of `all`, chosen by the seed (in their original order); all of them with FULL=1 or when n ≥ the count. */
export function sample<T>(all: readonly T[], n: number, seed: number): readonly T[] {
  if (FULL || n >= all.length) return all;
  const next = rng(seed);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(next() * all.length));
  return [...picked].sort((x, y) => x - y).map((i) => all[i] as T);
}
