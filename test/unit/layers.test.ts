/**
 * Imports point down: each folder may import only the folders below it (docs/ARCHITECTURE.md draws the same
 * picture). Type-only imports count: a type from a higher folder ties the lower one to it just the same.
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from '../support/import-graph.js';

/** The layer of a file, by its path. Order of the rules matters: the first match wins. */
const LAYERS: ReadonlyArray<[RegExp, string]> = [
  [/^src\/ui\/screen\//, 'ui/screen'],
  [/^src\/(domain|types)\/|^src\/(version|startup-trace)\.ts$/, 'domain'],
  [/^src\/config\//, 'config'],
  [/^src\/api\//, 'api'],
  [/^src\/sim\//, 'sim'],
  [/^src\/store\//, 'store'],
  [/^src\/ui\//, 'ui'],
  [/^screens\//, 'screens'],
  [/^src\/app\//, 'app'],
  [/^src\/(cli|boot)\.ts$|^src\/boot\//, 'entry'],
];

/** What each layer may import (besides itself). */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  config: ['domain'],
  api: ['domain'],
  sim: ['api', 'domain'],
  store: ['api', 'domain'],
  ui: ['store', 'api', 'domain'],
  'ui/screen': ['ui', 'store', 'api', 'domain'],
  screens: ['ui/screen', 'ui', 'store', 'api', 'domain'],
  app: ['screens', 'ui/screen', 'ui', 'store', 'api', 'sim', 'config', 'domain'],
  entry: ['app', 'screens', 'ui/screen', 'ui', 'store', 'api', 'sim', 'config', 'domain'],
};

/** Imports that still point up, being moved away (this list may only shrink). */
const KNOWN: ReadonlySet<string> = new Set([
  'src/store/app-store.ts → src/config/args.ts',
  'src/store/app-store.ts → src/ui/form/types.ts',
  'src/store/ui-state.ts → src/config/args.ts',
  'src/store/ui-state.ts → src/ui/form/types.ts',
  'src/ui/Header.tsx → src/config/args.ts',
]);

function layerOf(file: string): string {
  for (const [re, layer] of LAYERS) if (re.test(file)) return layer;
  throw new Error(`${file}: in no layer (add it to LAYERS)`);
}

describe('layers', () => {
  it('every import points down (or stays in its layer)', () => {
    const wrong: string[] = [];
    for (const [file, targets] of importGraph()) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to === from || MAY_IMPORT[from]?.includes(to) || KNOWN.has(`${file} → ${target}`)) continue;
        wrong.push(`${file} (${from}) → ${target} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
