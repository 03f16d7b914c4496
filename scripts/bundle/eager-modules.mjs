// The body of each CommonJS module (and lazily run ES module) in the pieces, made a function V8 compiles with the
// piece, not when the module is first required: a first start's worker thread (src/boot/compile-ahead.ts) then
// compiles them too, and hands them over in the piece's code cache. esbuild writes each body as an arrow passed to
// its runtime's __commonJS or __esm, `var x=(0,R.c)((e,t)=>{…})`, which V8 compiles only when it is called (~25 ms of
// a first start's main thread, measured); a function expression in parentheses, `(function(e,t){…})`, it compiles
// at once (its "PIFE" rule). A body that says `this` or `arguments` keeps its arrow (a function would change them).
import ts from 'typescript';
import { needsArrow, parse } from './js-source.mjs';

/** esbuild's runtime helpers, by what their code does: __commonJS makes `{exports:{}}`, __esm calls `fn(fn=0)`. */
function isModuleWrapperHelper(init) {
  if (!init || !ts.isArrowFunction(init) || !ts.isArrowFunction(init.body)) return false;
  const inner = init.body.getText();
  return inner.includes('{exports:{}}') || /\b([\w$]+)&&\([\w$]+=\1\(\1=0\)\)/.test(inner);
}

/** Per piece: the module wrapper helpers it defines, and the names it exports them under (esbuild's runtime piece). */
function helpersOf(file) {
  const local = new Set();
  const exported = new Map();
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      isModuleWrapperHelper(node.initializer)
    )
      local.add(node.name.text);
    // esbuild's export map: __export(target, { a: () => local, … })
    if (ts.isPropertyAssignment(node) && ts.isArrowFunction(node.initializer)) {
      const body = node.initializer.body;
      if (ts.isIdentifier(body) && node.initializer.parameters.length === 0)
        exported.set(body.text, node.name.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { local, exports: new Set([...local].map((h) => exported.get(h)).filter(Boolean)) };
}

/**
 * The module wrapper calls of one piece rewritten: `w(arrow)` with w a helper of its own, or `(0,R.x)(arrow)` with R
 * its require of a piece that exports the helper as x (`runtimes`: piece name → those names).
 */
function rewritePiece(file, text, local, runtimes) {
  const runtimeVars = new Map();
  const edits = [];
  let kept = 0;
  const isWrapper = (callee) => {
    let e = callee;
    while (ts.isParenthesizedExpression(e)) e = e.expression;
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.CommaToken) e = e.right;
    if (ts.isIdentifier(e)) return local.has(e.text);
    return (
      ts.isPropertyAccessExpression(e) &&
      ts.isIdentifier(e.expression) &&
      runtimeVars.get(e.expression.text)?.has(e.name.text) === true
    );
  };
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText() === 'require'
    ) {
      const spec = node.initializer.arguments[0];
      const names =
        spec && ts.isStringLiteral(spec) ? runtimes.get(spec.text.replace(/^\.\//, '')) : undefined;
      if (names) runtimeVars.set(node.name.text, names);
    }
    if (ts.isCallExpression(node) && node.arguments.length === 1 && isWrapper(node.expression)) {
      const arrow = node.arguments[0];
      if (ts.isArrowFunction(arrow) && ts.isBlock(arrow.body) && !arrow.modifiers?.length) {
        if (needsArrow(arrow)) kept++;
        else {
          const params = arrow.parameters.map((p) => p.getText()).join(',');
          edits.push([arrow.getStart(), arrow.end, `(function(${params})${arrow.body.getText()})`]);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + replacement + out.slice(end);
  return { text: out, rewritten: edits.length, kept };
}

/** The pieces ({ name, text }, CommonJS) with their module bodies compiled eagerly; `stats` counts what changed. */
export function eagerModuleBodies(chunks) {
  const parsed = chunks.map((c) => {
    const file = parse(c.name, c.text);
    return { ...c, file, helpers: helpersOf(file) };
  });
  const runtimes = new Map(
    parsed.filter((p) => p.helpers.exports.size > 0).map((p) => [p.name, p.helpers.exports]),
  );
  const stats = { rewritten: 0, kept: 0 };
  const out = parsed.map((p) => {
    const r = rewritePiece(p.file, p.text, p.helpers.local, runtimes);
    stats.rewritten += r.rewritten;
    stats.kept += r.kept;
    return { name: p.name, text: r.text };
  });
  return { chunks: out, stats };
}
