/**
 * zod is imported as a namespace (`import * as z from 'zod'`), never as its `z` object (`import { z } from 'zod'`):
 * esbuild drops the parts of a namespace the code never names, but keeps all of an object. With `{ z }` the bundle
 * carried all of zod (178 KB, its every schema kind and check, set up by every start before its first frame); with
 * the namespace, 97 KB. A type-only import (`import type { z }`) costs nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSources } from '../support/import-graph.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The value imports of zod other than the namespace, as "file: import line". */
export function zodObjectImports(file: string, text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+['"]zod(?:\/[^'"]*)?['"]/gm)]
    .filter((m) => !/^\*\s+as\s+\w+$/.test(m[1]?.trim() ?? ''))
    .map((m) => `${file}: ${m[0]}`);
}

describe('zod, imported so the bundle can leave out what the app never uses', () => {
  it('src/ and screens/ import it as a namespace or as types only', () => {
    const files = appSources();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => zodObjectImports(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('tells the kinds of import apart', () => {
    expect(zodObjectImports('a.ts', "import { z } from 'zod';")).toHaveLength(1);
    expect(zodObjectImports('a.ts', "import z from 'zod';")).toHaveLength(1);
    expect(zodObjectImports('a.ts', "import { z, type ZodType } from 'zod/v4';")).toHaveLength(1);
    expect(zodObjectImports('a.ts', "import * as z from 'zod';")).toEqual([]);
    expect(zodObjectImports('a.ts', "import type { z } from 'zod';")).toEqual([]);
    expect(zodObjectImports('a.ts', "import { zodish } from './zod.js';")).toEqual([]);
  });
});
