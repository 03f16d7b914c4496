import { isatty } from 'node:tty';
import { inert } from '../domain/sanitize.js';

/**
 * Terminal lifecycle: the app draws in the alternate screen, with bracketed paste on, and must leave the terminal
 * as it found it on EVERY exit path: quit, Ctrl-C, SIGTERM, SIGHUP (SSH dropped), an uncaught error.
 */
const ENTER_ALT = '\x1b[?1049h';
const LEAVE_ALT = '\x1b[?1049l';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';
const CLEAR = '\x1b[2J\x1b[H';
const RESET_ATTRS = '\x1b[0m';
/** Bracketed paste: the terminal marks a paste (ESC[200~ … ESC[201~), which the app reads as text, never keys. */
export const PASTE_MARKS_ON = '\x1b[?2004h';
export const PASTE_MARKS_OFF = '\x1b[?2004l';

export interface TerminalIo {
  stdout: Pick<NodeJS.WriteStream, 'write'>;
  stdin: { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
}

export interface FullScreen {
  /** Restores the terminal; safe to call many times (only the first does anything). */
  restore(): void;
}

export function enterFullScreen(io: TerminalIo): FullScreen {
  // Raw mode first: until Ink takes over the keyboard (after its first frame), the terminal would otherwise echo
  // what the user types into the screen. The keys stay buffered and reach the app.
  try {
    if (io.stdin.isTTY) io.stdin.setRawMode?.(true);
  } catch {
    // not a terminal after all: nothing to silence
  }
  io.stdout.write(ENTER_ALT + CLEAR + HIDE_CURSOR + PASTE_MARKS_ON);
  let restored = false;
  return {
    restore() {
      if (restored) return;
      restored = true;
      try {
        if (io.stdin.isTTY) io.stdin.setRawMode?.(false);
      } catch {
        // stdin may already be gone (SSH dropped): nothing to restore there.
      }
      try {
        io.stdout.write(RESET_ATTRS + SHOW_CURSOR + PASTE_MARKS_OFF + LEAVE_ALT);
      } catch {
        // stdout closed: nothing more can be done.
      }
    },
  };
}

/**
 * Installs handlers for signals and crashes; each restores the terminal first, then prints a short message
 * (never a stack trace with secrets: `redact` is applied by the caller) and exits.
 */
export function installExitHandlers(
  screen: FullScreen,
  opts: { redact: (s: string) => string; beforeExit?: () => void },
): () => void {
  // A terminal that hung up (SSH dropped) answers isatty() with false: there is nobody left to restore it for.
  const wasTerminal = isatty(1);
  const hungUp = () => wasTerminal && !isatty(1);
  const finish = (code: number, message?: string) => {
    try {
      opts.beforeExit?.();
    } catch {
      // exiting anyway
    }
    screen.restore();
    if (hungUp()) {
      // Node 20 (and early 22) abort with SIGABRT/SIGSEGV in their exit-time tty reset when the terminal is gone
      // (nodejs/node#51519, "ResetStdio: Assertion failed"), dumping core on every dropped SSH session. Die of the
      // hangup itself instead, as a program without handlers would; that skips Node's exit-time reset.
      process.removeAllListeners('SIGHUP');
      process.kill(process.pid, 'SIGHUP');
    }
    // The message may quote the service: printed inert, like everything the app draws.
    if (message) process.stderr.write(`${inert(opts.redact(message))}\n`);
    process.exit(code);
  };
  const onSigterm = () => finish(143);
  const onSighup = () => finish(129);
  const onSigint = () => finish(130);
  const onCrash = (err: unknown) =>
    finish(1, `hyperstack-tui crashed: ${err instanceof Error ? err.message : String(err)}`);
  const onExit = () => screen.restore();
  const handlers = [
    ['SIGTERM', onSigterm],
    ['SIGHUP', onSighup],
    ['SIGINT', onSigint],
    ['uncaughtException', onCrash],
    ['unhandledRejection', onCrash],
    ['exit', onExit],
  ] as const;
  for (const [event, handler] of handlers) process.on(event, handler);
  return () => {
    for (const [event, handler] of handlers) process.off(event, handler);
  };
}
