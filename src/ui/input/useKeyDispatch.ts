// The App's key queue: every key press, in order, to its one dispatcher. Keys that arrive together (SSH batching,
// a paste) are dispatched one by one, each after React has drawn what the one before did, so "jjj" moves three
// rows and in "/name⏎D" the D acts on the row the filter left selected. A dialog keeps its state in a ref, so
// while one is open the keys go to it back to back (no draw in between: a long paste is not one frame per key),
// and a run of text into a focused text input arrives as one key.
import { useCallback, useRef } from 'react';
import { KeyQueue, MAX_QUEUED_KEYS, MAX_SCREEN_KEYS } from './key-queue.js';
import type { Key, KeyEvent } from './read-keys.js';
import { useKeys } from './useKeys.js';

/** What the dispatcher tells the queue about where keys go now. */
export interface KeyTarget {
  /** A dialog has the keyboard: its state is read at each key, no draw is needed between keys. */
  batchable(): boolean;
  /** The focus is a text input: a run of characters can be typed in one go. */
  takesText(): boolean;
  /** Keys were dropped because too many arrived at once. */
  dropped(count: number): void;
}

/** Longest stretch of keys dispatched back to back before letting Ink draw and read the terminal again. */
const SLICE_MS = 20;

export function useKeyDispatch(dispatch: (input: string, key: Key) => void, target: KeyTarget): void {
  const queue = useRef(new KeyQueue()).current;
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;
  const targetRef = useRef(target);
  targetRef.current = target;

  const drain = useCallback(() => {
    const until = performance.now() + SLICE_MS;
    for (;;) {
      const t = targetRef.current;
      const batch = t.batchable();
      const next = batch && t.takesText() ? queue.takeRun() : queue.take();
      if (!next) return;
      dispatchRef.current(next.input, next.key);
      if (queue.size === 0) return;
      if (!batch || !targetRef.current.batchable() || performance.now() > until) break;
    }
    setTimeout(drain, 0);
  }, [queue]);

  useKeys((keys: KeyEvent[]) => {
    const idle = queue.size === 0;
    const t = targetRef.current;
    const dropped = queue.push(keys, t.batchable() ? MAX_QUEUED_KEYS : MAX_SCREEN_KEYS);
    if (dropped > 0) t.dropped(dropped);
    if (idle) drain();
  });
}
