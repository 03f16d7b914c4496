// The app's key reader (instead of Ink's useInput, which crashes on Ctrl+F1 and on a pasted ESC[0m): listens to
// what Ink's stdin reader emits, decodes it with readKeys, and hands the key presses over in order.
import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { KeyReader } from './key-reader.js';
import type { KeyEvent } from './read-keys.js';

/**
 * How long a paste (or a paste mark) cut by the end of a read waits for the rest with no data coming: a terminal
 * writes a paste at once, so this only ends a paste whose end mark never comes.
 */
export const PASTE_WAIT_MS = 500;

export interface UseKeysOptions {
  /** False while another part owns the keyboard: no keys, and raw mode released. Default true. */
  isActive?: boolean;
}

/**
 * Calls `onKeys` with the key presses and pastes of each read from the terminal, in order (never with an empty
 * list). Raw mode is on while active, as with Ink's useInput.
 *
 * Ink's stdin reader splits a read into escape sequences and text runs, but cuts a few sequences it does not know
 * (ESC O 5 P, an OSC title) into an Alt key plus text. Everything one read emits is joined again and decoded as a
 * whole, once the read is over (a microtask later), so such a sequence is dropped whole instead of typing text.
 * A paste is one event however many reads bring it (KeyReader).
 */
export function useKeys(onKeys: (keys: KeyEvent[]) => void, opts: UseKeysOptions = {}): void {
  const active = opts.isActive ?? true;
  const { setRawMode, internal_eventEmitter: events } = useStdin();
  const handler = useRef(onKeys);
  handler.current = onKeys;

  useEffect(() => {
    if (!active) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [active, setRawMode]);

  useEffect(() => {
    if (!active) return;
    const reader = new KeyReader();
    let pending: string[] = [];
    let live = true;
    let reads = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deliver = (keys: KeyEvent[]) => {
      if (live && keys.length > 0) handler.current(keys);
    };
    // Gives up on the rest of a paste only once a read had its chance: after a long stall the timers run before
    // the reads that waited, so the check comes one turn later (setImmediate runs after them).
    const giveUp = (at: number) => {
      timer = undefined;
      setImmediate(() => {
        if (live && reads === at && reader.waiting) deliver(reader.flush());
      });
    };
    const flush = () => {
      const data = pending.join('');
      pending = [];
      if (!live) return;
      reads++;
      if (timer) clearTimeout(timer);
      timer = undefined;
      deliver(reader.read(data));
      if (reader.waiting) timer = setTimeout(giveUp, PASTE_WAIT_MS, reads);
    };
    const onInput = (data: unknown) => {
      if (typeof data !== 'string' || data === '') return;
      if (pending.push(data) === 1) queueMicrotask(flush);
    };
    events.on('input', onInput);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      events.removeListener('input', onInput);
    };
  }, [active, events]);
}
