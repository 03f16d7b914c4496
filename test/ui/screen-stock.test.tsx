import { afterEach, describe, expect, it } from 'vitest';
import type { Overview } from '../../src/api/schemas/dashboard.js';
import { gb, money, perHour } from '../../src/domain/format.js';
import { availableText, CONFIG_KEYS, plannedText } from '../../src/domain/stock.js';
import { ManualClock } from '../../src/sim/clock.js';
import { vmAction } from '../../src/sim/world/vm-actions.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const lines = (f: string) => f.split('\n');
/** Table rows (cursor column "› " or "  ") whose first cells are `cells`, separated by spaces. */
const rowsStarting = (f: string, ...cells: string[]) =>
  lines(f).filter((l) => new RegExp(`^[› ] ${cells.map(esc).join(' +')}( |$)`).test(l));
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function expectCells(line: string, cells: string[]) {
  expect(line, line).toMatch(new RegExp(cells.map(esc).join(' +')));
}

function totalsLine(o: Overview): string {
  const vm = o.virtual_machine;
  const cost = (vm?.cost_per_hour ?? 0) + (o.container?.cost_per_hour ?? 0) + (o.volume?.cost_per_hour ?? 0);
  return `${perHour(cost)} now · ${vm?.count} VMs · ${vm?.gpus} GPUs · ${vm?.vcpus} vCPUs · ${gb(vm?.ram)} RAM · ${o.volume?.count} volumes (${o.volume?.using} in use)`;
}

