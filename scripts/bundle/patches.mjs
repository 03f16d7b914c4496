// Patches applied to packages as they are bundled (scripts/build.mjs) and, for those marked `tests`, as vitest
// loads them (vitest.config.ts), so the tests run the same Ink as the one that ships. Each must apply exactly once:
// the build fails when a package changed shape, so a fix is never silently lost on an upgrade.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const PATCHES = [
  {
    // The rendering boundary: every text node Ink draws, from any component, is made inert (control characters,
    // escape introducers, bidi overrides, lone surrogates) before it is measured or written. A service's string
    // can then never act on the terminal, even where a screen forgot to sanitize it.
    file: /[\\/]ink[\\/]build[\\/]dom\.js$/,
    find: 'node.nodeValue = text;',
    replace: 'node.nodeValue = __hsInert(text);',
    prepend: `import { inert as __hsInert } from ${JSON.stringify(`${root}src/domain/sanitize.ts`)};`,
    tests: true,
  },
  {
    // chalk (Ink's colours) vendors supports-color, which turns colour OFF whenever a CI variable is set, even on
    // a terminal: with CI=true over SSH the app would lose every colour. Same rule as scripts/bundle/is-in-ci.mjs: CI
    // only counts when the stream is not a TTY.
    file: /[\\/]chalk[\\/]source[\\/]vendor[\\/]supports-color[\\/]index\.js$/,
    find: "if ('CI' in env) {",
    replace: "if ('CI' in env && !streamIsTTY) {",
  },
  {
    // Ink 6.8's incremental renderer moves the cursor up one line too few when the frame ends with a newline
    // (every frame shorter than the terminal): each redraw lands one row lower and the screen scrolls into a
    // smear of old lines. The cursor sits on the row BELOW the frame then, so it must go up by the whole frame.
    file: /[\\/]ink[\\/]build[\\/]log-update\.js$/,
    find: 'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));',
    replace:
      "buffer.push(ansiEscapes.cursorUp(previousOutput.endsWith('\\n') ? previousVisible : previousVisible - 1));",
  },
  {
    // zod's namespace export `locales` pulls every language's error messages (~260 KB, over half of zod) into the
    // bundle. The app only uses English, which zod's schemas import directly: keep just that one.
    file: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/,
    find: 'export { default as en } from "./en.js";',
    only: true,
  },
  {
    // zod's namespace exports fromJSONSchema (a schema built from a JSON Schema document, ~12 KB), so every start
    // compiled it with zod; the app never builds a schema from JSON Schema.
    file: /[\\/]zod[\\/]v4[\\/]classic[\\/]from-json-schema\.js$/,
    find: 'export function fromJSONSchema(schema, params) {',
    contents: "export function fromJSONSchema() { throw new Error('fromJSONSchema is not in this bundle'); }",
  },
  {
    // undici's HTTP/2 client, loaded with the client though only a connection that negotiated h2 uses it, and the
    // app never offers h2 (allowH2 unset). Out of the bundle, it no longer loads node:http2 (and tls) at start-up.
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/,
    find: "http2 = require('node:http2')",
    contents: "module.exports = function connectH2 () { throw new Error('HTTP/2 is not in this bundle') }",
  },
  {
    // yoga-layout (Ink's layout engine) loads its inline WebAssembly, a data: URL, with the global fetch whenever
    // one exists: that loads Node's own undici (20-30 ms of start-up) to decode a string. Decode it directly, as
    // it does where there is no fetch.
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    find: 'function ya(){return w||"function"!=typeof fetch?',
    replace: 'function ya(){return true?',
  },
  {
    // ... and it decodes that string with atob (in JavaScript, in Node) and a loop over its 72,000 characters:
    // 5-9 ms of every start, on the main thread. Node's own base64 decoder gives the same bytes in 0.4 ms.
    file: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/,
    find: 'var b=xa(a.slice(37)),c=new Uint8Array(b.length);for(a=0;a<b.length;++a)c[a]=b.charCodeAt(a);var d=c',
    replace: 'var d=new Uint8Array(Buffer.from(a.slice(37),"base64"))',
  },
  // The first Intl.Segmenter of a process loads ICU's break data (~17 ms); these packages make one as they load,
  // though a frame of narrow text never segments. Made on first use instead (see LAZY_SEGMENTER below).
  ...[
    /[\\/]slice-ansi[\\/]tokenize-ansi\.js$/,
    /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/,
  ].map((file) => ({ file, find: 'new Intl.Segmenter(', replace: '__hsLazySegmenter(' })),
  // ink-select-input (the profile picker) reads the highlighted row from its last render: keys that arrive in one
  // read, as over a slow SSH link ("down, Enter"), each saw the row before, and Enter opened the profile that WAS
  // highlighted. Each key now moves the row the next key reads (its closure's copy), as the render will show.
  ...['rotateIndex, setRotateIndex', 'selectedIndex, setSelectedIndex'].map((pair) => ({
    file: /[\\/]ink-select-input[\\/]build[\\/]SelectInput\.js$/,
    find: `const [${pair}] = useState(`,
    replace: `let [${pair}] = useState(`,
  })),
  ...[
    '            const nextSelectedIndex = atFirstIndex\n                ? nextIndex\n                : selectedIndex - 1;\n',
    '            const nextSelectedIndex = atLastIndex ? nextIndex : selectedIndex + 1;\n',
  ].map((find) => ({
    file: /[\\/]ink-select-input[\\/]build[\\/]SelectInput\.js$/,
    find,
    replace: `${find}            rotateIndex = nextRotateIndex;\n            selectedIndex = nextSelectedIndex;\n`,
  })),
  {
    // Ink's reconciler awaits at its top level, only for its devtools (DEV=true, never shipped): the app is
    // compiled as a function body, where such an await cannot stand.
    file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
    find: "await import('./devtools.js');",
    replace: 'void 0;',
  },
  {
    file: /[\\/]ink[\\/]build[\\/]reconciler\.js$/,
    find: '? await loadPackageJson()',
    replace: '? { name: undefined, version: undefined }',
  },
  {
    // Ink draws at most maxFps frames a second: a frame asked for within 1/maxFps s of the last one waits for the
    // end of that window. The frames of a new tree given to render() are drawn at once: the app's first full frame
    // follows the header (src/app/Starting.tsx) by less than that window, and would otherwise wait up to 50 ms at
    // 20 fps; drawn as its first commit ends, it is out before the effects of that commit run.
    file: /[\\/]ink[\\/]build[\\/]ink\.js$/,
    find: 'reconciler.updateContainerSync(tree, this.container, null, noop);\n            reconciler.flushSyncWork();',
    replace:
      'const throttled = this.rootNode.onRender; this.rootNode.onRender = this.onRender; try { reconciler.updateContainerSync(tree, this.container, null, noop); reconciler.flushSyncWork(); } finally { this.rootNode.onRender = throttled; }',
    tests: true,
  },
  {
    // terminal-size (Ink's fallback when the output reports no size: never a TTY) imports node:child_process at
    // its top, and with it dgram and net's handle passing, on every start. Loaded when that fallback first runs.
    file: /[\\/]terminal-size[\\/]index\.js$/,
    find: "import {execFileSync} from 'node:child_process';",
    replace: "const execFileSync = (...a) => require('node:child_process').execFileSync(...a);",
  },
  {
    // Ink keeps only colours (SGR) and OSC of the escapes in a text it draws: sanitizeAnsi walks each text for C1
    // controls, then cuts a text with an escape into one object per piece, all in JavaScript, as it measures and
    // as it draws each row (~15 % of the first full frame's time, profiled). The app's texts are inert (the dom.js
    // patch above): their escapes are the colours chalk adds. A text with no control character, or none but SGR
    // sequences, comes back unchanged, found by native regular expressions instead; anything else still goes
    // through the tokenizer. Same result for any text [test/unit/ink-sanitize.test.ts].
    file: /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/,
    find: '    if (!hasAnsiControlCharacters(text)) {',
    replace: '    if (!__hsControl.test(text) || !__hsControl.test(text.replace(__hsSgr, ""))) {',
    prepend: 'const __hsControl = /[\\u001b\\u0080-\\u009f]/; const __hsSgr = /\\u001b\\[[0-9:;]*m/g;',
    tests: true,
  },
  {
    // Ink's frame grid, rebuilt per character with an array of styles each: 30-75 ms for the first frame. The
    // replacement gives the same bytes (see ink-output.ts); `find` pins the Ink version it was made for.
    file: /[\\/]ink[\\/]build[\\/]output\.js$/,
    find: 'const characters = this.caches.getStyledChars(line);',
    use: `${root}scripts/bundle/ink-output.ts`,
    tests: true,
  },
];

