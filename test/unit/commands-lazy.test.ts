/**
 * The subcommands' code stays out of the app's start-up: from src/cli.ts, static imports reach only the command
 * registry and its small helpers; every command is behind `import()` (the bundle keeps such a module unevaluated
 * until it is asked for).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/pty.js';

const STATIC = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s*['"](\.[^'"]+)['"]/g;

function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const rel = relative(ROOT, file);
    if (seen.has(rel)) return;
    seen.add(rel);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATIC)) {
      const base = resolve(dirname(file), m[1] as string).replace(/\.js$/, '');
      for (const ext of ['.ts', '.tsx']) {
        try {
          readFileSync(base + ext);
          visit(base + ext);
          break;
        } catch {
          // the other extension
        }
      }
    }
  };
  visit(join(ROOT, entry));
  return seen;
}

describe('subcommands load lazily', () => {
  it('src/cli.ts reaches only the registry of src/commands without import()', () => {
    const reached = [...staticClosure('src/cli.ts')].filter((f) => f.startsWith('src/commands/')).sort();
    expect(reached).toEqual(['src/commands/kinds.ts', 'src/commands/registry.ts']);
  });
});
