/**
 * Copying text for the user. OSC 52 asks the terminal (not the remote host) to set the clipboard, so it works over
 * SSH. Inside tmux an application's OSC 52 is dropped by default (set-clipboard "external", passthrough off since
 * tmux 3.3), so there the text goes through tmux itself: its paste buffer, and the system clipboard when tmux may
 * set it. The result says where the text went, never "copied" when it may not have been.
 */
import type { Copyable } from '../../domain/copyable.js';
import { osc52 } from '../../domain/osc52.js';

export type CopyResult = { ok: true; where: string } | { ok: false; why: string };

export interface ClipboardIo {
  env: NodeJS.ProcessEnv;
  /** Writes to the terminal. */
  write(sequence: string): void;
  /** Runs tmux with `args` (and `input` on stdin); resolves its stdout, rejects when it fails. */
  tmux(args: readonly string[], input?: string): Promise<string>;
}

/** Takes checked text only (a Copyable: a quoted shell line or an https address, src/domain/copyable.ts). */
export interface Clipboard {
  copy(c: Copyable): Promise<CopyResult>;
}

/**
 * Runs the tmux client; `env.TMUX` tells it which server (the one this app runs in). node:child_process loads on the
 * first copy in tmux, not at start-up (it brings dgram and net's handle passing: ~2 ms of every start).
 */
export const runTmux = async (
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  input?: string,
): Promise<string> => {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = execFile('tmux', [...args], { env, timeout: 2000 }, (err, stdout) =>
      err ? reject(err) : resolve(String(stdout)),
    );
    // a tmux that exits at once (its server gone) closes its stdin: the write fails with EPIPE, which must not
    // become an uncaught exception (the exit is reported through the callback above)
    child.stdin?.on('error', () => {});
    child.stdin?.end(input ?? '');
  });
};

export const TERMINAL_IO: ClipboardIo = {
  env: process.env,
  write: (s) => {
    process.stdout.write(s);
  },
  tmux: (args, input) => runTmux(process.env, args, input),
};

export function createClipboard(io: ClipboardIo = TERMINAL_IO): Clipboard {
  return {
    async copy({ text }) {
      if (!io.env.TMUX) {
        io.write(osc52(text, io.env));
        return { ok: true, where: 'the clipboard' };
      }
      return copyInTmux(text, io);
    },
  };
}

async function copyInTmux(text: string, io: ClipboardIo): Promise<CopyResult> {
  const setting = await io.tmux(['show-options', '-gv', 'set-clipboard']).then(
    (s) => s.trim(),
    () => undefined,
  );
  // -w (tmux 3.2+) also hands the buffer to the outer terminal's clipboard, as set-clipboard allows.
  const toClipboard = setting !== 'off';
  for (const args of toClipboard
    ? [
        ['load-buffer', '-w', '-'],
        ['load-buffer', '-'],
      ]
    : [['load-buffer', '-']]) {
    try {
      await io.tmux(args, text);
      if (toClipboard && args.includes('-w')) return { ok: true, where: 'the clipboard (through tmux)' };
      return { ok: true, where: "tmux's paste buffer (prefix ] pastes it)" };
    } catch {
      // older tmux without -w: try the plain buffer
    }
  }
  return { ok: false, why: 'tmux refused it (is this tmux session still there?)' };
}
