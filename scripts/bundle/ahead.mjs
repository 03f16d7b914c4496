// What a first start (no code cache) has a worker thread compile ahead of the main thread (src/boot/compile-ahead.ts):
// the pieces its first frame with data needs after the main thread's own first steps, in the order it loads them.
// Named by the source each start loads on demand (a dynamic import); a root's piece comes with the pieces it
// imports. test/e2e/start-budget.test.ts fails when a first start compiles a piece that is in neither list.
import { basename } from 'node:path';

// The app's start (src/app/run.ts, in its order): the layout engine, the header and the client with the VMs
// screen's requests; then the UI and the first screen (VMs, the default).
const HEADER_AND_CLIENT = ['scripts/bundle/yoga-lazy.mjs', 'src/app/Starting.tsx', 'src/app/deps.ts'];
const FIRST_SCREEN = [
  'src/api/endpoints/vms.ts',
  'src/api/endpoints/environments.ts',
  'src/app/mount.ts',
  'screens/vms.tsx',
];
const APP = [...HEADER_AND_CLIENT, ...FIRST_SCREEN];
// `--demo` starts the simulator first (src/sim/server.ts), whose routes then serve the VMs screen's requests.
const DEMO = [
  'src/sim/server.ts',
  'src/sim/create-world-lazily.ts',
  'src/sim/routes/groups.ts',
  ...HEADER_AND_CLIENT,
  'src/sim/routes/vms.ts',
  'src/sim/routes/environments.ts',
  ...FIRST_SCREEN,
];
// What the main thread has loaded before a worker could have compiled anything: the entry and src/app/run.ts.
const FIRST = ['src/cli.ts', 'src/app/run.ts'];

/**
 * { app, demo }: the piece names to load ahead, in order, from esbuild's metafile of the app's pieces; `first`: the
 * pieces the main thread loads before (not handed over).
 */
export function aheadLists(metafile) {
  const outputs = Object.entries(metafile.outputs);
  const byPath = new Map(outputs);
  const entryOf = (source) => {
    const found = outputs.find(([, o]) => o.entryPoint === source);
    if (!found) throw new Error(`scripts/bundle/ahead.mjs: no piece starts at ${source}`);
    return found[0];
  };
  /** The piece at `path`, then all it imports (statically): the order loading it compiles them. */
  const closure = (path, seen, out) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push(path);
    for (const i of byPath.get(path)?.imports ?? []) {
      if (i.kind === 'import-statement' && byPath.has(i.path)) closure(i.path, seen, out);
    }
  };
  const first = new Set();
  for (const source of FIRST) closure(entryOf(source), first, []);
  const list = (roots) => {
    const seen = new Set(first);
    const out = [];
    for (const source of roots) closure(entryOf(source), seen, out);
    return out.map((p) => basename(p));
  };
  return { app: list(APP), demo: list(DEMO), first: [...first].map((p) => basename(p)) };
}
