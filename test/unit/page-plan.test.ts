import { describe, expect, it } from 'vitest';
import { mergeById } from '../../src/store/engine/merge-by-id.js';
import { mergePages } from '../../src/store/engine/merge-page.js';
import {
  pageShift,
  pagesFor,
  planSpan,
  planTick,
  type TickInput,
  visibleRun,
} from '../../src/store/engine/page-plan.js';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('pagesFor: the pages that cover a run of the list', () => {
  it('one page of at most twice the run when one fits, covering the whole run', () => {
    expect(pagesFor(0, 35, 2)).toEqual({ pageSize: 36, pages: [1] });
    const p = pagesFor(40, 75, 2);
    expect(p.pages).toHaveLength(1);
    expect(p.pageSize).toBeLessThanOrEqual(72);
    const [lo, hi] = planSpan(p);
    expect(lo).toBeLessThanOrEqual(40);
    expect(hi).toBeGreaterThanOrEqual(75);
  });

  it('every run of 2…60 rows anywhere in 10,000 is covered whole, in ≤ 2 pages of ≤ twice its length', () => {
    for (let n = 2; n <= 60; n += 7) {
      for (let first = 0; first < 10_000; first += 37) {
        const p = pagesFor(first, first + n - 1, 2);
        const [lo, hi] = planSpan(p);
        expect(lo <= first && hi >= first + n - 1).toBe(true);
        expect(p.pages.length).toBeLessThanOrEqual(2);
        expect(p.pageSize * p.pages.length).toBeLessThanOrEqual(2 * n);
      }
    }
  });

  it('two pages of the run length when no single page of ≤ 2n fits; one page when only one request is left', () => {
    // 3 rows across a boundary of every page size from 3 to 6
    const two = pagesFor(59, 61, 2);
    expect(two).toEqual({ pageSize: 3, pages: [20, 21] });
    const one = pagesFor(59, 61, 1);
    expect(one.pages).toHaveLength(1);
    const [lo, hi] = planSpan(one);
    expect(lo <= 59 && hi >= 61).toBe(true);
    expect(one.pageSize).toBeLessThanOrEqual(12);
  });
});

describe('visibleRun: the rows on screen that are a run of the list', () => {
  it('a contiguous run, or one with filtered rows between, is found whole', () => {
    expect(visibleRun(range(100, 36))).toEqual({ first: 100, last: 135, count: 36 });
    expect(visibleRun([10, 12, 14, 16])).toEqual({ first: 10, last: 16, count: 4 });
  });
  it('outliers are left out; scattered rows (another sort) and a single row make no run', () => {
    expect(visibleRun([5, 6, 7, 8, 900])).toEqual({ first: 5, last: 8, count: 4 });
    expect(visibleRun([3, 400, 1200, 5000, 7000])).toBeUndefined();
    expect(visibleRun([42])).toBeUndefined();
  });
});

describe('planTick: pages for the visible run, single reads for the rest, within the cap', () => {
  const list = range(1000, 200); // ids 1000… at positions 0…
  const positions = new Map(list.map((id, i) => [id, i]));
  const base: TickInput = {
    urgent: [],
    visible: range(1040, 36),
    positions,
    shift: 0,
    offPage: new Set(),
    lastRead: new Map(),
    cap: 2,
  };

  it('36 visible rows in the service order: one page request, no single reads', () => {
    const t = planTick(base);
    expect(t.pages?.pages).toHaveLength(1);
    expect(t.singles).toEqual([]);
    expect(new Set(t.onPages)).toEqual(new Set(base.visible));
  });

  it('without positions (no page reads) or with scattered rows: single reads as before', () => {
    expect(planTick({ ...base, positions: undefined })).toMatchObject({
      pages: undefined,
      singles: [1040, 1041],
    });
    const scattered = [1000, 1050, 1100, 1150, 1199];
    expect(planTick({ ...base, visible: scattered })).toMatchObject({ pages: undefined, onPages: [] });
  });

  it('an urgent VM on the page is read by it; one off it gets the other request', () => {
    const t = planTick({ ...base, urgent: [1045, 1190] });
    expect(t.onPages).toContain(1045);
    expect(t.pages?.pages).toHaveLength(1);
    expect(t.singles).toEqual([1190]);
  });

  it('a run that needs two pages keeps one request for an urgent VM off the page: one larger page instead', () => {
    const input = { ...base, visible: [59, 60, 61].map((p) => list[p] as number) };
    expect(planTick(input).pages?.pages).toHaveLength(2);
    const t = planTick({ ...input, urgent: [1190] });
    expect(t.pages?.pages).toHaveLength(1);
    expect(t.singles).toEqual([1190]);
  });

  it('with one request a tick, the page and an urgent VM off it take turns', () => {
    const input = { ...base, cap: 1, urgent: [1190] };
    const first = planTick(input);
    expect(first.pages).toBeDefined();
    const read = new Map(first.onPages.map((id) => [id, 10]));
    expect(planTick({ ...input, lastRead: read })).toMatchObject({ pages: undefined, singles: [1190] });
    read.set(1190, 20);
    expect(planTick({ ...input, lastRead: read }).pages).toBeDefined();
  });

  it('with a shift (VMs deleted elsewhere before the run), the pages are asked that much earlier', () => {
    const t = planTick({ ...base, shift: 20 });
    const [lo, hi] = planSpan(t.pages as NonNullable<typeof t.pages>);
    expect(lo <= 20 && hi >= 55 && hi < 75).toBe(true);
    expect(t.onPages).toHaveLength(36);
  });

  it('a run at the end of the list reads past it (creations elsewhere land there)', () => {
    const t = planTick({ ...base, visible: range(1180, 20) });
    expect(planSpan(t.pages as NonNullable<typeof t.pages>)[1]).toBeGreaterThanOrEqual(199 + 20);
  });

  it('a visible id a page did not carry (the list shifted) is read alone, in its turn', () => {
    const t = planTick({ ...base, offPage: new Set([1040]) });
    expect(t.onPages).not.toContain(1040);
    expect(t.singles).toEqual([1040]);
  });
});

