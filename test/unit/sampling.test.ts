import { describe, expect, it } from 'vitest';
import { FULL, rng, sample } from '../support/sampling.js';

describe('sampled walks', () => {
  it('the same seed picks the same cases; another seed, others', () => {
    const all = Array.from({ length: 100 }, (_, i) => i);
    const a = sample(all, 10, 42);
    expect(sample(all, 10, 42)).toEqual(a);
    if (!FULL) {
      expect(a).toHaveLength(10);
      expect(new Set(a).size).toBe(10);
      expect(sample(all, 10, 43)).not.toEqual(a);
    }
  });

  it('a sample as large as the list is the whole list, in order', () => {
    expect(sample([3, 1, 2], 5, 1)).toEqual([3, 1, 2]);
  });

  it('the generator stays in [0, 1)', () => {
    const next = rng(7);
    for (let i = 0; i < 1000; i++) {
      const x = next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
