import { describe, expect, it } from 'vitest';
import { afterBody, LARGE_BODY_BYTES } from '../../src/api/collect-after.js';

describe('afterBody (a full collection after a large body)', () => {
  it('asks for one after a large body only, at most once per second, and it runs', async () => {
    // Later than any body another test file of this process read (the gap counts from the last one).
    const t = Date.now() + 3_600_000;
    expect(afterBody(LARGE_BODY_BYTES - 1, t)).toBe(false);
    // an object nobody holds is collected by it (nothing else here would start a full collection so soon)
    const collected = new Promise<string>((resolve) => {
      const registry = new FinalizationRegistry<string>(resolve);
      registry.register({ big: 'x'.repeat(1000) }, 'collected');
      (globalThis as { keepRegistry?: unknown }).keepRegistry = registry;
    });
    expect(afterBody(LARGE_BODY_BYTES, t)).toBe(true);
    // one already pending
    expect(afterBody(LARGE_BODY_BYTES, t + 1500)).toBe(false);
    expect(await collected).toBe('collected');
    // it ran: the next one waits for the gap, counted from the body that asked
    expect(afterBody(LARGE_BODY_BYTES, t + 10)).toBe(false);
    expect(afterBody(LARGE_BODY_BYTES, t + 1500)).toBe(true);
  });
});
