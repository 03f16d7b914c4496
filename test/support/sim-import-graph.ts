/**
 * The import graph of the app's own TypeScript (src/ and screens/), and its cycles. Every import counts: static,
 * type-only, re-exports and dynamic `import()` — a type-only circle still ties the modules' designs together.
 * Used by test/unit/sim-import-cycles.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Repository-relative file → the repository-relative files it imports. */
export type ImportGraph = Map<string, Set<string>>;

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
}

/** `./x.js` → `./x.ts` or `./x.tsx` (NodeNext specifiers name the emitted file). */
function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined; // a package or node: builtin
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export function importGraph(root: string, dirs: readonly string[]): ImportGraph {
  const files: string[] = [];
  for (const d of dirs) if (existsSync(join(root, d))) walk(join(root, d), files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveSpecifier(file, ref.fileName);
      if (target) deps.add(relative(root, target));
    }
    graph.set(relative(root, file), deps);
  }
  return graph;
}

/**
 * The strongly connected components with more than one file (or a file importing itself): each is a set of files
 * that all reach each other, i.e. one or more import circles. Sorted, for stable messages. Tarjan's algorithm.
 */
export function importCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) !== indices.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.get(v)?.has(v)) out.push(scc.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One concrete circle inside a component, `a → b → … → a`, to show what to cut. */
export function oneCircle(graph: ImportGraph, scc: readonly string[]): string[] {
  const members = new Set(scc);
  const start = scc[0]!;
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]!)!);
        return [...path, start];
      }
      if (!prev.has(w) && w !== start) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
