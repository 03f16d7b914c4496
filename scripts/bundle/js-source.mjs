// What the bundle's rewrites (eager-modules.mjs, hot-functions.mjs) read of a piece's JavaScript.
import ts from 'typescript';

/** A piece's syntax tree (with parents, for getStart and getText). */
export const parse = (name, text) =>
  ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);

/**
 * Whether the arrow's own body (not a nested function's or class's) says `this`, `arguments`, `super` or
 * `new.target`: as a function instead of an arrow, they would mean something else.
 */
export function needsArrow(arrow) {
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (
      node.kind === ts.SyntaxKind.ThisKeyword ||
      node.kind === ts.SyntaxKind.SuperKeyword ||
      ts.isMetaProperty(node) ||
      (ts.isIdentifier(node) && node.text === 'arguments')
    ) {
      found = true;
      return;
    }
    if ((ts.isFunctionLike(node) && !ts.isArrowFunction(node)) || ts.isClassLike(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(arrow, visit);
  return found;
}
