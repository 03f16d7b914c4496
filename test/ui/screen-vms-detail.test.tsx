import { afterEach, describe, expect, it } from 'vitest';
import { pointStats, readingText, readVmMetrics } from '../../src/domain/metrics.js';
import type { Simulator } from '../../src/sim/server.js';
import type { VmRecord } from '../../src/sim/world/types.js';
import { vncUrl } from '../../src/sim/world/vm-extras.js';
import { vmMetrics } from '../../src/sim/world/vm-metrics.js';
import { storeKey } from '../../src/store/state/resources.js';
import { NO_GPU_METRICS } from '../../src/ui/details/vm-metrics.js';
import { footerLine, statusLine } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp, selectRow } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const vmsOf = (sim: Simulator) => [...sim.world.vms.values()];
const active = (sim: Simulator, nth = 0) => vmsOf(sim).filter((v) => v.status === 'ACTIVE')[nth]!;
const metricsReads = (a: AppHarness, vm: VmRecord) =>
  a.exchanges.filter((e) => e === `GET /core/virtual-machines/${vm.id}/metrics`).length;

/** Opens the VM's detail pane. */
async function openDetail(a: AppHarness, vm: VmRecord) {
  await selectRow(a, vm.name);
  await a.press(KEY.enter);
  await a.waitFor('esc back');
}

describe('VM detail: the first screenful at 80x24', () => {
  it('says the state, the ssh line, GPUs, $/h now and who can reach it through its firewalls', async () => {
    app = await renderApp({ width: 80, height: 24 });
    // a VM reachable on tcp/22 only through a firewall attached to it
    const fw = [...app.sim.world.firewalls.values()].find((f) => f.name === 'allow-ssh')!;
    const vm = vmsOf(app.sim).find(
      (v) =>
        v.status === 'ACTIVE' &&
        v.floatingIp &&
        fw.attachments.some((a) => a.vmId === v.id) &&
        !v.rules.some((r) => r.portMin === 22),
    )!;
    await openDetail(app, vm);
    const f = await app.waitFor((fr) => /cost +\$[\d.]+\/h now/.test(fr) && !fr.includes('loading…'));
    const pane = f.split('\n').slice(f.split('\n').findIndex((l) => l.startsWith(`${vm.name} 1-`)));
    const first = pane.slice(0, 11).join('\n');
    expect(first).toMatch(/^state +● ACTIVE · RUNNING · up /m);
    expect(first).toContain(`ssh ubuntu@${vm.floatingIp}`);
    expect(first).toContain(`${vm.flavor.gpuCount} × ${vm.flavor.gpu}`);
    expect(first.replace(/\n +/g, ' ')).toContain('tcp 22 from anywhere (allow-ssh)');
  });
});

