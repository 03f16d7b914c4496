/**
 * --log FILE: the action log appended to a file, one JSON line per change asked of the service. A file of ours is
 * private (created 0600, and made so if it was not: it names the organisation's resources); anything else the
 * path names (a device such as /dev/null, a pipe, another user's file) is written to as it is, never chmodded.
 * Each line passes the file sink (domain/file-text.ts: inert JSON, secrets masked) although no entry holds a body.
 */
import { closeSync, constants, fchmodSync, fstatSync, openSync, writeSync } from 'node:fs';
import { fileText } from '../domain/file-text.js';
import { type ActionLogEntry, logLine } from '../store/state/action-log.js';

export interface ActionLogFile {
  write(e: ActionLogEntry): void;
  close(): void;
  /** Said once in the status line at start, when the file was readable by others and was made private. */
  warning: string | undefined;
}

export function openActionLog(path: string): ActionLogFile {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
  let warning: string | undefined;
  const st = fstatSync(fd);
  const mode = st.mode & 0o777;
  const ours = st.isFile() && (process.getuid === undefined || st.uid === process.getuid());
  if (ours && mode & 0o077 && process.platform !== 'win32') {
    fchmodSync(fd, 0o600);
    warning = `${path} was readable by others (mode ${mode.toString(8)}): made private (600)`;
  }
  let failed = false;
  return {
    warning,
    write(e) {
      if (failed) return;
      try {
        writeSync(fd, fileText(logLine(e)));
      } catch {
        failed = true; // a full disk must not stop the app; the :log view still has it
      }
    },
    close: () => closeSync(fd),
  };
}
