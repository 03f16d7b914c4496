import nodeAssert from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bundle's node:assert (scripts/build.mjs aliases it): the calls the bundled packages make, as Node's do them.
const lite = createRequire(import.meta.url)('../../scripts/bundle/assert-lite.cjs') as typeof nodeAssert;
const modules = fileURLToPath(new URL('../../node_modules', import.meta.url));
/** The bundled packages that require node:assert (test/e2e/bundle.test.ts checks there are no others). */
const ASSERT_USERS = ['undici', 'signal-exit'];

function thrown(fn: () => void): { code?: string; message?: string } | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'types') return [];
    if (statSync(path).isDirectory()) return jsFiles(path);
    return /\.(c|m)?js$/.test(name) ? [path] : [];
  });
}

describe('assert-lite, node:assert in the bundle', () => {
  it('passes and fails where node:assert does, with its error code and the given message', () => {
    const cases: Array<[string, (a: typeof nodeAssert) => void]> = [
      ['true', (a) => a(true)],
      ['1', (a) => a(1, 'one')],
      ['false', (a) => a(false, 'a message')],
      ['0', (a) => a(0, 'zero')],
      ['ok null', (a) => a.ok(null, 'none')],
      ['equal loose', (a) => a.equal(1, '1', 'loose')],
      ['equal typeof', (a) => a.equal(typeof 3, 'function', 'a callback must be provided')],
    ];
    for (const [name, call] of cases) {
      const want = thrown(() => call(nodeAssert));
      const got = thrown(() => call(lite));
      expect(got?.code, name).toBe(want?.code);
      if (want) expect(got?.message, name).toBe(want.message);
    }
    expect(thrown(() => lite(false, new TypeError('its own') as unknown as string))?.message).toBe('its own');
  });

  it('is enough for the packages that require it: they call only assert(), assert.ok and assert.equal', () => {
    for (const pkg of ASSERT_USERS) {
      const methods = new Set<string>();
      for (const file of jsFiles(`${modules}/${pkg}`)) {
        const text = readFileSync(file, 'utf8');
        // each require is bound whole to a name (a destructured `{ strictEqual }` would pass the scan below unseen);
        // the name is read in the text just before the require (a pattern that starts with \S+ at every place of a
        // file took minutes over undici's 72 KB base64 lines)
        for (const r of text.matchAll(/require\(['"](?:node:)?assert['"]\)/g)) {
          const before = text.slice(Math.max(0, r.index - 200), r.index);
          const name = /(?:^|[\s,;{}()])(\w+)\s*=\s*$/.exec(before)?.[1];
          if (!name) methods.add(`(not bound to a name: ${r[0]} in ${file})`);
          else
            for (const m of text.matchAll(new RegExp(`\\b${name}\\.([A-Za-z]+)`, 'g')))
              methods.add(m[1] as string);
        }
      }
      expect(
        [...methods].filter((m) => m !== 'ok' && m !== 'equal'),
        pkg,
      ).toEqual([]);
    }
  });
});
