import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Copyable, shellLineCopy } from '../../src/domain/copyable.js';
import { type ClipboardIo, createClipboard, runTmux } from '../../src/store/actions/clipboard.js';
import { missing, requires } from '../support/requires.js';

const line = (...words: string[]) => shellLineCopy(words) as Copyable;

describe('clipboard outside tmux', () => {
  it('writes OSC 52 to the terminal and says so', async () => {
    const writes: string[] = [];
    const clip = createClipboard({
      env: {},
      write: (s) => writes.push(s),
      tmux: () => Promise.reject(new Error('no tmux here')),
    });
    expect(await clip.copy(line('ssh', 'ubuntu@1.2.3.4'))).toEqual({ ok: true, where: 'the clipboard' });
    expect(writes).toEqual([`\x1b]52;c;${Buffer.from('ssh ubuntu@1.2.3.4').toString('base64')}\x07`]);
  });
});

// A real tmux server on a private socket: what the app does inside tmux, checked against tmux itself. CI installs
// tmux (.ci/run); a machine without it skips these tests, saying so (test/support/requires.ts).
describe('clipboard inside tmux (a real tmux server)', () => {
  let dir: string;
  let socket: string;
  let env: NodeJS.ProcessEnv;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-S', socket, ...args], { encoding: 'utf8' });

  beforeEach((ctx) => requires(ctx, 'tmux'));
  beforeAll(() => {
    if (missing('tmux')) return;
    dir = mkdtempSync(join(tmpdir(), 'hs-tmux-'));
    socket = join(dir, 'sock');
    tmux('-f', '/dev/null', 'new-session', '-d', '-s', 't', 'sleep 60');
    // What tmux puts in the environment of the programs it runs: socket, server pid, session.
    env = { ...process.env, TMUX: `${socket},0,0` };
  });
  afterAll(() => {
    if (missing('tmux')) return;
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const inTmux = (writes: string[]): ClipboardIo => ({
    env,
    write: (s) => writes.push(s),
    tmux: (args, input) => runTmux(env, args, input),
  });

  it('with set-clipboard off: the text lands in tmux paste buffer, and the status says so', async () => {
    tmux('set-option', '-g', 'set-clipboard', 'off');
    const writes: string[] = [];
    const r = await createClipboard(inTmux(writes)).copy(line('ssh', 'ubuntu@10.0.0.7'));
    expect(r).toEqual({ ok: true, where: "tmux's paste buffer (prefix ] pastes it)" });
    expect(tmux('show-buffer')).toBe('ssh ubuntu@10.0.0.7');
    // Nothing sent that tmux would drop anyway.
    expect(writes).toEqual([]);
  });

  it('with the default set-clipboard (external): through tmux to the clipboard', async () => {
    tmux('set-option', '-g', 'set-clipboard', 'external');
    const r = await createClipboard(inTmux([])).copy(line('203.0.113.9'));
    expect(r).toEqual({ ok: true, where: 'the clipboard (through tmux)' });
    expect(tmux('show-buffer')).toBe('203.0.113.9');
  });

  it('says "not copied" when the tmux server is gone', async () => {
    const gone = { ...env, TMUX: `${join(dir, 'no-such-socket')},0,0` };
    const r = await createClipboard({
      env: gone,
      write: () => {},
      tmux: (args, input) => runTmux(gone, args, input),
    }).copy(line('x'));
    expect(r.ok).toBe(false);
  });
});
