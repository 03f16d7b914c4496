import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyPatches } from '../../scripts/bundle/patches.mjs';

const FILE = fileURLToPath(
  new URL('../../node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', import.meta.url),
);

describe("yoga's inline WebAssembly, as bundled (scripts/bundle/patches.mjs)", () => {
  it('is decoded by Node in one call, not by atob and a loop over each character, and still lays out', async () => {
    const { text, used } = applyPatches(FILE, readFileSync(FILE, 'utf8'));
    expect(used.length).toBe(2);
    expect(text).not.toMatch(/charCodeAt\(a\)/);
    const copy = join(mkdtempSync(join(tmpdir(), 'hs-yoga-')), 'yoga-wasm.mjs');
    writeFileSync(copy, text);
    const load = (await import(pathToFileURL(copy).href)).default as () => Promise<unknown>;
    const { default: wrap } = await import('../../node_modules/yoga-layout/dist/src/wrapAssembly.js');
    const yoga = wrap(await load());
    const node = yoga.Node.create();
    node.setWidth(42);
    node.calculateLayout(undefined, undefined);
    expect(node.getComputedWidth()).toBe(42);
  });
});
