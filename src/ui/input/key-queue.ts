// The keys waiting to be dispatched, in order, bounded: a paste of megabytes must not queue millions of key
// objects (nor take minutes to work through). A FIFO with a moving head: shift() on a long array is O(n) per key.
import { type KeyEvent, PLAIN_KEY } from './read-keys.js';

/** Most keys waiting for a dialog: room for the largest text field (user data, 64 KiB) pasted whole, and more. */
export const MAX_QUEUED_KEYS = 128 * 1024;
/**
 * Most keys waiting for a screen, which draws after each one (a few ms): far more than SSH ever batches or a
 * filter needs, few enough that a paste into a table is worked through in a second or two, not minutes.
 */
export const MAX_SCREEN_KEYS = 256;

/** A key that only types text: a character with no Ctrl/Alt, no named key. */
export function isTextKey(e: KeyEvent): boolean {
  const k = e.key;
  return e.input !== '' && !k.ctrl && !k.meta && !k.return && !k.tab && !k.escape && !k.fn;
}

export class KeyQueue {
  private items: KeyEvent[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  /** Adds the keys that fit under `max` waiting; returns how many did not (dropped). */
  push(keys: readonly KeyEvent[], max = MAX_QUEUED_KEYS): number {
    const room = Math.max(0, max - this.size);
    const taken = keys.length <= room ? keys : keys.slice(0, room);
    for (const k of taken) this.items.push(k);
    return keys.length - taken.length;
  }

  /** The next key, or undefined. */
  take(): KeyEvent | undefined {
    if (this.head >= this.items.length) return undefined;
    const next = this.items[this.head++];
    // Compact now and then, so the array does not keep every key ever pushed.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return next;
  }

  /**
   * The next key; when it only types text, the text keys right after it are joined to it (one key whose input
   * is the whole run): for a focused text input, where typing them one by one gives the same text, only slower.
   */
  takeRun(): KeyEvent | undefined {
    const first = this.take();
    if (!first || !isTextKey(first)) return first;
    const parts = [first.input];
    while (this.head < this.items.length && isTextKey(this.items[this.head] as KeyEvent)) {
      parts.push((this.take() as KeyEvent).input);
    }
    return parts.length === 1 ? first : { input: parts.join(''), key: PLAIN_KEY };
  }
}
