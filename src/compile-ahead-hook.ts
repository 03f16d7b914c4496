// The app asks the boot code (src/boot/chunks.ts, bundled apart) to have the pieces of its first frame compiled on
// another thread (src/boot/compile-ahead.ts). The two meet on this global, like the start-up marks.

/** What the first frame needs: the app's, or with `--demo` the simulator's first. */
export type AheadMode = 'app' | 'demo';

const HOOK = Symbol.for('hyperstack-tui.compile-ahead');
type Hook = (mode: AheadMode) => void;

/** Called by the boot code when there is no code cache: a first start. */
export function offerCompileAhead(hook: Hook): void {
  (globalThis as { [HOOK]?: Hook })[HOOK] = hook;
}

/** Called by the app as it starts; a no-op with a code cache (or without the boot code, as in tests). */
export function askToCompileAhead(mode: AheadMode): void {
  const g = globalThis as { [HOOK]?: Hook };
  const hook = g[HOOK];
  delete g[HOOK];
  hook?.(mode);
}
