import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { vitePatches } from './scripts/bundle/patches.mjs';

// Ink ships source maps that name sources it does not ship: vite would warn about each one as it inlines Ink.
const withoutSourceMaps: Plugin = {
  name: 'inlined-packages-without-source-maps',
  enforce: 'pre',
  async load(id) {
    if (!/[\\/]node_modules[\\/]ink(-testing-library)?[\\/]build[\\/].*\.js$/.test(id)) return undefined;
    return (await readFile(id, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, '');
  },
};

export default defineConfig({
  define: { __VERSION__: JSON.stringify('0.0.0-test') },
  // Ink (and the testing library that renders with it) go through vite, so the patches the bundle applies to Ink
  // marked `tests` (the rendering boundary's sanitiser, the bundle's frame grid) apply in the tests too: the tests
  // draw what the app draws, at the bundle's speed (Ink's own grid and string-width were two thirds of a UI test).
  plugins: [withoutSourceMaps, vitePatches()],
  // The bundle's measure of text (scripts/build.mjs aliases it too), also for the packages around Ink that measure
  // (inlined below so the alias reaches them).
  resolve: {
    alias: {
      'string-width': fileURLToPath(new URL('./scripts/bundle/string-width-fast.ts', import.meta.url)),
      // Ink draws only the final frame when it thinks it runs in CI; the app draws on any terminal, so do the tests.
      'is-in-ci': fileURLToPath(new URL('./test/support/not-in-ci.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // `npm run test:cost` measures each file's CPU time (scripts/test-cost.mjs); otherwise nothing is set up.
    setupFiles: process.env.TEST_COST ? ['test/support/cpu-cost.ts'] : [],
    // A hang detector, not a speed limit: a test of a million points or ten thousand VMs takes several times longer
    // on a 2-core machine that is busy with something else, and must still pass there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers on this 2-core machine (vitest's default leaves one core to itself: half the suite is waiting on
    // sockets, child processes and timers, not computing). The files of a worker share one module graph: Ink,
    // React and the app are imported once per worker, not once per file (that was ~1 s a file). A file therefore
    // leaves no global state behind: it restores what it changes (chalk's level: test/support/colour.ts; the
    // table's moved keys; the working directory; process.env).
    maxWorkers: 2,
    isolate: false,
    server: { deps: { inline: ['ink', 'ink-testing-library', 'widest-line', 'wrap-ansi', 'cli-truncate'] } },
  },
});
