/**
 * The import graph of the app's own code (src/ and screens/): every `import … from`, `export … from` and `import()`
 * of a relative path, type-only imports included, resolved to the file it names. For the architecture tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './pty.js';

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The app's own source files (.ts and .tsx, not .d.ts) under these folders, relative to the repo root. */
export function appSources(roots = ['src', 'screens']): string[] {
  return roots.flatMap((r) => walk(join(ROOT, r))).map((f) => relative(ROOT, f));
}

/** Files (relative to the repo root) and the files each imports. */
export function importGraph(roots = ['src', 'screens']): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of appSources(roots).map((f) => join(ROOT, f))) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? '');
      if (target) targets.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), [...targets]);
  }
  return graph;
}