describe('VM detail: metrics', () => {
  it('charts CPU (% of its vCPUs), memory (of its RAM), network and disk rates, with last, min, max and the span', async () => {
    app = await renderApp({ height: 120 });
    const vm = active(app.sim);
    await openDetail(app, vm);
    const cpuTitle = `CPU (% of ${vm.flavor.cpu} vCPUs)`;
    const f = await app.waitFor(cpuTitle);
    expect(f).toContain('Metrics, last 1h (m: 2h, M: 30d)');
    expect(f).toContain(NO_GPU_METRICS);
    // what the service sent (ns, MB, B), read in real units
    const record = app.sim.world.vms.get(vm.id)!;
    const read = readVmMetrics(vmMetrics(record, '1h', app.clock.now()), record.flavor);
    const line = (title: string) => f.split('\n').find((l) => l.startsWith(title))!;
    for (const [key, title] of [
      ['cpu', cpuTitle],
      ['memory.usages', `memory (of ${record.flavor.ram}.0 GB RAM)`],
      ['network.in', 'network in (B/s, from a byte counter)'],
      ['network.out', 'network out (B/s, from a byte counter)'],
      ['disk.read', 'disk read (B/s, from a byte counter)'],
      ['disk.write', 'disk write (B/s, from a byte counter)'],
    ] as const) {
      const r = read[key]!;
      const s = pointStats(r.points)!;
      expect(line(title)).toContain(
        `last ${readingText(r, s.last)}  min ${readingText(r, s.min)}  max ${readingText(r, s.max)}`,
      );
    }
    expect(line(cpuTitle)).toMatch(/last \d+\.\d %/);
    expect(line('memory (')).toMatch(/last \d+\.\d GB \(\d+ %\)/);
    expect(f).not.toMatch(/\d{9,}/); // no raw counter anywhere
    // the span in UTC and the step of the points
    expect(f).toMatch(/\d\d:\d\d → \d\d:\d\d UTC, \d+ points, one every 5 min/);
    // a chart: two lines of blocks under the title, as wide as the pane
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.startsWith(cpuTitle));
    expect(lines[at + 2]!.trimEnd()).toMatch(/^[▁▂▃▄▅▆▇█ ]{100,}$/);
  });

  it('m shows a longer span, M a shorter one: the service is asked for that duration', async () => {
    app = await renderApp({ height: 120 });
    const vm = active(app.sim);
    await openDetail(app, vm);
    await app.waitFor('CPU (% of');
    await app.press('m');
    let f = await app.waitFor('Metrics, last 2h (m: 4h, M: 1h)');
    f = await app.waitFor((fr) => /one every 5 min/.test(fr) && fr.includes('24 points'));
    expect(
      app.store.getState().slices[storeKey('vm-metrics', { id: vm.id, duration: '2h' })]?.data,
    ).toBeDefined();
    await app.press('M', 'M');
    f = await app.waitFor('Metrics, last 30d (m: 1h, M: 15d)');
    await app.waitFor((fr) => /one every 12 h/.test(fr));
    expect(f).toContain(NO_GPU_METRICS);
  });

  it('m is a key of the open detail only: on the table it says so, and reads nothing', async () => {
    app = await renderApp({ height: 100 });
    const vm = active(app.sim);
    await selectRow(app, vm.name);
    await app.press('?');
    let f = await app.waitFor('Esc or ? closes');
    expect(f).toMatch(/│ +m +metrics span — not here: in the detail only \(Enter opens it\)/);
    expect(footerLine(f)).not.toContain('metrics');
    await app.press(KEY.esc);
    await app.press('m');
    f = await app.waitFor((fr) =>
      statusLine(fr).includes('m metrics span: in the detail only (Enter opens it)'),
    );
    expect(metricsReads(app, vm)).toBe(0);
    await app.press(KEY.enter);
    await app.waitFor('esc back');
    await app.press('?');
    f = await app.waitFor('metrics span');
    expect(f).toMatch(/│ +m +metrics span +│/);
    expect(f).toContain('shorter metrics span');
  });

  it('refreshed while the detail is visible, and no longer once it is closed', async () => {
    app = await renderApp({ refreshMs: 50, height: 120 });
    const vm = active(app.sim);
    await openDetail(app, vm);
    await app.waitFor('CPU (% of');
    const first = metricsReads(app, vm);
    await app.waitFor(() => metricsReads(app!, vm) >= first + 2);
    await app.press(KEY.esc);
    await app.waitFor((fr) => !fr.includes('esc back'));
    // a read that left before the pane closed may still be answered: none of them in flight any more
    const metricsInFlight = () =>
      Object.values(app!.store.getState().inFlight).some((r) => r.path.endsWith(`/${vm.id}/metrics`));
    await app.waitFor(() => !metricsInFlight());
    await new Promise((r) => setTimeout(r, 150));
    const closed = metricsReads(app, vm);
    await new Promise((r) => setTimeout(r, 300));
    expect(metricsReads(app, vm)).toBe(closed);
    expect(footerLine(app.frame())).not.toContain('metrics');
  });
});

