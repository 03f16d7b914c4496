import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';
import { CLI } from './pty-run.js';

/** `hyperstack-tui simulate` (the built bundle) in a process of its own, as a user runs it beside the app. */
export interface SimProcess {
  url: string;
  key: string;
  stop(): void;
}

export async function startSimProcess(args: string[]): Promise<SimProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'simulate', '--rate-limit', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never left behind, even when the bench fails half way.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  let out = '';
  const ready = new Promise<{ url: string; key: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`simulator did not start: ${out}`)), 120_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /admin\s+(\S+)/.exec(out)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ url, key });
      }
    });
    child.on('exit', () => reject(new Error(`simulator exited: ${out}`)));
  });
  const { url, key } = await ready;
  return { url, key, stop };
}

/**
 * A TCP proxy in front of `target` that counts the bytes the service sends back (headers and bodies). With
 * `connectDelayMs`, each connection takes that long to reach the service (as TCP and TLS handshakes over a far link
 * would): what the client sends meanwhile waits.
 */
export async function countingProxy(
  target: string,
  connectDelayMs = 0,
): Promise<{ url: string; received(): number; close(): void }> {
  const { hostname, port, pathname } = new URL(target);
  let received = 0;
  const server = createServer((client) => {
    client.pause();
    if (connectDelayMs > 0) setTimeout(() => link(client), connectDelayMs);
    else link(client);
  });
  const link = (client: Socket) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    upstream.on('data', (d: Buffer) => {
      received += d.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${addr.port}${pathname === '/' ? '' : pathname}`,
    received: () => received,
    close: () => server.close(),
  };
}

/** CPU time (user + system) of a process so far, in ms, from /proc/PID/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command (which may hold spaces) start after the last ')'
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * CPU time of a process so far (all its threads), in ms at ns resolution, from /proc/PID/task/TID/schedstat: on a
 * busy machine a start's CPU time says what it cost, where its wall time mostly says how long it waited for a core.
 */
export function cpuMsExact(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
