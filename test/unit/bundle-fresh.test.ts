/** The e2e tests refuse a bundle older than the sources it is built from (test/support/pty.ts). */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleProblem } from '../support/pty.js';

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'hs-fresh-'));
  mkdirSync(join(root, 'src/app'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'src/app/run.ts'), '');
  writeFileSync(join(root, 'package.json'), '{}');
  writeFileSync(join(root, 'dist/cli.js'), '');
  return root;
}
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe('the bundle the e2e tests run', () => {
  it('is refused when missing, saying to build it', () => {
    const root = mkdtempSync(join(tmpdir(), 'hs-fresh-'));
    expect(bundleProblem(root)).toMatch(/dist\/cli\.js is missing: run `npm run build`/);
  });

  it('is refused when a source is newer, naming it; accepted when it is the newest', () => {
    const root = tree();
    at(join(root, 'package.json'), 1000);
    at(join(root, 'src/app/run.ts'), 3000);
    at(join(root, 'dist/cli.js'), 2000);
    expect(bundleProblem(root)).toMatch(/dist\/cli\.js is older than src\/app\/run\.ts: run `npm run build`/);
    at(join(root, 'dist/cli.js'), 4000);
    expect(bundleProblem(root)).toBeUndefined();
  });
});