describe('VM detail: console', () => {
  it('v requests a console: requesting at once, then the URL in the detail; V copies it; the status line never has it', async () => {
    app = await renderApp();
    const vm = active(app.sim);
    await openDetail(app, vm);
    await app.press('v');
    let f = await app.waitFor('Console');
    expect(f).toMatch(/requesting a console|V copies it/);
    f = await app.waitFor('V copies it');
    const job = [...app.sim.world.consoleJobs.values()].find((j) => j.vmId === vm.id);
    expect(job).toBeDefined();
    const url = vncUrl(app.sim.world, job!);
    // the whole URL, on as many lines as it takes
    expect(f.replace(/\n/g, '')).toContain(url);
    expect(statusLine(f)).toContain(`Console of ${vm.name} ready`);
    expect(statusLine(f)).not.toContain('https://');
    expect(app.exchanges).toContain(`GET /core/virtual-machines/${vm.id}/request-console`);
    expect(app.exchanges).toContain(`GET /core/virtual-machines/${vm.id}/console/${job!.id}`);

    await app.press('V');
    f = await app.waitFor((fr) => statusLine(fr).includes('copied'));
    expect(statusLine(f)).toContain(`the console URL of ${vm.name}`);
    expect(statusLine(f)).not.toContain('https://');
    expect(app.copied.at(-1)).toContain(Buffer.from(url).toString('base64'));
    expect(app.store.getState().status?.text).not.toContain(url);
  });

  it('the service refusing a console: its words, in the detail and the status line', async () => {
    app = await renderApp();
    const vm = active(app.sim);
    await openDetail(app, vm);
    // the VM stops behind the app's back: the service refuses
    app.sim.world.vms.get(vm.id)!.status = 'SHUTOFF';
    await app.press('v');
    const f = await app.waitFor('no console:');
    expect(statusLine(f)).toContain(`Requesting a console for ${vm.name} failed`);
    expect(f.replace(/\n/g, ' ')).toMatch(/no console: VM .* is SHUTOFF .*HTTP 400/);
  });

  it('v is offered for an ACTIVE VM only; V only once a URL is known: the help and the keys say why', async () => {
    app = await renderApp({ height: 100 });
    const off = vmsOf(app.sim).find((v) => v.status === 'SHUTOFF')!;
    await selectRow(app, off.name);
    let f = await app.waitFor((fr) => footerLine(fr).includes('s start'));
    expect(footerLine(f)).not.toMatch(/console(?! log)/);
    await app.press('?');
    f = await app.waitFor('Esc or ? closes');
    expect(f).toContain('console* — not here: a SHUTOFF VM has no console (ACTIVE only)');
    expect(f).toContain('copy console URL — not here: no console URL yet (v requests one)');
    await app.press(KEY.esc);
    await app.press('v');
    await app.waitFor((fr) =>
      statusLine(fr).includes('v console: a SHUTOFF VM has no console (ACTIVE only)'),
    );
    expect(app.exchanges.filter((e) => e.includes('console'))).toEqual([]);
  });
});

const ctrlS = '\x13';

describe('VM resize', () => {
  /** ray-worker-1: n3-RTX-A6000x1 in NORWAY-1 at $0.50/h (seed 1). */
  async function openResize(a: AppHarness) {
    const vm = active(a.sim);
    await selectRow(a, vm.name);
    await a.press('z');
    await a.waitFor(`Resize ${vm.name}`);
    await a.waitFor('New flavor');
    return vm;
  }

  it('z offers the flavors of its region with the hourly price change; RESIZING at once, followed until done', async () => {
    app = await renderApp();
    const vm = await openResize(app);
    const from = vm.flavor.name;
    await app.press(KEY.enter);
    let f = await app.waitFor('options');
    expect(f).toMatch(/n3-A100x1\s+\+\$0\.85\/h · \$1\.35\/h/);
    expect(f).not.toMatch(new RegExp(`○ ${from} `)); // not its own flavor
    await app.press('A', '1', '0', '0', 'x', '1', KEY.enter);
    f = await app.waitFor(`${from} → n3-A100x1`);
    expect(f).toContain('$0.50/h → $1.35/h (+$0.85/h)');
    await app.press(ctrlS);
    f = await app.waitFor((fr) =>
      fr.split('\n').some((l) => l.startsWith(`› ${vm.name} `) && l.includes('RESIZING')),
    );
    expect(app.sim.world.vms.get(vm.id)!.status).toBe('RESIZING');
    expect(app.exchanges).toContain(`POST /core/virtual-machines/${vm.id}/resize`);
    await app.advance(app.sim.world.timings.vmResizeMs);
    await app.press('r');
    f = await app.waitFor((fr) =>
      fr
        .split('\n')
        .some((l) => l.startsWith(`› ${vm.name} `) && l.includes('ACTIVE') && l.includes('n3-A100x1')),
    );
  });

  it('the service refusing it (resizing disabled): its words in the form, the choice kept, no RESIZING', async () => {
    app = await renderApp({
      before: (sim) => Object.defineProperty(sim.world, 'resizeEnabled', { value: false }),
    });
    const vm = await openResize(app);
    await app.press(KEY.enter, 'A', '1', '0', '0', 'x', '1', KEY.enter);
    await app.waitFor(`→ n3-A100x1`);
    await app.press(ctrlS);
    const f = await app.waitFor('This feature is currently disabled');
    expect(f).toContain(`Resize ${vm.name}`); // the form is still open
    expect(f).toContain('→ n3-A100x1'); // with the flavor chosen
    expect(app.store.getState().pending[`vm:${vm.id}`]).toBeUndefined();
    expect(app.sim.world.vms.get(vm.id)!.status).toBe('ACTIVE');
  });

  it('a hibernated VM: z shown disabled, with the reason, and it opens nothing', async () => {
    // tall enough for the help in one column
    app = await renderApp({ height: 100 });
    const vm = vmsOf(app.sim).find((v) => v.status === 'HIBERNATED')!;
    await selectRow(app, vm.name);
    await app.press('?');
    const f = await app.waitFor('Esc or ? closes');
    expect(f).toMatch(/resize.*not possible while the VM is HIBERNATED/);
    await app.press(KEY.esc);
    await app.press('z');
    await app.waitFor((fr) => statusLine(fr).includes('not possible while the VM is HIBERNATED'));
    expect(app.store.getState().modal).toBeNull();
  });
});

