/** Telling the user something happened while they looked elsewhere: the bell and a desktop notification. */
import { notification } from '../../domain/notify.js';

export interface Notifier {
  notify(title: string, body: string): void;
}

export interface NotifierIo {
  env: NodeJS.ProcessEnv;
  /** Writes to the terminal. */
  write(sequence: string): void;
}

export function createNotifier(io: NotifierIo): Notifier {
  return { notify: (title, body) => io.write(notification(title, body, io.env)) };
}

/** The terminal this process runs in. */
export const TERMINAL_NOTIFIER: Notifier = createNotifier({
  env: process.env,
  write: (s) => {
    process.stdout.write(s);
  },
});
