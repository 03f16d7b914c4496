// Types for hot-functions.mjs (used by the build, and by test/unit/hot-functions.test.ts).
import type { Chunk } from './eager-modules.mjs';
export function eagerHotFunctions(
  chunks: Chunk[],
  hot: Map<string, Set<number>>,
): {
  chunks: Chunk[];
  stats: { eager: number; already: number; left: number; unmatched: number };
};