describe('VM detail: deleting one of its firewall rules', () => {
  it('d asks which rule, then asks again; n sends nothing; y deletes it: deleting… at once, gone after', async () => {
    app = await renderApp({ height: 120 });
    const vm = vmsOf(app.sim).find((v) => v.status === 'ACTIVE' && v.rules.length >= 2)!;
    expect(vm).toBeDefined();
    const [, second] = vm.rules;
    await openDetail(app, vm);
    await app.waitFor('a adds a rule, d deletes one');
    await app.press('d');
    let f = await app.waitFor(`Delete a firewall rule of ${vm.name}`);
    expect(f).toContain('You are asked again');
    await app.press(KEY.down, KEY.enter);
    f = await app.waitFor(`Delete a firewall rule of ${vm.name}?`);
    expect(f).toContain(`port`);
    await app.press('n');
    await app.waitFor((fr) => !fr.includes(`Delete a firewall rule of ${vm.name}?`));
    expect(app.exchanges.filter((e) => e.startsWith('DELETE'))).toEqual([]);

    await app.press('d', KEY.down, KEY.enter);
    await app.waitFor(`Delete a firewall rule of ${vm.name}?`);
    await app.press('y');
    f = await app.waitFor((fr) => fr.includes(`Firewall rule ${second!.id} deleted from ${vm.name}`));
    expect(app.exchanges).toContain(`DELETE /core/virtual-machines/${vm.id}/sg-rules/${second!.id}`);
    expect(app.sim.world.vms.get(vm.id)!.rules.map((r) => r.id)).not.toContain(second!.id);
    f = await app.waitFor(`Security rules (${vm.rules.length})`);
    expect(f).not.toContain('deleting…');
    // while the request was out, the rule said so
    expect(app.frames().some((fr) => fr.includes('◐ deleting… '))).toBe(true);
  });

  it('a VM without rules of its own: d is not offered, and says why', async () => {
    app = await renderApp({
      height: 100,
      before: (sim) => {
        active(sim).rules.length = 0;
      },
    });
    const vm = active(app.sim);
    await selectRow(app, vm.name);
    await app.press('?');
    const f = await app.waitFor('Esc or ? closes');
    expect(f).toContain('delete rule* — not here: it has no firewall rule of its own (a adds one)');
    expect(footerLine(f)).not.toContain('delete rule');
  });
});

describe('VM callback', () => {
  it('u attaches an https URL, validated as typed; the service refusing keeps what was typed', async () => {
    app = await renderApp({ height: 60 });
    const vm = active(app.sim);
    app.sim.world.vms.get(vm.id)!.callbackUrl = null;
    await openDetail(app, vm);
    await app.waitFor('— (u attaches one)');
    await app.press('u');
    await app.waitFor(`Attach a callback of ${vm.name}`);
    await app.burst(...'http://hooks.example.com/x');
    let f = await app.waitFor('https only');
    await app.press(ctrlS);
    expect(app.exchanges.some((e) => e.includes('callback'))).toBe(false);
    for (let i = 0; i < 'http://hooks.example.com/x'.length; i++) await app.burst(KEY.backspace);
    await app.burst(...'https://hooks.example.com/x');
    f = await app.waitFor((fr) => !fr.includes('https only'));
    // the service refuses (it already has one, set behind the app's back): its words, the URL kept
    app.sim.world.vms.get(vm.id)!.callbackUrl = 'https://other.example.com/';
    await app.press(ctrlS);
    f = await app.waitFor('already has a callback URL');
    expect(f).toContain('https://hooks.example.com/x');
    expect(f).toContain(`Attach a callback of ${vm.name}`);
    expect(app.store.getState().pending[`vm-callback:${vm.id}`]).toBeUndefined();
    // sent again as it was typed, once the service would take it
    app.sim.world.vms.get(vm.id)!.callbackUrl = null;
    await app.press(ctrlS);
    f = await app.waitFor('https://hooks.example.com/x  (u changes, U removes)');
    expect(app.sim.world.vms.get(vm.id)!.callbackUrl).toBe('https://hooks.example.com/x');
    expect(app.exchanges).toContain(`POST /core/virtual-machines/${vm.id}/attach-callback`);
  });

  it('u changes it (PUT update-callback); U removes it after asking', async () => {
    app = await renderApp({
      height: 60,
      before: (sim) => {
        active(sim).callbackUrl = 'https://hooks.example.com/a';
      },
    });
    const vm = active(app.sim);
    await openDetail(app, vm);
    await app.waitFor('https://hooks.example.com/a  (u changes, U removes)');
    await app.press('u');
    let f = await app.waitFor(`Change the callback of ${vm.name}`);
    expect(f).toContain('https://hooks.example.com/a'); // the form starts from the URL it has
    await app.burst(KEY.backspace, 'b');
    await app.press(ctrlS);
    await app.waitFor('https://hooks.example.com/b  (u changes, U removes)');
    expect(app.exchanges).toContain(`PUT /core/virtual-machines/${vm.id}/update-callback`);
    await app.press('U');
    f = await app.waitFor(`Remove the callback of ${vm.name}?`);
    await app.press('y');
    await app.waitFor('— (u attaches one)');
    expect(app.exchanges).toContain(`DELETE /core/virtual-machines/${vm.id}/delete-callback`);
    expect(app.sim.world.vms.get(vm.id)!.callbackUrl).toBeNull();
    expect(app.frames().some((fr) => fr.includes('◐ removing…'))).toBe(true);
  });
});

