// The VMs table at 80, 100 and 120 columns: IP addresses are never cut (lower-priority columns drop out first),
// and W opens the wide view that scrolls sideways with ←/→.
import { afterEach, describe, expect, it } from 'vitest';
import { stripSgr } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

const IPV4 = /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/;
const header = (f: string) =>
  stripSgr(f)
    .split('\n')
    .find((l) => l.includes('NAME')) ?? '';
const vmRows = (f: string) =>
  stripSgr(f)
    .split('\n')
    .filter((l) => /^[› ] \S/.test(l) && !l.includes('NAME'));

async function vmsAt(width: number): Promise<AppHarness> {
  app = await renderApp({ screen: 'vms', width, height: 30, vmCount: 12 });
  // the rows in, not only the header: the screen's keys are bound once its table has drawn them
  await app.waitFor((f) => f.includes('FIXED IP') && IPV4.test(f));
  return app;
}

/** Every fixed IP of the simulator shows whole in the frame, and no cell ends in "…" after an address start. */
function expectWholeIps(a: AppHarness, frame: string) {
  const text = stripSgr(frame);
  const fixed = [...a.sim.world.vms.values()].map((v) => v.fixedIp).filter(Boolean) as string[];
  expect(fixed.length).toBeGreaterThan(0);
  for (const ip of fixed) expect(text, ip).toMatch(new RegExp(`${ip.replaceAll('.', '\\.')}\\b`));
  expect(text).not.toMatch(/\d+\.\d+\.[\d.]*…/);
}

describe('VMs table on narrow terminals', () => {
  it('at 120 columns shows every column', async () => {
    const a = await vmsAt(120);
    const h = header(a.frame());
    for (const t of [
      'NAME',
      'STATUS',
      'POWER',
      'FLAVOR',
      'GPUS',
      'ENVIRONMENT/REGION',
      'FIXED IP',
      'FLOATING IP',
    ])
      expect(h).toContain(t);
    expectWholeIps(a, a.frame());
  });

  it('at 100 columns the IPs are whole (they were "10.101.…")', async () => {
    const a = await vmsAt(100);
    expect(header(a.frame())).toMatch(/FIXED IP +FLOATING IP/);
    expectWholeIps(a, a.frame());
    expect(vmRows(a.frame()).some((l) => IPV4.test(l))).toBe(true);
  });

  it('at 80 columns POWER, ENVIRONMENT/REGION and AGE drop out before an IP is cut; the footer says W shows them', async () => {
    const a = await vmsAt(80);
    const h = header(a.frame());
    expect(h).not.toContain('POWER');
    expect(h).not.toContain('ENVIRONMENT');
    expect(h).toContain('FIXED IP');
    expect(h).toContain('FLOATING IP');
    expectWholeIps(a, a.frame());
    expect(h).not.toContain('AGE');
    expect(stripSgr(a.frame())).toContain('W: +3 columns');
  });

  it('W shows the dropped columns whole and ←/→ scroll sideways; W again fits the width', async () => {
    const a = await vmsAt(80);
    await a.press('W');
    let f = await a.waitFor((fr) => stripSgr(fr).includes('wide 2–'));
    expect(header(f)).toMatch(/^ {2}NAME +STATUS +POWER +FLAVOR/);
    await a.press('\x1b[C', '\x1b[C', '\x1b[C');
    f = await a.waitFor((fr) => stripSgr(fr).includes('wide 5–'));
    // NAME stays; the rest start at GPUS, each whole: the region is not cut.
    expect(header(f)).toMatch(/^ {2}NAME +GPUS +ENVIRONMENT\/REGION +FIXED IP/);
    const region = [...a.sim.world.envs.values()][0]!.region;
    expect(stripSgr(f)).toContain(`/${region}`);
    expect(header(f)).not.toContain('STATUS');
    await a.press('\x1b[D');
    f = await a.waitFor((fr) => stripSgr(fr).includes('wide 4–'));
    expect(header(f)).toMatch(/NAME +FLAVOR +GPUS/);
    await a.press('W');
    f = await a.waitFor((fr) => stripSgr(fr).includes('W: +3 columns'));
    expect(header(f)).toContain('STATUS');
  });

  it('the help lists W and ←/→ under the table keys', async () => {
    app = await renderApp({ screen: 'vms', width: 100, height: 100 });
    await app.waitFor('FIXED IP');
    await app.press('?');
    const help = stripSgr(await app.waitFor('Esc or ? closes'));
    expect(help).toMatch(/│ +W +wide view: every column whole/);
    expect(help).toMatch(/│ +← → +scroll the wide view sideways/);
  });
});
