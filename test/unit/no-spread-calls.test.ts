/**
 * No list is spread into a call: `Math.max(...values)`, `lines.push(...more)`, `new Set(...)` with a spread argument
 * put every element on the stack, and a long series from the service (150,000 metric points) overflows it
 * ("Maximum call stack size exceeded"). Every file of src/ and screens/ is parsed with the TypeScript compiler; a
 * spread argument (or the list of `f.apply(self, list)`) passes only when it is a literal tuple (`f(...[a, b])`, whose
 * length is in the code).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { appSources } from '../support/import-graph.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** `f.apply(self, list)` and `Reflect.apply(f, self, list)`: the same spread, spelt otherwise. */
function appliedList(node: ts.CallExpression): ts.Expression | undefined {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'apply') return undefined;
  const reflect = ts.isIdentifier(callee.expression) && callee.expression.text === 'Reflect';
  return node.arguments[reflect ? 2 : 1];
}

/** "file:line: code" for each call or `new` whose arguments spread anything but a literal array. */
export function spreadCalls(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? 4 : 3);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      const applied = ts.isCallExpression(node) ? appliedList(node) : undefined;
      const spread = node.arguments.some(
        (arg) =>
          (ts.isSpreadElement(arg) && !ts.isArrayLiteralExpression(arg.expression)) ||
          (arg === applied && !ts.isArrayLiteralExpression(arg)),
      );
      if (spread) {
        const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
        found.push(`${file}:${line}: ${node.getText(src).split('\n')[0]?.slice(0, 100)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

describe('no list spread into a call', () => {
  it('the rule sees spreads in calls, `new` and methods, and lets literal tuples and array spreads by', () => {
    const code = `
      Math.max(...xs);
      a.b.push(...more);
      new Set(...lists);
      f(1, ...g());
      f(...[a, b]);
      Math.max.apply(null, xs);
      Reflect.apply(Math.min, null, xs);
      g.apply(this, [a]);
      const all = [...xs, ...ys];
      const o = { ...p };
      function h(...rest) {}
    `;
    expect(spreadCalls('x.ts', code).map((s) => s.replace(/^x\.ts:\d+: /, ''))).toEqual([
      'Math.max(...xs)',
      'a.b.push(...more)',
      'new Set(...lists)',
      'f(1, ...g())',
      'Math.max.apply(null, xs)',
      'Reflect.apply(Math.min, null, xs)',
    ]);
  });

  it('src/ and screens/ (the simulator included) spread no list into a call', () => {
    const files = appSources();
    expect(files.length).toBeGreaterThan(300);
    // only files where a spread or an apply could be an argument are parsed (the parse is what takes the time)
    const found = files.flatMap((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return /[(,]\s*\.\.\.|\.apply\(/.test(text) ? spreadCalls(f, text) : [];
    });
    expect(found).toEqual([]);
  });
});
