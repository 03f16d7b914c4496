/**
 * The paths the docs (docs/, README.md) and the code's comments name are real: a file moved or deleted leaves no
 * word pointing at it, and the docs point inside the repository. A path is a word that starts with one of the
 * repository's folders (src/…, test/support/…); a `.js` one may name its `.ts` or `.tsx` source, one without an
 * ending a module or a folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/pty.js';

const FOLDERS = ['src', 'screens', 'test', 'scripts', 'docs', 'bench'];
/** Not read: the provider's documents and the generated types (their words are not ours). */
const SKIP = [/^test\/fixtures\//, /^src\/api\/openapi\.gen\.ts$/];
const PATH = new RegExp(`(?<![\\w./-])((?:${FOLDERS.join('|')})/[\\w./-]*[\\w/])`, 'g');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|mjs|md)$/.test(name)) out.push(relative(ROOT, p));
  }
  return out;
}

/** The prose of a file: a Markdown file whole; in code, the comments only (code may name made-up paths). */
function proseLines(file: string, text: string): string[] {
  const lines = text.split('\n');
  if (file.endsWith('.md')) return lines;
  return lines.map((l) => {
    const t = l.trimStart();
    if (t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) return l;
    const at = l.indexOf(' // ');
    return at >= 0 ? l.slice(at) : '';
  });
}

/**
 * Doc comments that describe nothing, as "file:line": one followed by another doc comment — left behind when what
 * it described moved or went. The file's header (a doc comment before any code) may stand apart on its own.
 */
function orphanDocs(file: string, text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let code = false;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (!t.startsWith('/**')) {
      if (t && !t.startsWith('import ') && !t.startsWith('//') && !t.startsWith('*')) code = true;
      continue;
    }
    let end = i;
    while (end < lines.length && !lines[end]!.includes('*/')) end++;
    let next = end + 1;
    while (code && next < lines.length && lines[next]!.trim() === '') next++;
    if (lines[next]?.trim().startsWith('/**')) out.push(`${file}:${i + 1}`);
    i = end;
  }
  return out;
}

const exists = (p: string) =>
  [p, p.replace(/\.js$/, '.ts'), p.replace(/\.js$/, '.tsx'), `${p}.ts`, `${p}.tsx`].some((c) =>
    existsSync(join(ROOT, c)),
  );

/** The paths in the prose of `text` (the file `file`) that name nothing in the repository, as "file:line: path". */
function stalePathsIn(file: string, text: string): string[] {
  const stale: string[] = [];
  proseLines(file, text).forEach((line, i) => {
    for (const m of line.matchAll(PATH)) {
      const p = m[1]!.replace(/\.$/, '');
      if (!exists(p)) stale.push(`${file}:${i + 1}: ${p}`);
    }
  });
  return stale;
}

describe('paths in the docs and comments', () => {
  it('every path docs/ARCHITECTURE.md, README.md and the comments name is a file or folder of the repository', () => {
    const files = ['README.md', ...FOLDERS.flatMap((f) => walk(join(ROOT, f)))];
    expect(files).toContain('docs/ARCHITECTURE.md');
    const stale = files
      .filter((f) => !SKIP.some((re) => re.test(f)))
      .flatMap((f) => stalePathsIn(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(stale).toEqual([]);
  });

  it('a moved file is found in a comment or the docs; code and real paths pass', () => {
    const code = [
      '/** See src/ui/screen/ResourceScreen.tsx. */',
      "const at = 'src/api/made-up.ts';",
      '// src/app/gone.ts',
    ];
    expect(stalePathsIn('a.ts', code.join('\n'))).toEqual(['a.ts:3: src/app/gone.ts']);
    expect(stalePathsIn('b.md', 'see `test/support/nowhere.ts` and src/store/engine/')).toEqual([
      'b.md:1: test/support/nowhere.ts',
    ]);
  });

  it('the docs point inside the repository', () => {
    const outside = ['README.md', 'docs/ARCHITECTURE.md'].filter((f) =>
      /\.\.\/shared|\.\.\/\.\./.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(outside).toEqual([]);
  });

  it('every doc comment of the code and the tests stands on what it describes (none orphaned before another)', () => {
    const code = ['src', 'screens', 'test', 'scripts']
      .flatMap((f) => walk(join(ROOT, f)))
      .filter((f) => /\.(tsx?|mts|mjs)$/.test(f) && !SKIP.some((re) => re.test(f)));
    expect(code.flatMap((f) => orphanDocs(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
    const sample = [
      '/** header */',
      '',
      '/** a */',
      'const a = 1;',
      '/** gone */',
      '',
      '/** b */',
      'const b = 2;',
    ];
    expect(orphanDocs('a.ts', sample.join('\n'))).toEqual(['a.ts:5']);
  });
});
