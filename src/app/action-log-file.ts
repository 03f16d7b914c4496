/**
 * --log FILE: the action log appended to a file, one JSON line per change asked of the service. The file is
 * private (created 0600, and made so if it was not: it names the organisation's resources), and each line passes
 * the key's redaction although no entry holds a body.
 */
import { closeSync, fchmodSync, fstatSync, openSync, writeSync } from 'node:fs';
import { type ActionLogEntry, logLine } from '../store/state/action-log.js';

export interface ActionLogFile {
  write(e: ActionLogEntry): void;
  close(): void;
  /** Said once in the status line at start, when the file was readable by others and was made private. */
  warning: string | undefined;
}

export function openActionLog(path: string, redact: (s: string) => string): ActionLogFile {
  const fd = openSync(path, 'a', 0o600);
  let warning: string | undefined;
  const mode = fstatSync(fd).mode & 0o777;
  if (mode & 0o077 && process.platform !== 'win32') {
    fchmodSync(fd, 0o600);
    warning = `${path} was readable by others (mode ${mode.toString(8)}): made private (600)`;
  }
  let failed = false;
  return {
    warning,
    write(e) {
      if (failed) return;
      try {
        writeSync(fd, redact(logLine(e)));
      } catch {
        failed = true; // a full disk must not stop the app; the :log view still has it
      }
    },
    close: () => closeSync(fd),
  };
}
