/**
 * The lock that keeps two `guard` runs from overlapping (a cron line and a person, a slow run and the next one):
 * $XDG_STATE_HOME/hyperstack-tui/guard.lock (or ~/.local/state/…), created exclusively, private (600), holding the
 * holder's pid and start time. A lock whose process is gone (killed, a reboot) is taken over; a live one is not.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { xdgAppDir } from '../config/xdg.js';

export function guardLockPath(env: NodeJS.ProcessEnv): string {
  return join(xdgAppDir(env, 'XDG_STATE_HOME', join('.local', 'state')), 'guard.lock');
}

export type LockResult = { held: true; release(): void } | { held: false; pid: number | undefined };

/** Whether process `pid` is alive (EPERM: alive, someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(path: string): number | undefined {
  try {
    const pid = Number(JSON.parse(readFileSync(path, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock, or says who holds it. */
export function takeGuardLock(path: string, now = Date.now()): LockResult {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = holder(path);
      // a live holder keeps it; a half-written file is a run starting now: left alone too
      if (pid === undefined || alive(pid)) return { held: false, pid };
      try {
        unlinkSync(path); // its process is gone: stale
      } catch {}
      continue;
    }
    writeSync(fd, `${JSON.stringify({ pid: process.pid, since: new Date(now).toISOString() })}\n`);
    closeSync(fd);
    return {
      held: true,
      release: () => {
        if (holder(path) === process.pid) unlinkSync(path);
      },
    };
  }
  return { held: false, pid: holder(path) };
}
