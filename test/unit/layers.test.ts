/**
 * Imports point down: each folder may import only the folders below it (docs/ARCHITECTURE.md draws the same
 * picture). Type-only imports count: a type from a higher folder ties the lower one to it just the same.
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from '../support/import-graph.js';

/** The layer of a file, by its path. Order of the rules matters: the first match wins. */
const LAYERS: ReadonlyArray<[RegExp, string]> = [
  [/^src\/ui\/screen\//, 'ui/screen'],
  [/^src\/domain\//, 'domain'],
  [/^src\/(version|startup-trace)\.ts$/, 'domain'],
  [/^src\/config\//, 'config'],
  [/^src\/api\//, 'api'],
  [/^src\/sim\//, 'sim'],
  // the store's rooms: the engine (polling) below the state, the actions above both
  [/^src\/store\/engine\//, 'store/engine'],
  [/^src\/store\/state\//, 'store/state'],
  [/^src\/store\/actions\//, 'store/actions'],
  [/^src\/ui\//, 'ui'],
  [/^screens\//, 'screens'],
  [/^src\/app\//, 'app'],
  [/^src\/commands\//, 'commands'],
  [/^src\/(cli|boot|compile-ahead-hook)\.ts$|^src\/boot\//, 'entry'],
];

const STORE = ['store/actions', 'store/state', 'store/engine'];

/** What each layer may import (besides itself). */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  domain: [],
  config: ['domain'],
  api: ['domain'],
  sim: ['api', 'domain'],
  'store/engine': ['api', 'domain'],
  'store/state': ['store/engine', 'api', 'domain'],
  'store/actions': [...STORE, 'api', 'domain'],
  ui: [...STORE, 'api', 'domain'],
  'ui/screen': ['ui', ...STORE, 'api', 'domain'],
  screens: ['ui/screen', 'ui', ...STORE, 'api', 'domain'],
  app: ['screens', 'ui/screen', 'ui', ...STORE, 'api', 'sim', 'config', 'domain'],
  // a command may use the app's parts without its UI (`keys` checks the config's keys against the app's actions)
  commands: ['app', 'screens', 'ui/screen', 'ui', ...STORE, 'api', 'sim', 'config', 'domain'],
  entry: ['app', 'commands', 'screens', 'ui/screen', 'ui', ...STORE, 'api', 'sim', 'config', 'domain'],
};

/** The index in LAYERS of the rule that places `file`. */
function ruleOf(file: string): number {
  const i = LAYERS.findIndex(([re]) => re.test(file));
  if (i < 0) throw new Error(`${file}: in no layer (add it to LAYERS)`);
  return i;
}

const layerOf = (file: string): string => LAYERS[ruleOf(file)]![1];

describe('layers', () => {
  it('every import points down (or stays in its layer)', () => {
    const wrong: string[] = [];
    for (const [file, targets] of importGraph()) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to === from || MAY_IMPORT[from]?.includes(to)) continue;
        wrong.push(`${file} (${from}) → ${target} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every rule places some file (a rule that matches nothing, or only what an earlier rule took, is a typo)', () => {
    const used = new Set([...importGraph().keys()].map(ruleOf));
    expect(LAYERS.filter((_, i) => !used.has(i)).map(([re, layer]) => `${layer}: ${re}`)).toEqual([]);
  });
});
