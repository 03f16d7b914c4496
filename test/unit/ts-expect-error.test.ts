/**
 * The compile-time checks (the `@ts-expect-error` lines of the files below) each fail for their own reason: every
 * directive names, in backticks after "tsc:", words of the error it expects, and with the directives taken out the
 * line after each has an error with those words, and no other line of those files has one. `npm run lint` (tsc)
 * only tells that each directive met some error: a wrong argument elsewhere on its line would do.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'test/unit/api-types.test.ts',
  'test/unit/operations.test.ts',
  'test/unit/typed-names.test.ts',
];
const DIRECTIVE = /\/\/ @ts-expect-error\b(.*)$/;

/** What each directive of a file expects, by the line (1-based) it applies to. */
function expected(text: string): Map<number, string> {
  const out = new Map<number, string>();
  text.split('\n').forEach((line, i) => {
    const d = DIRECTIVE.exec(line);
    if (d) out.set(i + 2, /tsc: `(.+)`/.exec(d[1] ?? '')?.[1] ?? '');
  });
  return out;
}

/** The errors of each file, by line, compiled with the whole project (screen names merge in from the registry). */
function errorsWithoutDirectives(files: readonly string[]): Map<string, Map<number, string[]>> {
  const config = ts.readConfigFile(`${ROOT}tsconfig.json`, ts.sys.readFile).config;
  const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const texts = new Map(
    files.map((f) => [ROOT + f, ts.sys.readFile(ROOT + f)!.replaceAll('// @ts-expect-error', '//')]),
  );
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  host.getSourceFile = (name, language, ...rest) => {
    const text = texts.get(name);
    return text === undefined
      ? read.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram(fileNames, { ...options, noEmit: true }, host);
  return new Map(
    files.map((f) => {
      const source = program.getSourceFile(ROOT + f)!;
      const byLine = new Map<number, string[]>();
      for (const d of ts.getPreEmitDiagnostics(program, source)) {
        const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
        byLine.set(line, [...(byLine.get(line) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
      }
      return [f, byLine];
    }),
  );
}

describe('the compile-time checks', () => {
  it('each @ts-expect-error line fails with the error its directive names, and nothing else fails', () => {
    const errors = errorsWithoutDirectives(FILES);
    for (const f of FILES) {
      const want = expected(ts.sys.readFile(ROOT + f)!);
      expect(want.size, f).toBeGreaterThan(0);
      const got = errors.get(f)!;
      for (const [line, words] of want) {
        expect(words, `${f}:${line - 1}: the directive names no error (tsc: \`…\`)`).not.toBe('');
        expect(got.get(line)?.join('\n') ?? '(no error)', `${f}:${line}`).toContain(words);
      }
      const elsewhere = [...got].filter(([line]) => !want.has(line)).map(([line, m]) => `${f}:${line}: ${m}`);
      expect(elsewhere).toEqual([]);
    }
  }, 120_000);
});
