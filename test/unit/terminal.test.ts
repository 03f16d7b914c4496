import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../fixtures/terminal/crash.ts', import.meta.url));
const LEAVE = '\x1b[?1049l';
const SHOW_CURSOR = '\x1b[?25h';
const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

function run(mode: string, signal?: NodeJS.Signals) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, mode], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (signal && stdout.includes('frame')) child.kill(signal);
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('terminal restore on every exit path (child process)', () => {
  it.each(['throw', 'reject'])(
    'an uncaught error (%s): restores, then one short message without the key, exit 1',
    async (mode) => {
      const r = await run(mode);
      expect(r.code).toBe(1);
      const tail = r.stdout.slice(r.stdout.indexOf('frame'));
      expect(tail).toContain(SHOW_CURSOR);
      expect(tail).toContain(PASTE_OFF);
      expect(r.stdout.indexOf(PASTE_ON)).toBeLessThan(r.stdout.indexOf('frame'));
      expect(tail.endsWith(LEAVE)).toBe(true);
      expect(r.stderr).toMatch(/hyperstack-tui crashed: (boom|rejected) with \*\*\*/);
      expect(r.stderr).not.toContain('sk-live');
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    },
  );

  it('the crash message is printed inert: a service text in it cannot act on the terminal', async () => {
    const r = await run('hostile');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('service said ␛]0;PWNED␇␛]52;c;ZXZpbA==␇');
    expect(r.stderr).not.toContain('\x1b');
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('%s: restores the terminal and exits %i', async (signal, code) => {
    const r = await run('wait', signal);
    expect(r.code).toBe(code);
    expect(r.stdout.slice(r.stdout.indexOf('frame')).endsWith(LEAVE)).toBe(true);
    expect(r.stdout.slice(r.stdout.indexOf('frame'))).toContain(PASTE_OFF);
  });
});
