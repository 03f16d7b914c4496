import { afterEach, describe, expect, it } from 'vitest';
import type { Vm } from '../../src/api/schemas/vm.js';
import { TABLE_BINDINGS } from '../../src/ui/bindings.js';
import { bindingKeys } from '../../src/ui/HelpOverlay.js';
import { GLOBAL_KEYS, vmScreenBindings } from '../support/bindings.js';
import { footerLine, selectedRow, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the app shell', () => {
  it('starts on the VMs screen with the seeded VMs and their status words', async () => {
    app = await renderApp();
    const vms = [...app.sim.world.vms.values()];
    const first = vms[0]!;
    const f = await app.waitFor(first.name);
    expect(f).toContain('[2 vms]');
    for (const vm of vms.slice(0, 10)) {
      const row = f.split('\n').find((l) => l.includes(` ${vm.name} `));
      expect(row, vm.name).toBeDefined();
      expect(row).toContain(vm.status);
    }
    for (const word of ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR']) expect(f).toContain(word);
  });

  it('switches screens with 1…5 and marks the current tab', async () => {
    app = await renderApp();
    await app.waitFor('[2 vms]');
    for (const [key, tab] of [
      ['1', '[1 stock]'],
      ['3', '[3 clusters]'],
      ['4', '[4 firewalls]'],
      ['5', '[5 billing]'],
      ['2', '[2 vms]'],
    ] as const) {
      await app.press(key);
      const f = await app.waitFor(tab);
      expect(f.match(/\[\d [a-z]+\]/g)).toEqual([tab]);
      expect(app.store.getState().screen).toBe(tab.slice(3, -1));
    }
    await app.press('1');
    await app.waitFor('GPU stock (available is a lower bound)');
  });

  it('opens the command palette: completion runs a command, an unknown one says so', async () => {
    app = await renderApp();
    await app.waitFor('[2 vms]');
    await app.press(':');
    await app.waitFor('GPU stock');
    await app.press('c', 'l');
    await app.waitFor(
      (f) => f.includes(':cl') && f.includes('Kubernetes clusters') && !f.includes('GPU stock'),
    );
    await app.press(KEY.tab);
    await app.waitFor(':clusters');
    await app.press(KEY.enter);
    const f = await app.waitFor('[3 clusters]');
    expect(f).not.toContain(':clusters');
    expect(app.store.getState().overlay).toBeNull();

    await app.press(':', 'x', 'y', 'z', KEY.enter);
    await app.waitFor('unknown command: xyz');
    expect(app.store.getState().screen).toBe('clusters');
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes('unknown command'));
    expect(app.store.getState().overlay).toBeNull();
  });

  it('shows help generated from the keymap (screen, table, global keys); Esc closes it', async () => {
    app = await renderApp({ height: 90 });
    const firstVm = [...app.sim.world.vms.values()][0]!;
    await app.waitFor(firstVm.name);
    await app.press('?');
    const f = await app.waitFor('Esc or ? closes');
    const vm = (app.store.getState().slices.vms!.data as Vm[])[0]!;
    expect(vm.name).toBe(firstVm.name);
    for (const title of ['Virtual machines', 'Table', 'Global'])
      expect(f).toMatch(new RegExp(`│ ${title} +│`));
    const screenBindings = vmScreenBindings(vm);
    expect(screenBindings.some((b) => b.mutation)).toBe(true);
    for (const b of [...screenBindings, ...TABLE_BINDINGS, ...GLOBAL_KEYS]) {
      const label = b.label + (b.mutation ? '*' : '');
      // a key with nothing to do for this row says why after its label
      const why = b.unavailable ? ` — not here: ${escapeRe(b.unavailable.slice(0, 12))}` : ' +│';
      expect(f, `${b.label}`).toMatch(new RegExp(`│ +${escapeRe(bindingKeys(b))} +${escapeRe(label)}${why}`));
    }
    await app.press(KEY.esc);
    const closed = await app.waitFor((fr) => !fr.includes('Esc or ? closes'));
    expect(closed).toContain(firstVm.name);
    expect(app.store.getState().overlay).toBeNull();
  });

  it('R cycles the region filter: the other region’s VMs disappear', async () => {
    app = await renderApp();
    const vms = [...app.sim.world.vms.values()];
    const regionOf = (envId: number) => app!.sim.world.envs.get(envId)!.region;
    const norway = vms.find((v) => regionOf(v.envId) === 'NORWAY-1')!;
    const canada = vms.find((v) => regionOf(v.envId) === 'CANADA-1')!;
    const has = (f: string, name: string) => f.includes(` ${name} `);
    await app.waitFor(() => app!.store.getState().slices.environments?.status === 'ok');
    let f = await app.waitFor(norway.name);
    expect(f).toContain('all regions');
    expect(has(f, canada.name)).toBe(true);

    // The service's regions (its regions endpoint), in its order, then all of them again.
    await app.waitFor(() => app!.store.getState().slices.regions?.status === 'ok');
    const expected = (await app.api.regions.list()).map((r) => r.name);
    expect(expected).toEqual(expect.arrayContaining(['NORWAY-1', 'CANADA-1', 'US-1']));
    for (const region of expected) {
      await app.press('R');
      f = await app.waitFor((fr) => fr.split('\n')[0]!.includes(region));
      expect(app.store.getState().region).toBe(region);
      if (region === 'NORWAY-1') expect(has(f, norway.name) && !has(f, canada.name)).toBe(true);
      if (region === 'CANADA-1') expect(has(f, canada.name) && !has(f, norway.name)).toBe(true);
    }
    await app.press('R');
    f = await app.waitFor((fr) => has(fr, canada.name) && has(fr, norway.name));
    expect(f).toContain('all regions');
  });

  it('r refreshes now', async () => {
    app = await renderApp();
    await app.waitFor([...app.sim.world.vms.values()][0]!.name);
    await app.waitFor(() => app!.store.getState().slices.environments?.status === 'ok');
    const before = app.sim.requestCount();
    const seen = app.exchanges.length;
    await app.press('r');
    await app.waitFor((f) => statusLine(f).includes('refreshed'));
    expect(app.sim.requestCount()).toBeGreaterThan(before);
    expect(app.exchanges.slice(seen)).toEqual(
      expect.arrayContaining(['GET /core/virtual-machines', 'GET /core/environments']),
    );
  });

  it('says plainly when the terminal is too small', async () => {
    app = await renderApp({ width: 60, height: 20 });
    const f = await app.waitFor('terminal too small');
    expect(f.trim()).toBe('terminal too small: need 80×24, have 60×20');
  });

  it('going below the minimum and back keeps the filter, sort, selection and open detail', async () => {
    app = await renderApp();
    await app.waitFor('bench-3');
    await app.press('/', 'b', 'e', 'n', 'c', 'h', KEY.enter, 'o', 'j');
    await app.waitFor((f) => f.includes('filter: bench') || f.includes('/bench'));
    await app.press(KEY.enter);
    const withDetail = await app.waitFor('raw JSON');
    const selected = selectedRow(withDetail);
    expect(selected).toContain('bench');
    for (const [w, h] of [
      [79, 40],
      [120, 23],
      [40, 10],
    ] as const) {
      await app.resize(w, h);
      await app.waitFor(`${w}×${h}`);
      // Keys do nothing there (only q quits): nothing to see them act on.
      await app.press('j', KEY.esc);
    }
    await app.resize(120, 40);
    const after = await app.waitFor((f) => !f.includes('terminal too small') && f.includes('raw JSON'));
    expect(selectedRow(after)).toBe(selected);
    expect(after).toContain('NAME▲');
    expect(after).toContain('filter: bench');
    const table = after.slice(0, after.indexOf('filter: bench')).split('\n');
    const rows = table.filter((l) => /^[› ] [a-z]/.test(l));
    expect(rows.length).toBe(4);
    expect(rows.every((l) => l.includes('bench'))).toBe(true);
  });
});

