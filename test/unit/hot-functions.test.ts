/**
 * scripts/bundle/hot-functions.mjs: the functions a recorded start ran become parenthesized function expressions,
 * which V8 compiles with their piece, and the code still does exactly what it did: each program here is run as
 * written and as rewritten (every function in it marked as run), and must give the same answer.
 */
import { Script } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { eagerHotFunctions } from '../../scripts/bundle/hot-functions.mjs';
import { PIECE_HEAD as RECORDED_HEAD } from '../../scripts/bundle/record-hot.mjs';
import { PIECE_HEAD, PIECE_TAIL } from '../../src/boot/bundle-bytes.js';

/** Where every function of `text` starts, as V8's coverage names them (what record-hot.mjs gives). */
function everyFunction(text: string): Set<number> {
  const starts = new Set<number>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) starts.add(node.getStart());
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('p.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
  return starts;
}

function rewritten(text: string) {
  const { chunks, stats } = eagerHotFunctions(
    [{ name: 'p.js', text }],
    new Map([['p.js', everyFunction(text)]]),
  );
  return { text: chunks[0]?.text ?? '', stats };
}

/** Runs a piece body as src/boot/chunks.ts does; resolves with what it exports as `out`. */
async function run(text: string): Promise<unknown> {
  const module = { exports: {} as { out?: unknown } };
  new Script(`${PIECE_HEAD}${text}${PIECE_TAIL}`).runInThisContext()(
    module.exports,
    () => ({}),
    module,
    'f',
    'd',
  );
  return JSON.stringify(await module.exports.out);
}

const PROGRAMS: Record<string, string> = {
  // called before its declaration: a declaration is bound when its body starts
  hoisting:
    'var early=twice(2);function twice(a){return inner(a)*2;function inner(b){return b}}exports.out=[early,twice.name]',
  directive: '"use strict";function self(){return this}exports.out=[self()===void 0,typeof self]',
  arrows:
    'const obj=(a)=>({a}),sum=(a,b=2)=>a+b,rest=(...xs)=>xs.length,named=x=>x;exports.out=[obj(1),sum(1),rest(1,2,3),named.name]',
  // an arrow's `this` and `arguments` are its surroundings': it stays an arrow
  lexical:
    'function outer(){const t=()=>this.k,n=()=>arguments.length;return[t(),n()]}exports.out=outer.call({k:7},1,2)',
  async: 'const wait=async(x)=>x+1;async function twice(x){return await wait(x)*2}exports.out=twice(1)',
  generator: 'function*count(n){for(let i=0;i<n;i++)yield i}exports.out=[...count(3)]',
  expressions:
    'const fact=function f(n){return n<2?1:n*f(n-1)};exports.out=[fact(5),[1,2].map(function(x){return x*3})]',
  // in a block: not moved (its binding there is the block's)
  block: 'let r=[];if(true){function inBlock(){return 1}r.push(inBlock())}exports.out=r',
  methods:
    'const o={m(){return 1},get g(){return 2}};class C{k(){return 3}}exports.out=[o.m(),o.g,new C().k()]',
  nested:
    'function a(){function b(){return c()}const c=()=>function(){return 4};return b()()}exports.out=[a(),(()=>a)()()]',
};

describe('functions a first start runs, made eager', () => {
  for (const [name, text] of Object.entries(PROGRAMS)) {
    it(`keeps what the code does: ${name}`, async () => {
      const after = rewritten(text).text;
      // a block's declaration and methods have no eager form: left as they are
      if (name === 'block' || name === 'methods') expect(after).toBe(text);
      else expect(after).not.toBe(text);
      expect(await run(after)).toBe(await run(text));
    });
  }

  it('writes each eager function as V8 compiles at once: a function expression in parentheses', () => {
    const { text, stats } = rewritten(
      'var v=f();function f(){return 1}const g=(x)=>x,h=function(){};exports.out=v',
    );
    expect(text).toBe(
      'var f=(function(){return 1});var v=f();const g=(function(x){return x}),h=(function(){});exports.out=v',
    );
    expect(stats).toEqual({ eager: 3, already: 0, left: 0, unmatched: 0 });
  });

  it('leaves what has no such form, and counts it', () => {
    const { stats } = rewritten(PROGRAMS.methods ?? '');
    expect(stats.left).toBe(3);
    const lexical = rewritten(PROGRAMS.lexical ?? '').stats;
    expect(lexical).toEqual({ eager: 1, already: 0, left: 2, unmatched: 0 });
    const paren = rewritten('const a=(function(){});').stats;
    expect(paren).toEqual({ eager: 0, already: 1, left: 0, unmatched: 0 });
  });

  it('counts recorded places where no function starts (a piece that changed)', () => {
    const { stats } = eagerHotFunctions(
      [{ name: 'p.js', text: 'var a=1' }],
      new Map([['p.js', new Set([3])]]),
    );
    expect(stats.unmatched).toBe(1);
  });

  it('reads coverage offsets past the head the boot code compiles each piece with', () => {
    expect(RECORDED_HEAD).toBe(PIECE_HEAD);
  });
});
