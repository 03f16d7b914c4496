/** Code a key loads when first pressed (src/store/actions/lazy-code.ts). */
import { describe, expect, it } from 'vitest';
import { lazyCode, preloadLazyCode } from '../../src/store/actions/lazy-code.js';

describe('lazyCode', () => {
  it('loads at the first use, once; once loaded, a use runs in the same turn', async () => {
    let loads = 0;
    const withCode = lazyCode(async () => {
      loads += 1;
      return { open: (x: string) => `opened ${x}` };
    });
    expect(loads).toBe(0);
    const seen: string[] = [];
    withCode((m) => seen.push(m.open('a')));
    expect(seen).toEqual([]); // not loaded yet: after its load
    await preloadLazyCode();
    expect(seen).toEqual(['opened a']);
    withCode((m) => seen.push(m.open('b')));
    expect(seen).toEqual(['opened a', 'opened b']); // at once
    expect(loads).toBe(1);
  });

  it('preloadLazyCode loads every one declared', async () => {
    let loaded = false;
    const withCode = lazyCode(async () => {
      loaded = true;
      return {};
    });
    await preloadLazyCode();
    expect(loaded).toBe(true);
    let ran = false;
    withCode(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
