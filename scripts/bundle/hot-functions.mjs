// The functions a first start runs before its first frame (record-hot.mjs), rewritten so that V8 compiles them with
// their piece instead of when first called. V8 compiles a function lazily: the piece's compile only pre-parses it,
// and its first call parses it again and makes its bytecode, on the main thread, ~3,000 times in a first start
// (measured: `--log-function-events`). A function expression in parentheses it compiles at once (its "PIFE" rule):
// then a first start's worker (src/boot/compile-ahead.ts) compiles them and hands them over in the piece's code cache.
//   - a function expression `function(){…}` becomes `(function(){…})`;
//   - an arrow `(a)=>{…}` or `a=>x` becomes `(function(a){…})` or `(function(a){return x})`, unless it says `this`,
//     `arguments`, `super` or `new.target` (a function would change what they mean);
//   - a declaration `function f(a){…}` in a function's (or the piece's) body becomes `var f=(function(a){…});` at
//     the top of that body, after its directives: where and when a declaration is bound (hoisting), and its name
//     (`f.name`, inferred from the `var`). A declaration in a block (if, loop, switch) or label is left as it is.
// Methods, getters and class members are left lazy: they have no such form.
import ts from 'typescript';
import { needsArrow, parse } from './js-source.mjs';

const isBodyOfScope = (node) => ts.isSourceFile(node) || (ts.isBlock(node) && ts.isFunctionLike(node.parent));

/** Where a declaration hoisted into `scope` goes: after its directive prologue ("use strict"). */
function topOf(scope) {
  let at = ts.isSourceFile(scope) ? 0 : scope.getStart() + 1;
  for (const s of scope.statements) {
    if (!ts.isExpressionStatement(s) || !ts.isStringLiteral(s.expression)) break;
    at = s.end;
  }
  return at;
}

/**
 * One piece's text with the functions starting at `offsets` made eager. Each edit replaces a range of the text (an
 * insertion is an empty range) by what `render` makes of it; an edit inside another's range is rendered by that one.
 */
function rewrite(name, text, offsets, stats) {
  const edits = [];
  let rendering = null;
  const emit = (start, end) => {
    let out = '';
    let pos = start;
    for (const e of edits) {
      if (e === rendering || e.start < pos || (e.insert ? e.start >= end : e.end > end)) continue;
      out += text.slice(pos, e.start);
      const outer = rendering;
      rendering = e;
      out += e.render();
      rendering = outer;
      pos = e.end;
    }
    return out + text.slice(pos, end);
  };
  const range = (node) => () => emit(node.getStart(), node.end);
  const params = (fn) => () => (fn.parameters.length ? emit(fn.parameters.pos, fn.parameters.end) : '');
  const prefix = (fn) => {
    const mods = (fn.modifiers ?? []).map((m) => m.getText()).join(' ');
    return `${mods ? `${mods} ` : ''}function${fn.asteriskToken ? '*' : ''}`;
  };

  const plan = (fn) => {
    const start = fn.getStart();
    if (ts.isFunctionExpression(fn)) {
      if (ts.isParenthesizedExpression(fn.parent)) return void stats.already++;
      const whole = range(fn);
      edits.push({ start, end: fn.end, render: () => `(${whole()})` });
    } else if (ts.isArrowFunction(fn)) {
      if (needsArrow(fn)) return void stats.left++;
      const body = ts.isBlock(fn.body) ? range(fn.body) : () => `{return ${range(fn.body)()}}`;
      const ps = params(fn);
      edits.push({ start, end: fn.end, render: () => `(${prefix(fn)}(${ps()})${body()})` });
    } else if (ts.isFunctionDeclaration(fn) && fn.name && fn.body && isBodyOfScope(fn.parent)) {
      const at = topOf(fn.parent);
      const body = range(fn.body);
      const ps = params(fn);
      edits.push({ start, end: fn.end, render: () => '' });
      edits.push({
        start: at,
        end: at,
        insert: true,
        render: () => `var ${fn.name.text}=(${prefix(fn)}(${ps()})${body()});`,
      });
    } else return void stats.left++;
    stats.eager++;
  };
  const found = new Set();
  const visit = (node) => {
    if (ts.isFunctionLike(node) && offsets.has(node.getStart())) {
      found.add(node.getStart());
      plan(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(name, text));
  stats.unmatched += offsets.size - found.size;
  // by place; at one place, insertions first (in the order planned), then the longest range
  edits.sort((a, b) => a.start - b.start || (b.insert ? 1 : 0) - (a.insert ? 1 : 0) || b.end - a.end);
  return emit(0, text.length);
}

/**
 * The pieces ({ name, text }) with the functions that start at `hot` (piece name → offsets in its text) made eager;
 * `stats`: how many were (eager), were already, were left lazy (left), and offsets that start no function here.
 */
export function eagerHotFunctions(chunks, hot) {
  const stats = { eager: 0, already: 0, left: 0, unmatched: 0 };
  const out = chunks.map((c) => {
    const offsets = hot.get(c.name);
    return offsets?.size ? { name: c.name, text: rewrite(c.name, c.text, offsets, stats) } : c;
  });
  return { chunks: out, stats };
}
