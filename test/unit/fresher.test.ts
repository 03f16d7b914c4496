import { describe, expect, it } from 'vitest';
import { emptySlice, type Slice } from '../../src/store/engine/slice.js';
import { fresher } from '../../src/ui/screen/fresher.js';

const at = <T>(data: T | undefined, updatedAt: number): Slice<T> => ({ ...emptySlice, data, updatedAt });

describe('fresher: the single read of an open detail against the list it came from', () => {
  const fromList = { id: 1, status: 'ACTIVE', callback: null as string | null };
  it('the list object until the single read lands', () => {
    expect(fresher(at<typeof fromList & { nodes?: number }>(undefined, 0), at([], 5), fromList)).toBe(
      fromList,
    );
  });
  it('the single read when it is as new as the list or newer', () => {
    const one = { id: 1, status: 'ACTIVE', callback: 'https://a', nodes: 3 };
    expect(fresher(at(one, 10), at([], 5), fromList)).toBe(one);
  });
  it("the list's fields over the single read's when the list is newer (an action refreshed it), its extras kept", () => {
    const one = { id: 1, status: 'STOPPING', callback: 'https://a', nodes: 3 };
    expect(fresher(at(one, 5), at([], 10), fromList)).toEqual({
      id: 1,
      status: 'ACTIVE',
      callback: null,
      nodes: 3,
    });
  });
});
