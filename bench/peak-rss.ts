import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildHello, CLI, spawnPty } from './pty-run.js';
import { report } from './stats.js';

/** A simulator in its own process (so the app's memory is the app's alone): its URL and admin key. */
async function startSim(scale: number): Promise<{ url: string; key: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, [CLI, 'simulate', '--scale', String(scale), '--rate-limit', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator did not start: ${out}`)), 60_000);
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const key = /admin\s+(\S+)/.exec(out)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ url, key, proc });
      }
    });
  });
}

/** kB from /proc/PID/status: VmHWM (peak resident) and VmRSS (now). */
export function memOf(pid: number): { peak: number; now: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? Number.NaN);
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

/** The app against a simulator of `scale` VMs: peak and present RSS after `seconds` of refreshes (asked every 2 s). */
export async function appRss(scale: number, seconds = 25): Promise<{ peak: number; now: number }> {
  const sim = await startSim(scale);
  try {
    const app = spawnPty(CLI, ['--refresh', '2'], {
      HYPERSTACK_BASE_URL: sim.url,
      HYPERSTACK_API_KEY: sim.key,
      HYPERSTACK_TUI_CODE_CACHE: '0',
    });
    try {
      await app.until((o) => /ACTIVE|RUNNING|SHUTOFF/.test(o), 60_000);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      return memOf(app.pid);
    } finally {
      app.kill();
    }
  } finally {
    sim.proc.kill();
  }
}

async function helloRss(): Promise<number> {
  const hello = await buildHello();
  const h = spawnPty(hello, []);
  await h.until((o) => o.includes('hello from ink'));
  const m = memOf(h.pid);
  h.kill();
  return m.peak;
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Peak RSS of the app with 10,000 VMs (refreshing every 2 s) vs with 100 VMs and vs a bundled Ink hello. */
export async function benchPeakRss(): Promise<string> {
  const hello = await helloRss();
  const small = await appRss(100);
  const large = await appRss(10_000);
  return [
    report(
      'peak RSS with 10,000 VMs vs with 100 VMs',
      large.peak / small.peak,
      2,
      `10,000 VMs: peak ${mb(large.peak)}, now ${mb(large.now)}; 100 VMs: peak ${mb(small.peak)}, now ${mb(small.now)}; ` +
        'simulator in its own process, 25 s of refreshes asked every 2 s',
    ),
    report('peak RSS with 10,000 VMs vs bundled Ink hello', large.peak / hello, 3, `hello ${mb(hello)}`),
  ].join('\n');
}
