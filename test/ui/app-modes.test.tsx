import { afterEach, describe, expect, it } from 'vitest';
import type { Vm } from '../../src/api/schemas/vm.js';
import { vmScreenBindings } from '../support/bindings.js';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

describe('--read-only', () => {
  it('hides every mutation from the footer and the help, and refuses them without asking the service', async () => {
    app = await renderApp({ readOnly: true, width: 200, height: 60 });
    const vm = [...app.sim.world.vms.values()].find((v) => v.status === 'ACTIVE' && v.floatingIp)!;
    let f = await selectRow(app, vm.name);
    expect(f.split('\n')[0]).toContain('READ-ONLY');
    f = await app.waitFor((fr) => footerLine(fr).includes('Enter details'));
    const data = (app.store.getState().slices.vms!.data as Vm[]).find((v) => v.id === vm.id)!;
    const mutations = vmScreenBindings(data).filter((b) => b.mutation);
    expect(mutations.map((b) => b.label)).toEqual(expect.arrayContaining(['stop', 'delete', 'hard reboot']));
    for (const b of mutations) expect(footerLine(f)).not.toContain(`${b.keys[0]} ${b.label}`);
    expect(footerLine(f)).toContain('C copy ssh');

    await app.press('?');
    f = await app.waitFor('Esc or ? closes');
    expect(f).toContain('details');
    expect(f).not.toContain('changes things');
    for (const b of mutations) expect(f).not.toMatch(new RegExp(`│ +${b.keys[0]} +${b.label}`));
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes('Esc or ? closes'));

    const seen = app.exchanges.length;
    await app.press('x');
    f = await app.waitFor((fr) => statusLine(fr).includes('read-only'));
    expect(statusLine(f)).toContain('read-only (--read-only): "stop" is not allowed');
    expect(app.store.getState().modal).toBeNull();
    await app.press('D');
    await app.waitFor((fr) => statusLine(fr).includes('read-only (--read-only): "delete" is not allowed'));
    expect(app.store.getState().modal).toBeNull();
    expect(app.sim.world.vms.get(vm.id)?.status).toBe('ACTIVE');
    expect(app.exchanges.slice(seen).filter((e) => !e.startsWith('GET ') || e.endsWith('/stop'))).toEqual([]);
  });
});

describe('header staleness', () => {
  it('shows STALE with the error after two failed refreshes, keeping the last good rows', async () => {
    app = await renderApp();
    const vm = [...app.sim.world.vms.values()][0]!;
    let f = await app.waitFor(vm.name);
    expect(f.split('\n')[1]).toMatch(/updated \S+ ago/);
    app.sim.faults.set({ error5xxRate: 1 });

    await app.press('r');
    f = await app.waitFor((fr) => statusLine(fr).includes('refresh failed'));
    expect(app.store.getState().slices.vms?.failures).toBe(1);
    expect(f.split('\n')[1]).toContain('API error');
    expect(f.split('\n')[1]).not.toContain('STALE');

    await app.press('r');
    f = await app.waitFor((fr) => fr.split('\n')[1]!.includes('STALE') && statusLine(fr).includes('failed'));
    const slice = app.store.getState().slices.vms!;
    expect(slice.failures).toBe(2);
    expect(slice.error?.message).toMatch(/HTTP 50\d/);
    const header = f.split('\n')[1]!;
    expect(header).toMatch(/⚠ STALE \S+: service error \(HTTP 50\d/);
    // The last good rows stay on screen.
    expect(f).toContain(` ${vm.name} `);
    expect(f).toContain('ACTIVE');
    expect(statusLine(f)).toMatch(/refresh failed: .*HTTP 50\d/);

    app.sim.faults.clear();
    await app.press('r');
    f = await app.waitFor((fr) => /updated \S+ ago/.test(fr.split('\n')[1]!));
    expect(f.split('\n')[1]).not.toContain('STALE');
    await app.waitFor((fr) => statusLine(fr).includes('refreshed'));
  });
});
