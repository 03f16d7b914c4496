/**
 * The keys config: every action the app can bind (the catalog, from the global keys, the table's and each screen's
 * `ACTIONS`), and the check of the user's `keys` section against it before the app starts: an unknown action, a
 * key the terminal cannot send, or two actions on one key of a screen stop the start with the file and line.
 */

import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { maxOf, pushAll } from '../domain/lists.js';
import { quote } from '../domain/quote.js';
import { type Binding, TABLE_BINDINGS } from '../ui/bindings.js';
import { actionName, bindableKey, type KeyMap, type KeyScope } from '../ui/keymap.js';
import { MOVABLE_TABLE_ACTIONS } from '../ui/table/key-actions.js';
import { globalBindings } from './commands.js';

export interface ActionInfo {
  /** "vms.stop" */
  name: string;
  scope: KeyScope;
  keys: readonly string[];
  label: string;
}

/** Every action the keys config can name, global first, then the table's, then each screen's. */
export async function actionCatalog(): Promise<ActionInfo[]> {
  const scopes: Array<readonly [KeyScope, readonly Binding[]]> = [
    ['global', globalBindings(() => {})],
    ['table', TABLE_BINDINGS.filter((b) => MOVABLE_TABLE_ACTIONS.has(actionName('table', b)))],
    ...(await Promise.all(SCREEN_REGISTRY.map(async (s) => [s.name, await s.actions()] as const))),
  ];
  return scopes.flatMap(([scope, bindings]) =>
    bindings.map((b) => ({ name: actionName(scope, b), scope, keys: b.keys, label: b.label })),
  );
}

/** The `keys` section as written: action name → one key or several. */
export type KeysSection = Readonly<Record<string, string | readonly string[]>>;

export interface KeymapCheck {
  map: KeyMap;
  /** One line each: "config.json:12: keys: …". */
  problems: string[];
}

/** Checks the section against the catalog; `lineOf` gives an entry's line in the file. */
export function checkKeymap(
  section: KeysSection,
  catalog: readonly ActionInfo[],
  where: { path: string; lineOf: (action: string) => number | undefined },
): KeymapCheck {
  const byName = new Map(catalog.map((a) => [a.name, a]));
  const at = (action: string) => `${where.path}:${where.lineOf(action) ?? 1}: keys: `;
  const problems: string[] = [];
  const map = new Map<string, readonly string[]>();
  for (const [action, value] of Object.entries(section)) {
    const keys = typeof value === 'string' ? [value] : [...value];
    if (!byName.has(action)) {
      // an action name is short: a long one is no typo (and its edit distance would take seconds)
      const near = action.length <= 64 ? nearest(action, [...byName.keys()]) : undefined;
      problems.push(
        `${at(action)}${quote(action)} is not an action${near ? ` (did you mean ${quote(near)}?)` : ''}; \`hyperstack-tui keys\` lists them`,
      );
      continue;
    }
    const bad = keys.find((k) => !bindableKey(k));
    if (keys.length === 0 || bad !== undefined) {
      problems.push(
        `${at(action)}${quote(action)}: ${bad === undefined ? 'no key given' : `${quote(bad)} is not a key the app can read`} (keys look like "s", "S", "ctrl+x", "f2", "enter")`,
      );
      continue;
    }
    map.set(action, keys);
  }
  pushAll(problems, conflicts(catalog, map, at));
  return { map, problems };
}

/**
 * Two actions on one key where a screen sees both (its own, the table's, the global ones), one of them moved by
 * the user: the first would take the key and the other never run. Pairs of default keys are the app's own
 * (a detail pane's key and a table's, never active together) and are not reported.
 */
function conflicts(catalog: readonly ActionInfo[], map: KeyMap, at: (action: string) => string): string[] {
  const out = new Set<string>();
  const keysOf = (a: ActionInfo) => map.get(a.name) ?? a.keys;
  const shared = catalog.filter((a) => a.scope === 'global' || a.scope === 'table');
  const screens = [...new Set(catalog.map((a) => a.scope))].filter((s) => s !== 'global' && s !== 'table');
  for (const scope of screens) {
    const seen = new Map<string, ActionInfo>();
    for (const a of [...catalog.filter((x) => x.scope === scope), ...shared]) {
      for (const key of keysOf(a)) {
        const other = seen.get(key);
        if (other && other.name !== a.name && (map.has(a.name) || map.has(other.name))) {
          const moved = map.has(a.name) ? a : other;
          const kept = moved === a ? other : a;
          out.add(
            `${at(moved.name)}${quote(moved.name)} → ${quote(key)}: the key of ${quote(kept.name)} (${kept.label}) on the ${scope} screen`,
          );
        } else if (!other) seen.set(key, a);
      }
    }
  }
  return [...out];
}

/** The known name closest to a mistyped one (at most two edits), or the same action of another scope. */
function nearest(name: string, known: readonly string[]): string | undefined {
  const tail = name.slice(name.indexOf('.') + 1);
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = k.endsWith(`.${tail}`) ? 1 : editDistance(name, k);
    if (d <= 2 && (!best || d < best.d)) best = { name: k, d };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The catalog as `hyperstack-tui keys` prints it: action, keys, what it does. */
export function catalogText(catalog: readonly ActionInfo[], map: KeyMap = new Map()): string {
  const width = maxOf(
    catalog.map((a) => a.name.length),
    0,
  );
  return catalog
    .map((a) => `${a.name.padEnd(width)}  ${(map.get(a.name) ?? a.keys).join(' ').padEnd(14)}  ${a.label}`)
    .join('\n');
}
