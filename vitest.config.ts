import { readFile } from 'node:fs/promises';
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
  // Ink (and the testing library that renders with it) go through vite, so the patches the bundle applies to Ink's
  // behaviour (the rendering boundary's sanitiser) apply in the tests too: the tests draw what the app draws.
  plugins: [withoutSourceMaps, vitePatches()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    server: { deps: { inline: ['ink', 'ink-testing-library'] } },
  },
});