describe('Stock screen', () => {
  it('lists GPU stock per region and model: lower bounds, "no data" for unknown plans, configurations', async () => {
    app = await renderApp({ screen: 'stock', height: 60, width: 140 });
    const stocks = await app.api.catalog.stocks();
    await app.waitFor('● in stock');
    // The stock pane loads on its own: wait until it shows every model.
    const frame = await app.waitFor((fr) =>
      stocks.every((s) => s.models.every((m) => rowsStarting(fr, s.region, m.model).length > 0)),
    );
    expect(frame).toContain('GPU stock (available is a lower bound)');
    const header = lines(frame).find((l) => l.includes('GPU MODEL'))!;
    expectCells(header, [
      'REGION',
      'GPU MODEL',
      '$/GPU/H',
      'AVAILABLE',
      '7 DAYS',
      '30 DAYS',
      '100 DAYS',
      ...CONFIG_KEYS,
    ]);
    let plus = 0;
    let noData = 0;
    for (const s of stocks) {
      for (const m of s.models) {
        const [row] = rowsStarting(frame, s.region, m.model);
        expect(row, `${s.region} ${m.model}`).toBeDefined();
        const shown = availableText(m.available);
        if (shown.endsWith('+')) plus++;
        if ([m.planned_7_days, m.planned_30_days, m.planned_100_days].includes(null)) noData++;
        expectCells(row!, [
          shown,
          plannedText(m.planned_7_days),
          plannedText(m.planned_30_days),
          plannedText(m.planned_100_days),
          ...CONFIG_KEYS.map((k) => String(m.configurations?.[k] ?? '—')),
        ]);
      }
    }
    // The seeded stock covers the cases that matter.
    expect(plus).toBeGreaterThan(0);
    expect(noData).toBeGreaterThan(0);
    expect(frame).toMatch(/ \d+\+ /);
    expect(frame).toContain('no data');
    expect(frame).not.toMatch(/ null /);
  });

  it('lists flavors with GPU model and count, CPU, RAM, disk, ephemeral, price and stock; i shows only in-stock ones', async () => {
    // Tall enough for every flavor of the three regions.
    app = await renderApp({ screen: 'stock', height: 100 });
    await app.waitFor((fr) => fr.includes('● in stock') && fr.includes('$/H'));
    await app.waitFor((fr) => /n3-H100x1 .*\$\d/.test(fr));
    let f = app.frame();
    expectCells(lines(f).find((l) => l.includes('EPHEMERAL'))!, [
      'REGION',
      'FLAVOR',
      'GPU',
      'GPUS',
      'VCPU',
      'RAM',
      'DISK',
      'EPHEMERAL',
      '$/H',
      'STOCK',
    ]);
    const book = new Map((await app.api.billing.pricebook()).map((e) => [e.name, e.value]));
    const groups = await app.api.catalog.flavors();
    const flavors = groups.flatMap((g) =>
      g.flavors.map((fl) => ({ ...fl, region: fl.region_name ?? g.region_name })),
    );
    const inStock = flavors.filter((fl) => fl.stock_available);
    expect(inStock.length).toBeGreaterThan(0);
    expect(inStock.length).toBeLessThan(flavors.length);
    for (const fl of flavors) {
      const [row] = rowsStarting(f, fl.region ?? '', fl.name ?? '');
      expect(row, `${fl.region} ${fl.name}`).toBeDefined();
      expectCells(row!, [
        fl.gpu || 'CPU only',
        String(fl.gpu_count ?? 0),
        String(fl.cpu),
        gb(fl.ram),
        gb(fl.disk),
        gb(fl.ephemeral),
        money(fl.gpu_count ? (book.get(fl.gpu ?? '') ?? 0) * fl.gpu_count : book.get(fl.name)),
        fl.stock_available ? '● in stock' : '○ out of stock',
      ]);
    }

    await app.press('i');
    f = await app.waitFor('Flavors (in stock only)');
    expect(f).not.toContain('out of stock');
    expect(lines(f).filter((l) => l.endsWith('● in stock'))).toHaveLength(inStock.length);
    await app.press('i');
    f = await app.waitFor((fr) => fr.includes('○ out of stock') && !fr.includes('(in stock only)'));
  });

  it('at 80 columns the stock of a flavor is said whole: the disk sizes give way first', async () => {
    app = await renderApp({ screen: 'stock', width: 80, height: 60 });
    const f = await app.waitFor((fr) => fr.includes('○ out of stock') && /n3-H100x1 .*\$\d/.test(fr));
    const flavorRows = lines(f).filter((l) => /^[› ] \S+ +n\d-/.test(l));
    expect(flavorRows.length).toBeGreaterThan(0);
    for (const row of flavorRows) expect(row).toMatch(/(● in stock|○ out of stock)$/);
    expect(f).not.toContain('EPHEMERAL');
  });

  it('Tab moves the focus between the two tables', async () => {
    app = await renderApp({ screen: 'stock', height: 60 });
    // Every list loaded (prices included), so rows only change when the cursor moves.
    await app.waitFor((fr) => fr.includes('● in stock') && /n3-H100x1 .*\$\d/.test(fr));
    const cursors = (f: string) => lines(f).filter((l) => l.startsWith('› '));
    let f = app.frame();
    expect(f).toContain('▸ GPU stock');
    const [stock0, flavor0] = cursors(f);
    await app.press('j');
    f = await app.waitFor((fr) => cursors(fr)[0] !== stock0);
    expect(cursors(f)[1]).toBe(flavor0);

    await app.press(KEY.tab);
    f = await app.waitFor('▸ Flavors');
    expect(f).not.toContain('▸ GPU stock');
    const stock1 = cursors(f)[0];
    await app.press('j');
    f = await app.waitFor((fr) => cursors(fr)[1] !== flavor0);
    expect(cursors(f)[0]).toBe(stock1);

    await app.press(KEY.tab);
    await app.waitFor('▸ GPU stock');
  });

  it('shows the organisation totals and follows the world', async () => {
    // Let the seeded creations finish first, so only the change below moves the totals.
    const clock = new ManualClock();
    app = await renderApp({ screen: 'stock', clock, before: () => clock.advance(10 * 60_000) });
    await app.waitFor('VMs ');
    const before = await app.api.catalog.dashboard();
    let f = await app.waitFor(totalsLine(before));
    // A GPU VM is hibernated behind the app's back: it stops costing and gives its GPUs back.
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ACTIVE' && v.flavor.gpuCount > 0)!;
    vmAction(app.sim.world, vm, 'hibernate');
    await app.advance(app.sim.world.timings.vmPowerMs);
    await app.press('r');
    const after = await app.api.catalog.dashboard();
    expect(after.virtual_machine?.cost_per_hour).toBeLessThan(before.virtual_machine?.cost_per_hour ?? 0);
    expect(after.virtual_machine?.gpus).toBe((before.virtual_machine?.gpus ?? 0) - vm.flavor.gpuCount);
    f = await app.waitFor(totalsLine(after));
    expect(f).not.toContain(totalsLine(before));
  });
});
