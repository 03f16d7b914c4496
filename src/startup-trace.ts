import { appendFileSync } from 'node:fs';

// HYPERSTACK_TUI_TRACE=FILE appends "ms-since-process-start label wall-clock-ms cpu-ms monotonic-µs" lines at
// start-up milestones, to see where the time to the first frame goes (CPU time too: it tells on a busy machine; the
// monotonic clock is a --cpu-prof profile's, so the marks line up with its samples).
const file = process.env.HYPERSTACK_TUI_TRACE;

// The boot file and the app it compiles each bundle their own copy of this module: they meet on this global.
const LISTENERS = Symbol.for('hyperstack-tui.startup-marks');
type Listeners = Map<string, () => void>;
const listeners = (): Listeners => {
  const g = globalThis as { [LISTENERS]?: Listeners };
  g[LISTENERS] ??= new Map();
  return g[LISTENERS];
};

export function mark(label: string): void {
  const then = listeners().get(label);
  if (then) {
    listeners().delete(label);
    then();
  }
  if (!file) return;
  const cpu = process.cpuUsage();
  const cpuMs = ((cpu.user + cpu.system) / 1000).toFixed(1);
  appendFileSync(
    file,
    `${performance.now().toFixed(1)} ${label} ${Date.now()} ${cpuMs} ${process.hrtime.bigint() / 1000n}\n`,
  );
}

/** Runs `fn` once, when the milestone `label` is first reached (in either copy of this module). */
export function onMark(label: string, fn: () => void): void {
  listeners().set(label, fn);
}

/**
 * With a trace: the Node built-in modules loaded so far, as one mark (`builtins:net,tty,…`). A built-in costs its
 * load on every start too; test/e2e/start-budget.test.ts reads which ones the first frame needed.
 */
export function markBuiltins(): void {
  if (!file) return;
  const loaded = (process as { moduleLoadList?: readonly string[] }).moduleLoadList ?? [];
  const builtins = loaded
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => m.slice('NativeModule '.length));
  mark(`builtins:${builtins.join(',')}`);
}
