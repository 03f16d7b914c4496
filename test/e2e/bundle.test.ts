import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLOSE_ESCAPE } from '../../scripts/bundle/pack-chunks.mjs';
import { assertBuilt } from '../support/pty.js';

const SPECIFIER = /(?:\bfrom|\bimport\(|\brequire\()\s*["']([@\w./:-]+)["']/g;

// `npm test` builds first; this checks what `npx hyperstack-tui` would download.
const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
assertBuilt();
const bundle = readFileSync(`${root}dist/cli.js`, 'utf8');

describe('the published package', () => {
  it('is one ESM file with a shebang and no runtime dependencies', () => {
    expect(pkg.type).toBe('module');
    expect(pkg.bin).toEqual({ 'hyperstack-tui': 'dist/cli.js' });
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.engines.node).toBe('>=20');
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('npm pack ships that file and nothing else that runs', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const packed = JSON.parse(out)[0] as { size: number; files: Array<{ path: string }> };
    const files = packed.files.map((f) => f.path);
    expect(files.filter((f) => /\.(c|m)?js$/.test(f))).toEqual(['dist/cli.js']);
    // the tarball npx downloads stays small: at most 600 kB (npm's kB, as `npm pack` prints it)
    expect(packed.size).toBeLessThanOrEqual(600_000);
  });

  it('bundles every package: no bare import or require of a dependency is left', () => {
    // The app rides in pieces in a comment at the end (see scripts/build.mjs): read it as the code it is.
    const at = bundle.indexOf('/* hyperstack-tui: the app, in pieces');
    expect(at, 'the app pieces').toBeGreaterThan(0);
    const app = bundle.slice(at).replaceAll(CLOSE_ESCAPE, '*/');
    expect(app).toContain('hyperstack-tui');
    const specifiers = [...bundle.matchAll(SPECIFIER), ...app.matchAll(SPECIFIER)].map((m) => m[1] as string);
    // a piece requires another by its name: each must be there
    const pieces = specifiers.filter((s) => s.startsWith('./'));
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of new Set(pieces)) expect(bundle, p).toContain(`"${p.slice(2)}":[`);
    const external = specifiers.filter(
      (s) => !s.startsWith('./') && !s.startsWith('node:') && !/^[a-z_]+$/.test(s),
    );
    expect(external).toEqual([]);
    for (const dep of ['ink', 'react', 'zod', 'undici', 'zustand', 'react-devtools-core']) {
      expect(specifiers).not.toContain(dep);
    }
  });

  it("bundles node:assert's stand-in for the packages that require it, and no other package requires it", () => {
    // scripts/bundle/assert-lite.cjs covers the calls of these (test/unit/assert-lite.test.ts)
    const pieces = JSON.parse(readFileSync(`${root}dist/pieces.json`, 'utf8')) as Record<
      string,
      { inputs: Record<string, number> }
    >;
    const files = new Set(Object.values(pieces).flatMap((p) => Object.keys(p.inputs)));
    expect(files.has('scripts/bundle/assert-lite.cjs')).toBe(true);
    const requiring = [...files]
      .filter((f) => f.startsWith('node_modules/'))
      .filter((f) =>
        /require\(['"](node:)?assert['"]\)|from ['"](node:)?assert['"]/.test(
          readFileSync(`${root}${f}`, 'utf8'),
        ),
      )
      .map((f) => /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f)?.[1]);
    expect(new Set(requiring)).toEqual(new Set(['undici', 'signal-exit']));
  });

  it('starts and prints its version', () => {
    const out = execFileSync(process.execPath, [`${root}dist/cli.js`, '--version'], { encoding: 'utf8' });
    expect(out.trim()).toBe(`hyperstack-tui ${pkg.version}`);
  });
});
