import { createLogger } from 'vite';
import { defineConfig } from 'vitest/config';
import { vitePatches } from './scripts/patches.mjs';

// Ink ships source maps that name sources it does not ship: vite warns about each one as it inlines Ink.
const logger = createLogger();
const warn = logger.warn.bind(logger);
logger.warn = (msg, opts) => {
  if (!msg.includes('points to missing source files')) warn(msg, opts);
};

export default defineConfig({
  customLogger: logger,
  define: { __VERSION__: JSON.stringify('0.0.0-test') },
  // Ink (and the testing library that renders with it) go through vite, so the patches the bundle applies to Ink's
  // behaviour (the rendering boundary's sanitiser) apply in the tests too: the tests draw what the app draws.
  plugins: [vitePatches()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    server: { deps: { inline: ['ink', 'ink-testing-library'] } },
  },
});
