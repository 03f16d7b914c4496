import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLarge, readCapped } from '../../src/api/read-body.js';

describe('readCapped (a body decoded chunk by chunk)', () => {
  it('decodes characters split between chunks, at every split point', async () => {
    const text = '{"name":"vm-é-日本-🚀"}';
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const progress = { bytes: 0 };
      const body = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(await readCapped(body, 1000, undefined, progress)).toBe(text);
      expect(progress.bytes).toBe(bytes.length);
    }
  });

  it('one byte at a time, and a truncated character at the end shows as a replacement', async () => {
    const bytes = Buffer.from('ä🚀');
    const body = Readable.from([...bytes].map((b) => Buffer.from([b])));
    expect(await readCapped(body, 100, undefined, { bytes: 0 })).toBe('ä🚀');
    const cut = Readable.from([bytes.subarray(0, 4)]);
    expect(await readCapped(cut, 100, undefined, { bytes: 0 })).toBe('ä\ufffd');
  });

  it('still stops at the limit', async () => {
    const body = Readable.from([Buffer.alloc(60, 'a'), Buffer.alloc(60, 'a')]);
    await expect(readCapped(body, 100, undefined, { bytes: 0 })).rejects.toBeInstanceOf(BodyTooLarge);
  });
});