describe('VM labels', () => {
  it('t edits the labels (what is added and removed shown), saved with PUT …/label, the detail shows them', async () => {
    app = await renderApp({
      height: 60,
      before: (sim) => {
        active(sim).labels = ['training', 'staging'];
      },
    });
    const vm = active(app.sim);
    await openDetail(app, vm);
    await app.waitFor('training, staging');
    await app.press('t');
    await app.waitFor(`Labels of ${vm.name}`);
    await app.burst(...Array.from({ length: 'staging'.length }, () => KEY.backspace), 'p', 'r', 'o', 'd');
    const f = await app.waitFor('+ prod  − staging');
    expect(f).toContain('training prod');
    await app.press(ctrlS);
    await app.waitFor('training, prod');
    expect(app.exchanges).toContain(`PUT /core/virtual-machines/${vm.id}/label`);
    expect(app.sim.world.vms.get(vm.id)!.labels).toEqual(['training', 'prod']);
  });
});

describe('VM console log', () => {
  it('l requests the log and shows it in the detail, scrollable; / keeps the lines holding a text; l hides it', async () => {
    app = await renderApp({ height: 40 });
    const vm = active(app.sim);
    await openDetail(app, vm);
    await app.press('l');
    await app.waitFor('Console log');
    let f = await app.waitFor('lines · j/k');
    expect(app.exchanges).toContain(`POST /core/virtual-machines/${vm.id}/logs`);
    expect(app.exchanges).toContain(`GET /core/virtual-machines/${vm.id}/logs`);
    expect(statusLine(f)).toMatch(/Console log of .*: \d+ lines/);
    // scrollable: the pane says which lines it shows, and moves
    const pos = () => /(\d+)-\d+\/\d+/.exec(app!.frame())?.[1];
    expect(pos()).toBe('1');
    await app.press(KEY.pgdn);
    await app.waitFor(() => pos() !== '1');
    await app.press('/');
    await app.waitFor('Search the console log');
    await app.burst(...'checkpoint');
    await new Promise((r) => setTimeout(r, 200));
    await app.press(KEY.enter);
    await app.press('g');
    f = await app.waitFor('lines hold "checkpoint"');
    const shown = f.split('\n').filter((l) => /train\.py|NVRM|kernel/.test(l));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((l) => l.includes('checkpoint saved'))).toBe(true);
    await app.press('l');
    await app.waitFor((fr) => !fr.includes('lines hold') && !fr.split('\n').includes('Console log'));
  });
});

describe('VM detail: the contract it is billed under', () => {
  it('reads the contract (GET /pricebook/contracts/{id}) and shows its status, dates and discount', async () => {
    app = await renderApp({ height: 80 });
    const vm = vmsOf(app.sim).find((v) => v.contractId != null)!;
    const contract = app.sim.world.contracts.get(vm.contractId!)!;
    await openDetail(app, vm);
    const want = new RegExp(`^contract +#${contract.id} ${contract.status} · \\d{4}-\\d\\d-\\d\\d → `, 'm');
    const f = await app.waitFor((fr) => want.test(fr));
    expect(app.exchanges).toContain(`GET /pricebook/contracts/${contract.id}`);
    expect(f).toMatch(/^contract .*(off|flat price)/m);
  });
});
