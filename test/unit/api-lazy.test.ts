/** An api namespace whose code loads when first called (src/api/lazy.ts), and the api built of them. */
import { describe, expect, it } from 'vitest';
import { loadedApi } from '../../src/api/client.js';
import { lazyOperations, MAX_ARGS } from '../../src/api/lazy.js';

const fake = () => ({
  sum: async (a: number, b: number, c = 0, d = 0) => a + b + c + d,
  fails: async () => {
    throw new Error('refused');
  },
  invites: { list: async (o?: { n: number }) => [o?.n ?? 0] },
});

describe('lazyOperations', () => {
  it('loads the namespace at its first call, once, and calls through with the arguments', async () => {
    let loads = 0;
    const ns = lazyOperations(async () => {
      loads += 1;
      return fake();
    });
    const sum = ns.sum;
    expect(loads).toBe(0);
    await expect(sum(1, 2, 3, 4)).resolves.toBe(10);
    await expect(ns.sum(1, 2)).resolves.toBe(3);
    await expect(ns.invites.list({ n: 7 })).resolves.toEqual([7]);
    await expect(ns.fails()).rejects.toThrow('refused');
    expect(loads).toBe(1);
  });

  it('is not a promise, and refuses more arguments than any operation takes', async () => {
    const ns = lazyOperations(async () => fake());
    expect(await Promise.resolve(ns)).toBe(ns);
    const tooMany = ns.sum as unknown as (...a: number[]) => Promise<number>;
    await expect(tooMany(1, 2, 3, 4, 5)).rejects.toThrow(/more than 4 arguments/);
  });

  it('no operation of the api takes more arguments than it forwards', async () => {
    const api = await loadedApi({ request: async () => ({}) } as never);
    const arities: string[] = [];
    const walk = (o: object, path: string) => {
      for (const [k, v] of Object.entries(o)) {
        if (typeof v === 'function') arities.push(`${path}.${k}:${v.length}`);
        else if (v && typeof v === 'object') walk(v, `${path}.${k}`);
      }
    };
    walk(api, 'api');
    expect(arities.length).toBeGreaterThan(80);
    expect(arities.filter((a) => Number(a.split(':')[1]) > MAX_ARGS)).toEqual([]);
  });
});