describe('pageShift: how far the list is past the service near the pages', () => {
  const positions = new Map(range(1, 10).map((id) => [id, id - 1]));
  it('the median distance over the items both hold; none held: undefined', () => {
    expect(pageShift(positions, [{ offset: 2, items: [{ id: 3 }, { id: 4 }] }])).toBe(0);
    expect(pageShift(positions, [{ offset: 2, items: [{ id: 5 }, { id: 6 }, { id: 7 }] }])).toBe(2);
    // one VM moved elsewhere does not move the others
    expect(pageShift(positions, [{ offset: 2, items: [{ id: 3 }, { id: 9 }, { id: 5 }] }])).toBe(0);
    expect(pageShift(positions, [{ offset: 0, items: [{ id: 50 }] }])).toBeUndefined();
  });
});

type Vm = { id: number; status: string; flavor?: { name: string } };
const vm = (id: number, status = 'ACTIVE'): Vm => ({ id, status, flavor: { name: `f${id}` } });

describe('mergePages: a page laid over the list', () => {
  const list = [1, 2, 3, 4, 5, 6].map((id) => vm(id));

  it('an unchanged page keeps the very list; a changed item is replaced, the others keep identity', () => {
    expect(mergePages(list, [{ offset: 2, items: structuredClone(list.slice(2, 5)) }])).toBe(list);
    const out = mergePages(list, [{ offset: 2, items: [vm(3), vm(4, 'SHUTOFF'), vm(5)] }]);
    expect(out).not.toBe(list);
    expect(out[3]).toMatchObject({ status: 'SHUTOFF' });
    expect(out[3]?.flavor).toBe(list[3]?.flavor);
    expect(out.filter((_, i) => i !== 3).every((v, i) => v === list.filter((_, j) => j !== 3)[i])).toBe(true);
  });

  it('a VM the list lacks is inserted next to its page neighbours', () => {
    const out = mergePages(list, [{ offset: 2, items: [vm(3), vm(99), vm(4)] }]);
    expect(out.map((v) => v.id)).toEqual([1, 2, 3, 99, 4, 5, 6]);
    // new ones before the first known item go before it
    expect(mergePages(list, [{ offset: 2, items: [vm(98), vm(3)] }]).map((v) => v.id)).toEqual([
      1, 2, 98, 3, 4, 5, 6,
    ]);
    // a last page carrying creations: they go at the end
    expect(mergePages(list, [{ offset: 4, items: [vm(5), vm(6), vm(7), vm(8)] }]).map((v) => v.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    // no known neighbour: at the page's position
    expect(mergePages(list, [{ offset: 1, items: [vm(50)] }]).map((v) => v.id)).toEqual([
      1, 50, 2, 3, 4, 5, 6,
    ]);
  });

  it('a shifted page (two VMs before it deleted elsewhere): what it carries is merged, what it lacks stays', () => {
    // positions 2…4 asked; the service, missing 1 and 2, answers with what the list holds at 4…6
    const out = mergePages(list, [{ offset: 2, items: [vm(5, 'SHUTOFF'), vm(6)] }]);
    expect(out.map((v) => v.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out[4]).toMatchObject({ status: 'SHUTOFF' });
  });

  it('a VM carried by two pages (the list moved between the reads) is inserted once', () => {
    const out = mergePages(list, [
      { offset: 0, items: [vm(1), vm(2), vm(70)] },
      { offset: 3, items: [vm(70), vm(4)] },
    ]);
    expect(out.map((v) => v.id)).toEqual([1, 2, 70, 3, 4, 5, 6]);
  });
});

describe('mergeById with add (a read after an action that made the VM)', () => {
  it('appends a VM the list lacks; without add it is left to the next full load', () => {
    const list = [vm(1), vm(2)];
    expect(mergeById(list, new Map([[9, vm(9)]]), { add: true }).map((v) => v.id)).toEqual([1, 2, 9]);
    expect(mergeById(list, new Map([[9, vm(9)]]))).toBe(list);
    expect(mergeById(list, new Map<number, unknown>([[9, undefined]]), { add: true })).toBe(list);
  });
});
