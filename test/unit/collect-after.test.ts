import { describe, expect, it } from 'vitest';
import { afterBody, LARGE_BODY_BYTES } from '../../src/api/collect-after.js';

describe('afterBody (a full collection after a large body)', () => {
  it('asks for one after a large body only, at most once per second, and it runs', async () => {
    expect(afterBody(LARGE_BODY_BYTES - 1, 10_000)).toBe(false);
    // an object nobody holds is collected by it (nothing else here would start a full collection so soon)
    const collected = new Promise<string>((resolve) => {
      const registry = new FinalizationRegistry<string>(resolve);
      registry.register({ big: 'x'.repeat(1000) }, 'collected');
      (globalThis as { keepRegistry?: unknown }).keepRegistry = registry;
    });
    expect(afterBody(LARGE_BODY_BYTES, 10_000)).toBe(true);
    // one already pending
    expect(afterBody(LARGE_BODY_BYTES, 10_000)).toBe(false);
    expect(await collected).toBe('collected');
    // it ran: the next one waits for the gap
    expect(afterBody(LARGE_BODY_BYTES, Date.now() + 10)).toBe(false);
    expect(afterBody(LARGE_BODY_BYTES, Date.now() + 1500)).toBe(true);
  });
});