// An Intl.Segmenter stand-in that makes the real one when it first segments (all the patched packages call).
export const LAZY_SEGMENTER =
  'const __hsLazySegmenter = (...a) => { let s; return { segment: (t) => (s ??= new Intl.Segmenter(...a)).segment(t) }; };';

/**
 * The patched text of one file, and the patches that applied. `use`: the module is replaced by ours; `only`: the
 * file is reduced to that one line; `contents`: the file becomes that text; otherwise the line is replaced (and `prepend` put on top).
 */
export function applyPatches(path, text, patches = PATCHES) {
  const used = [];
  for (const patch of patches.filter((p) => p.file.test(path))) {
    if (text.split(patch.find).length !== 2) throw new Error(`${path}: expected ${patch.find} once`);
    used.push(patch);
    if (patch.use) text = `export { default } from ${JSON.stringify(patch.use)};`;
    else if (patch.contents) text = patch.contents;
    else if (patch.only) text = patch.find;
    else
      text = `${patch.prepend ? `${patch.prepend}\n` : ''}${text.replace(patch.find, () => patch.replace)}`;
  }
  return { text, used };
}

/** The esbuild plugin: patches every matching file as it is bundled; `applied` collects what applied. */
export function esbuildPatches(applied) {
  return {
    name: 'patch-packages',
    setup(b) {
      const filter = new RegExp(PATCHES.map((p) => p.file.source).join('|'));
      b.onLoad({ filter }, async (args) => {
        const { text, used } = applyPatches(args.path, await readFile(args.path, 'utf8'));
        for (const p of used) applied.add(p);
        return { contents: text, loader: 'js' };
      });
    },
  };
}

/** The vite/vitest plugin: the patches marked `tests`, for modules vitest inlines (see vitest.config.ts). */
export function vitePatches() {
  const patches = PATCHES.filter((p) => p.tests);
  return {
    name: 'patch-packages',
    enforce: 'pre',
    transform(code, id) {
      const [path, query] = id.split('?');
      // `?original`: Ink's own file, for the test that compares our replacement with it.
      if (query === 'original') return undefined;
      if (!patches.some((p) => p.file.test(path))) return undefined;
      return { code: applyPatches(path, code, patches).text, map: null };
    },
  };
}
