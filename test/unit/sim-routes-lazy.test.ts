/** The simulator's routes in groups loaded as requests first need them (src/sim/routes/groups.ts, LazyRouteTable). */
import { describe, expect, it } from 'vitest';
import { LazyRouteTable, RouteTable } from '../../src/sim/match.js';
import { ROUTE_GROUPS } from '../../src/sim/routes/groups.js';
import { routes } from '../../src/sim/routes/index.js';

describe('route groups', () => {
  it('declare exactly the paths of their routes, and together are every route in the same order', async () => {
    const all = [];
    for (const g of ROUTE_GROUPS) {
      const loaded = await g.load();
      expect(
        [...new Set(loaded.map((r) => r.path))].sort(),
        `group ${g.name}: src/sim/routes/groups.ts declares its paths; a route added to its file is added there too`,
      ).toEqual([...g.paths].sort());
      all.push(...loaded.map((r) => `${r.method} ${r.path}`));
    }
    expect(all).toEqual(routes.map((r) => `${r.method} ${r.path}`));
  });

  it('a request loads only the groups its path may belong to, and is answered as the whole table answers', async () => {
    const lazy = new LazyRouteTable(ROUTE_GROUPS);
    const whole = new RouteTable(routes);
    const describe = (m: Awaited<ReturnType<LazyRouteTable['match']>>) =>
      m.kind === 'found'
        ? `${m.route.method} ${m.route.path} ${JSON.stringify(m.params)}`
        : JSON.stringify(m);
    const ask = async (method: string, path: string) => {
      expect(describe(await lazy.match(method, path))).toBe(describe(whole.match(method, path)));
    };
    await ask('GET', '/core/virtual-machines');
    expect(lazy.loadedGroups()).toEqual(['vms']);
    await ask('GET', '/core/environments');
    expect(lazy.loadedGroups()).toEqual(['environments', 'vms']);
    await ask('GET', '/core/virtual-machines/12/snapshots');
    expect(lazy.loadedGroups()).toEqual(['environments', 'vms', 'snapshots']);
    await ask('DELETE', '/core/clusters/master-flavors');
    await ask('GET', '/core/clusters/7');
    await ask('PUT', '/core/virtual-machines/12');
    await ask('GET', '/no/such/thing');
    await ask('GET', '/core/virtual-machines/%E0%A4%A/events');
    expect(lazy.loadedGroups()).not.toContain('billing');
    // the demo loads the rest once its first frame is out
    await lazy.loadAll();
    expect(lazy.loadedGroups()).toEqual(ROUTE_GROUPS.map((g) => g.name));
    await ask('GET', '/pricebook');
  });
});
