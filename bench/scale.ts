import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHello, CLI, type PtyRun, spawnPty } from './pty-run.js';
import { countingProxy, cpuMs, peakRssMb, type SimProcess, startSimProcess } from './sim-process.js';
import { median, report } from './stats.js';

const IDLE_MS = 60_000;
// The VMs table with data: a status word and the cursor's "1/N".
const HAS_DATA = (out: string) => /ACTIVE/.test(out) && /\b1\/\d+/.test(out);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The app (built bundle) against a simulator in another process, through a byte-counting proxy. */
async function appAgainst(sim: SimProcess, extraArgs: string[] = [], connectDelayMs = 0) {
  const proxy = await countingProxy(sim.url, connectDelayMs);
  const home = mkdtempSync(join(tmpdir(), 'hs-bench-home-'));
  const app = spawnPty(CLI, ['--base-url', proxy.url, ...extraArgs], {
    HYPERSTACK_API_KEY: sim.key,
    XDG_CONFIG_HOME: home,
    XDG_CACHE_HOME: home,
    HOME: home,
  });
  return {
    app,
    proxy,
    stop: () => {
      app.kill();
      proxy.close();
    },
  };
}

interface IdleFigures {
  cpuMs: number;
  bytes: number;
  peakMb: number;
  header: string;
}

/** `scale` VMs on the VMs screen, default refresh, nothing changing: what 60 s of watching costs. */
async function idle(scale: number): Promise<IdleFigures> {
  const sim = await startSimProcess(['--scale', String(scale), '--vm-create-seconds', '1']);
  const run = await appAgainst(sim);
  try {
    await run.app.until(HAS_DATA, 90_000);
    await sleep(3000); // the first load's garbage and the other lists of the screen settle
    const cpu0 = cpuMs(run.app.pid);
    const bytes0 = run.proxy.received();
    await sleep(IDLE_MS);
    const out = run.app.output();
    return {
      cpuMs: cpuMs(run.app.pid) - cpu0,
      bytes: run.proxy.received() - bytes0,
      peakMb: peakRssMb(run.app.pid),
      header: /list every [0-9a-z]+/.exec(out.slice(-20_000))?.[0] ?? '(no list interval shown)',
    };
  } finally {
    run.stop();
    sim.stop();
  }
}

async function peakOf(app: PtyRun, ready: (out: string) => boolean, settleMs: number): Promise<number> {
  try {
    await app.until(ready, 180_000);
    await sleep(settleMs);
    return peakRssMb(app.pid);
  } finally {
    await app.stop();
  }
}

/** 10,000 VMs versus 100 VMs watched idle for 60 s (run side by side): CPU time, bytes received, peak memory. */
export async function benchScale(): Promise<string> {
  const [small, large] = await Promise.all([idle(100), idle(10_000)]);
  const hello = await peakOf(
    spawnPty(await buildHello(), ['stay']),
    (o) => o.includes('hello from ink'),
    500,
  );
  const demo = await peakOf(spawnPty(CLI, ['--demo', '--demo-scale', '10000']), HAS_DATA, 3000);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  return [
    report(
      'idle 60 s on the VMs screen, CPU time: 10,000 VMs vs 100',
      large.cpuMs / small.cpuMs,
      3,
      `${large.cpuMs} ms vs ${small.cpuMs} ms of CPU (simulator in another process; ${large.header} vs ${small.header})`,
    ),
    report(
      'idle 60 s, bytes received from the service: 10,000 VMs vs 100',
      large.bytes / Math.max(1, small.bytes),
      3,
      `${kb(large.bytes)} vs ${kb(small.bytes)} (counted by a proxy in front of the simulator)`,
    ),
    report(
      'peak RSS: 10,000 VMs vs 100',
      large.peakMb / small.peakMb,
      2,
      `VmHWM ${large.peakMb.toFixed(0)} MB vs ${small.peakMb.toFixed(0)} MB`,
    ),
    report(
      'peak RSS: 10,000 VMs vs a bundled Ink hello',
      large.peakMb / hello,
      3,
      `VmHWM ${large.peakMb.toFixed(0)} MB vs ${hello.toFixed(0)} MB; --demo --demo-scale 10000 (simulator in ` +
        `the same process): ${demo.toFixed(0)} MB`,
    ),
  ].join('\n');
}

const PRESSES = 12;

/** One start against a simulator: time to the first frame with data, then the median keypress-to-frame. */
async function slowLinkRun(sim: SimProcess, connectDelayMs = 0): Promise<{ firstMs: number; keyMs: number }> {
  const run = await appAgainst(sim, [], connectDelayMs);
  try {
    const firstMs = await run.app.until(HAS_DATA, 60_000);
    await sleep(1000);
    const times: number[] = [];
    for (let i = 0; i < PRESSES; i++) {
      const sent = performance.now();
      const frame = run.app.nextChunk();
      run.app.write('j');
      times.push((await frame) - sent);
      await sleep(60);
    }
    return { firstMs, keyMs: median(times) };
  } finally {
    run.stop();
  }
}

/**
 * 150 ms added to every request (the simulator's latency fault) versus none: first frame, keypress-to-frame. And
 * connections that take 150 ms to set up (as a far service's TCP and TLS handshakes do): first frame. Every run is a
 * first start (no code cache).
 */
export async function benchSlowLink(): Promise<string> {
  const fast = await startSimProcess([]);
  const slow = await startSimProcess(['--faults', 'latency=150']);
  try {
    const f: Array<{ firstMs: number; keyMs: number }> = [];
    const s: Array<{ firstMs: number; keyMs: number }> = [];
    const c: Array<{ firstMs: number; keyMs: number }> = [];
    for (let i = 0; i < 3; i++) {
      f.push(await slowLinkRun(fast));
      s.push(await slowLinkRun(slow));
      c.push(await slowLinkRun(fast, 150));
    }
    const m = (xs: typeof f, k: 'firstMs' | 'keyMs') => median(xs.map((x) => x[k]));
    return [
      report(
        'time to first frame with data, 150 ms latency vs none',
        m(s, 'firstMs') / m(f, 'firstMs'),
        undefined,
        `medians of 3: ${m(s, 'firstMs').toFixed(0)} ms vs ${m(f, 'firstMs').toFixed(0)} ms (simulator in another process)`,
      ),
      report(
        'keypress-to-frame, 150 ms latency vs none',
        m(s, 'keyMs') / m(f, 'keyMs'),
        undefined,
        `median of ${PRESSES} presses of j, median of 3 runs: ${m(s, 'keyMs').toFixed(1)} ms vs ${m(f, 'keyMs').toFixed(1)} ms`,
      ),
      report(
        'time to first frame with data, connections taking 150 ms to set up vs none',
        m(c, 'firstMs') / m(f, 'firstMs'),
        undefined,
        `medians of 3: ${m(c, 'firstMs').toFixed(0)} ms vs ${m(f, 'firstMs').toFixed(0)} ms (the connections the ` +
          'first screen needs are opened while the app compiles: src/api/preconnect.ts)',
      ),
    ].join('\n');
  } finally {
    fast.stop();
    slow.stop();
  }
}
