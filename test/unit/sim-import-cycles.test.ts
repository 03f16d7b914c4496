/**
 * No import circle in the app's own code (src/ and screens/; type-only and dynamic imports count). src/sim must
 * have none at all. Circles elsewhere are tolerated only when listed in KNOWN_CYCLES, a list that may only
 * shrink: a component found must fit inside a listed one, so a new file joining a circle, or a new circle, fails.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, importCycles, importGraph, oneCircle } from '../support/sim-import-graph.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Circles that existed outside src/sim when this test was written, each as the files of one strongly connected
 * component. Empty today: keep it so (fix a circle instead of listing it).
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [];

function describeCycle(graph: ImportGraph, scc: readonly string[]): string {
  return `${scc.length} files, e.g. ${oneCircle(graph, scc).join(' → ')}`;
}

describe('import cycles', () => {
  const graph = importGraph(root, ['src', 'screens']);
  const cycles = importCycles(graph);

  it('reads the whole app (sanity: the walker sees the files and their imports)', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('src/sim/server.ts')).toContain('src/sim/route.ts');
    // type-only and dynamic imports are edges too
    expect(graph.get('src/sim/route.ts')).toContain('src/sim/world.ts');
    expect(graph.get('src/sim/server.ts')).toContain('src/sim/create-world-lazily.ts');
  });

  it('src/sim has no import circle', () => {
    const inSim = cycles.filter((c) => c.some((f) => f.startsWith('src/sim/')));
    expect(inSim.map((c) => describeCycle(graph, c))).toEqual([]);
  });

  it('no circle outside the known list, which may only shrink', () => {
    const fresh = cycles.filter(
      (c) => !KNOWN_CYCLES.some((known) => c.every((file) => known.includes(file))),
    );
    expect(fresh.map((c) => describeCycle(graph, c))).toEqual([]);
  });
});

describe('the cycle finder itself', () => {
  const g = (edges: Record<string, string[]>): ImportGraph =>
    new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));

  it('finds a circle, a self-import, and nothing in a tree', () => {
    const graph = g({ a: ['b'], b: ['c'], c: ['a'], d: ['d'], e: ['a'], f: [] });
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(oneCircle(graph, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(importCycles(g({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });
});
