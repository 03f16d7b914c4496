import { describe, expect, it } from 'vitest';
import { share } from '../../src/store/engine/share.js';

const vm = (id: number, status = 'ACTIVE') => ({
  id,
  name: `vm-${id}`,
  status,
  flavor: { name: 'n3-H100x1', gpu_count: 1 },
  labels: ['a'],
});

describe('share (structural sharing)', () => {
  it('returns the previous value when nothing changed', () => {
    const prev = { instances: [vm(1), vm(2)], count: 2 };
    const next = JSON.parse(JSON.stringify(prev));
    expect(share(prev, next)).toBe(prev);
  });

  it('keeps unchanged items and replaces only the changed one', () => {
    const prev = [vm(1), vm(2), vm(3)];
    const next = [vm(1), vm(2, 'SHUTOFF'), vm(3)];
    const out = share(prev, next);
    expect(out).not.toBe(prev);
    expect(out[0]).toBe(prev[0]);
    expect(out[1]).toEqual(next[1]);
    expect(out[1]).not.toBe(prev[1]);
    expect(out[1]?.flavor).toBe(prev[1]?.flavor);
    expect(out[2]).toBe(prev[2]);
  });

  it('matches array items by id, so an insertion keeps the identity of the others', () => {
    const prev = [vm(1), vm(2)];
    const out = share(prev, [vm(9), vm(1), vm(2)]);
    expect(out[1]).toBe(prev[0]);
    expect(out[2]).toBe(prev[1]);
  });

  it('notices added and removed keys, and null/primitive changes', () => {
    const prev: Record<string, unknown> = { a: 1, b: null };
    expect(share(prev, { a: 1 })).not.toBe(prev);
    expect(share(prev, { a: 1, b: null, c: 2 })).not.toBe(prev);
    expect(share(prev, { a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
    expect(share([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
  });
});
