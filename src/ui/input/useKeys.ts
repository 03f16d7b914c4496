// The app's key reader (instead of Ink's useInput, which crashes on Ctrl+F1 and on a pasted ESC[0m): listens to
// what Ink's stdin reader emits, decodes it with readKeys, and hands the key presses over in order.
import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { type KeyEvent, readKeys } from './read-keys.js';

export interface UseKeysOptions {
  /** False while another part owns the keyboard: no keys, and raw mode released. Default true. */
  isActive?: boolean;
}

/**
 * Calls `onKeys` with the key presses of each read from the terminal, in order (never with an empty list).
 * Raw mode is on while active, as with Ink's useInput.
 *
 * Ink's stdin reader splits a read into escape sequences and text runs, but cuts a few sequences it does not know
 * (ESC O 5 P, an OSC title) into an Alt key plus text. Everything one read emits is joined again and decoded as a
 * whole, once the read is over (a microtask later), so such a sequence is dropped whole instead of typing text.
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
    let pending: string[] = [];
    let live = true;
    const flush = () => {
      const data = pending.join('');
      pending = [];
      if (!live) return;
      const keys = readKeys(data);
      if (keys.length > 0) handler.current(keys);
    };
    const onInput = (data: unknown) => {
      if (typeof data !== 'string' || data === '') return;
      if (pending.push(data) === 1) queueMicrotask(flush);
    };
    events.on('input', onInput);
    return () => {
      live = false;
      events.removeListener('input', onInput);
    };
  }, [active, events]);
}
