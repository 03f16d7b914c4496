/**
 * Code a key loads when first pressed (a form, another resource's actions): not compiled before the first frame.
 * Once loaded, a key acts in the same turn, as with a static import (a dialog is open when the key's handling ends);
 * every such module is listed so that `preloadLazyCode` loads them all ahead (the app once its first frame is out,
 * after the other screens; the tests' app as it is built).
 */
import { turnOfTheLoop } from '../../domain/event-loop.js';

const loaders: Array<() => Promise<unknown>> = [];

export type WithCode<M> = (use: (m: M) => unknown) => void;

export function lazyCode<M>(load: () => Promise<M>): WithCode<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const get = () => {
    loading ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return loading;
  };
  loaders.push(get);
  return (use) => {
    if (loaded) use(loaded);
    else void get().then(use);
  };
}

/** Loads every lazy module declared so far, one after another (each a short turn of the thread, between keys). */
export async function preloadLazyCode(): Promise<void> {
  for (const get of loaders) {
    await get();
    await turnOfTheLoop();
  }
}
