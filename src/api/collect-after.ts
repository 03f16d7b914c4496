import { runInNewContext } from 'node:vm';

/**
 * A large response leaves large garbage: its body text (one string of its size) and, a refresh later, the list it
 * replaced. Both outlive the young generation (a 16 MB parse survives its scavenges), so V8 only frees them at its
 * next full collection, which it delays while the heap may still grow: measured with 10,000 VMs (16 MB) the heap
 * went 65 → 92 → 130 MB over three refreshes before one came, the resident size with it. So after a body this
 * large, once the caller has taken what it needs (a timer runs after the promise chain that stores the data), one
 * full collection is asked for; at most one per `minGapMs`. Below `minBytes` nothing changes.
 */
export const LARGE_BODY_BYTES = 4 * 1024 * 1024;
const MIN_GAP_MS = 1000;

let gc: Promise<(() => void) | null> | undefined;
let last = -Infinity;
let pending = false;

/** V8's gc(); node:v8 loads with the first large body, not with every start (a module of its own, ~1 ms). */
function collector(): Promise<(() => void) | null> {
  gc ??= import('node:v8').then(
    ({ setFlagsFromString }) => {
      // The documented way to reach V8's gc() without starting node with --expose-gc.
      setFlagsFromString('--expose-gc');
      return runInNewContext('gc') as () => void;
    },
    () => null,
  );
  return gc;
}

/** Called with each body's size: a large one schedules a collection once the current work is done. */
export function afterBody(bytes: number, now = Date.now()): boolean {
  if (bytes < LARGE_BODY_BYTES || pending || now - last < MIN_GAP_MS) return false;
  pending = true;
  // the gap counts from the body that asked (the collection runs a turn later), on the caller's clock
  last = now;
  setTimeout(() => {
    void collector()
      .then((run) => run?.())
      .catch(() => {})
      .finally(() => {
        pending = false;
      });
  }, 0).unref();
  return true;
}
