/**
 * No function of the app (src/ and screens/) over 150 lines: a long function is split where it does two things.
 * None is over today, and none may be (src/boot* and runApp, the start-up, too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../support/import-graph.js';
import { ROOT } from '../support/pty.js';

const MAX_LINES = 150;

/** Every function, arrow function and method with its name (its variable's, for an arrow) and its lines. */
function functionLengths(
  file: string,
  text = readFileSync(join(ROOT, file), 'utf8'),
): Array<[name: string, lines: number]> {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: Array<[string, number]> = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && 'body' in n && n.body) {
      const named = (n as { name?: ts.Node }).name;
      const name = named
        ? named.getText(sf)
        : ts.isVariableDeclaration(n.parent)
          ? n.parent.name.getText(sf)
          : `(line ${lineOf(n.getStart(sf)) + 1})`;
      out.push([name, lineOf(n.getEnd()) - lineOf(n.getStart(sf)) + 1]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('function length', () => {
  it(`no function over ${MAX_LINES} lines`, () => {
    const over: string[] = [];
    for (const file of importGraph().keys()) {
      for (const [name, lines] of functionLengths(file))
        if (lines > MAX_LINES) over.push(`${file}:${name} (${lines} lines)`);
    }
    expect(over, 'split these: a function does one thing').toEqual([]);
  });

  it('finds a long function, an arrow and a method (the check can fail)', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function long() {\n${body}\n}`,
      `const arrow = () => {\n${body}\n};`,
      `class C {\n  method() {\n${body}\n  }\n}`,
      'function short() {\n  return 1;\n}',
    ].join('\n');
    const long = functionLengths('synthetic.ts', text).filter(([, l]) => l > MAX_LINES);
    expect(long.map(([n]) => n)).toEqual(['long', 'arrow', 'method']);
  });
});