describe('keys that arrive before a re-render', () => {
  it('are read against the state the previous key left (palette, modal)', async () => {
    app = await renderApp();
    const vm = [...app.sim.world.vms.values()][0]!;
    expect(vm.status).toBe('ACTIVE');
    await app.waitFor(vm.name);
    // (one read of at most two characters of text: three or more, with no other key, would be a paste)
    await app.press(':');
    await app.burst('c', 'l', KEY.tab, KEY.enter);
    await app.waitFor('[3 clusters]');
    await app.burst('2');
    // The footer shows the keys once the VMs screen has registered them.
    await app.waitFor((f) => f.includes(`› ${vm.name} `) && footerLine(f).includes('x stop'));
    // Delete asks for the name: typed at once, every letter must land in the dialog, none on the screen.
    await app.burst('D', 'n', KEY.backspace, 'n');
    await app.burst('o', 'p');
    await app.burst('e');
    const f = await app.waitFor('> nope');
    expect(f).toContain(`Delete ${vm.name}?`);
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes(`Delete ${vm.name}?`));
    expect(app.exchanges.filter((e) => !e.startsWith('GET '))).toEqual([]);
    expect(app.sim.world.vms.get(vm.id)?.status).toBe('ACTIVE');
  });
});

describe('keys batched into one read (SSH, a held key) and pastes', () => {
  it('a held key is keys, each on its own; text with Enter in one read is a paste: text, never keys', async () => {
    const app = await renderApp();
    try {
      await app.waitFor('ray-worker-1');
      const before = selectedRow(app.frame());
      await app.press('jjj'); // one write: Ink hands the three keys over as one string
      await app.waitFor((f) => selectedRow(f) !== before);
      await app.press('k', 'k', 'k');
      await app.waitFor((f) => selectedRow(f) === before);
      await app.press('jjj', 'G', 'g');
      await app.waitFor((f) => selectedRow(f) === before);
      // Text and Enter in one read (a paste, on a terminal that does not mark pastes): all of it goes into the
      // filter being typed, one line; its Enter does not end the filter and its D deletes nothing.
      await app.press('/');
      await app.press('bench-3\rD');
      await app.waitFor((f) => f.includes('bench-3 D'));
      expect(app.frame()).not.toContain('Delete bench-3?');
      await app.press(KEY.esc);
      expect(app.exchanges.filter((e) => !e.startsWith('GET '))).toEqual([]);
    } finally {
      await app.cleanup();
    }
  });
});
