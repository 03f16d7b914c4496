/**
 * The simulator's paginated lists (pageOk, src/sim/routes/body.ts): `search` keeps the items whose name holds it in
 * any case, and the page's fields count what the search kept.
 */
import { describe, expect, it } from 'vitest';
import { directSim } from '../support/sim-direct.js';

const LISTS = [
  ['/core/snapshots', 'snapshots'],
  ['/core/firewalls', 'firewalls'],
  ['/core/volumes', 'volumes'],
  ['/core/keypairs', 'keypairs'],
] as const;

describe.each(LISTS)('GET %s', (path, key) => {
  it('searches by a part of the name, in any case, and counts what it kept', () => {
    const s = directSim();
    const all: { name: string }[] = s.call('GET', path).body[key];
    expect(all.length).toBeGreaterThan(1);
    const part = all[1]!.name.slice(1, 5);
    const want = all.filter((x) => x.name.toLowerCase().includes(part.toLowerCase())).map((x) => x.name);
    const found = s.call('GET', path, {}, undefined, `search=${encodeURIComponent(part.toUpperCase())}`).body;
    expect(found[key].map((x: { name: string }) => x.name)).toEqual(want);
    expect(found).toMatchObject({ count: want.length, page: 1, page_size: want.length });
  });

  it('answers one page of what it lists, with the page asked for', () => {
    const s = directSim();
    const all: { name: string }[] = s.call('GET', path).body[key];
    const second = s.call('GET', path, {}, undefined, 'page=2&pageSize=1').body;
    expect(second[key].map((x: { name: string }) => x.name)).toEqual([all[1]!.name]);
    expect(second).toMatchObject({ count: all.length, page: 2, page_size: 1 });
  });
});
