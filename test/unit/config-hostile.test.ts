// Bad configuration: a broken config file, a bad base URL or API key from any source. Each is one clear line that
// names where it came from, and never quotes a secret.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppFlags } from '../../src/config/args.js';
import { loadConfig } from '../../src/config/config.js';
import { findJsonProblem } from '../../src/config/json-error.js';
import { configPath } from '../../src/config/profiles.js';

const flags = (f: Partial<AppFlags> = {}): AppFlags => ({
  demo: false,
  readOnly: false,
  noColor: false,
  ...f,
});
const SECRET = 'zq9XkSECRETvalue7Wv3';

function withConfig(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hs-cfg-'));
  const env = { XDG_CONFIG_HOME: dir, HOME: dir } as NodeJS.ProcessEnv;
  const path = configPath(env);
  mkdirSync(join(dir, 'hyperstack-tui'), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o600);
  return { env, path };
}

/** The message loadConfig rejects with (it must). */
async function errorOf(f: () => Promise<unknown>): Promise<string> {
  try {
    await f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('a config file that is not valid JSON', () => {
  it.each([
    ['unquoted key', `{"profiles": {"a": {"apiKey": ${SECRET}}}}`, 1, 31, 'unexpected character'],
    [
      'unclosed string',
      `{\n  "profiles": {"a": {\n    "apiKey": "${SECRET}}}}\n`,
      3,
      15,
      'a string is not closed',
    ],
    ['single quotes', `{"profiles": {"a": {"apiKey": '${SECRET}'}}}`, 1, 31, 'unexpected character'],
    [
      'raw line break in the key',
      `{"profiles": {"a": {"apiKey": "${SECRET}\n"}}}`,
      1,
      31,
      'a string is not closed on its line',
    ],
    ['trailing comma', `{"profiles": {"a": {"apiKey": "${SECRET}",}}}`, 1, 54, 'quoted property name'],
    ['a control character in a string', `{"profiles": {"a": {"apiKey": "${SECRET}\x01"}}}`, 1, 52, 'control'],
    ['missing colon', `{"profiles": {"a": {"apiKey" "${SECRET}"}}}`, 1, 30, "expected ':'"],
    ['cut short', `{"profiles": {"a": {"apiKey": "${SECRET}"`, 1, 53, 'ends too early'],
  ])('%s: names the file, line and column, never the content', async (_name, text, line, column, problem) => {
    const { env, path } = withConfig(text);
    const msg = await errorOf(() => loadConfig(flags(), env));
    expect(msg.startsWith(`${path} is not valid JSON at line ${line}, column ${column}: `)).toBe(true);
    expect(msg).toContain(problem);
    expect(msg).not.toContain(SECRET.slice(0, 4));
    expect(msg).not.toContain('\n');
  });

  it('a byte-order mark from an editor is not an error', async () => {
    const { env } = withConfig(`\ufeff{"profiles": {"a": {"apiKey": "k1"}}, "defaultProfile": "a"}`);
    expect((await loadConfig(flags(), env)).apiKey).toBe('k1');
  });

  it('the locator agrees with JSON.parse on valid JSON and on broken text', async () => {
    const agrees = (text: string) => {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      return (findJsonProblem(text) === undefined) === valid;
    };
    fc.assert(fc.property(fc.json(), (t) => agrees(t)));
    // Valid JSON with one character dropped, replaced or inserted: mostly broken, sometimes still valid.
    const mutated = fc
      .tuple(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', '"', ',', ':', '{', '}', '[', ']', '\\', 'x', '\n', '-', '0'),
      )
      .map(([t, at, c]) => {
        const i = at % (t.length + 1);
        return [t.slice(0, i) + c + t.slice(i + 1), t.slice(0, i) + c + t.slice(i)];
      });
    fc.assert(
      fc.property(mutated, ([a, b]) => agrees(a!) && agrees(b!)),
      { numRuns: 500 },
    );
    fc.assert(fc.property(fc.string(), (t) => agrees(t)));
  });
});

describe('no config error quotes a secret', () => {
  it.each([
    ['a wrong type beside the key', `{"profiles": {"a": {"apiKey": "${SECRET}", "readOnly": "yes"}}}`],
    ['a malformed region', `{"profiles": {"a": {"apiKey": "${SECRET}", "region": "MARS 1"}}}`],
    ['the key as an array', `{"profiles": {"a": {"apiKey": ["${SECRET}"]}}}`],
    [
      'a key with an escaped line break',
      `{"defaultProfile": "a", "profiles": {"a": {"apiKey": "${SECRET}\\nx"}}}`,
    ],
    ['a key with a space', `{"defaultProfile": "a", "profiles": {"a": {"apiKey": "${SECRET} x"}}}`],
    ['a bad base URL', `{"profiles": {"a": {"apiKey": "${SECRET}", "baseUrl": "ftp://${SECRET}@x"}}}`],
  ])('%s', async (_name, text) => {
    const { env, path } = withConfig(text);
    const msg = await errorOf(() => loadConfig(flags(), env));
    expect(msg).toContain(path);
    expect(msg).not.toContain(SECRET.slice(0, 4));
    expect(msg).not.toContain('\n');
  });
});

describe('the base URL: one check for the flag, the environment and the profile', () => {
  it.each([
    ['not a url', /^\$HYPERSTACK_BASE_URL is not a URL/],
    ['ftp://x', /^\$HYPERSTACK_BASE_URL must be an http:\/\/ or https:\/\/ URL, not ftp:\/\/: "ftp:\/\/x"$/],
    ['https://user:pw@host/v1', /^\$HYPERSTACK_BASE_URL must not contain a user name or password$/],
    ['https://host/v1?x=1', /must not have a query/],
  ])('$HYPERSTACK_BASE_URL=%j', async (value, msg) => {
    expect(
      await errorOf(() => loadConfig(flags(), { HOME: '/nonexistent', HYPERSTACK_BASE_URL: value })),
    ).toMatch(msg);
  });

  it('a bad value that is not used (the flag wins) is not an error; a good one is used as is', async () => {
    const env = { HOME: '/nonexistent', HYPERSTACK_BASE_URL: 'ftp://x' };
    expect((await loadConfig(flags({ baseUrl: 'http://127.0.0.1:9/v1' }), env)).baseUrl).toBe(
      'http://127.0.0.1:9/v1',
    );
    expect((await loadConfig(flags(), { HOME: '/x', HYPERSTACK_BASE_URL: ' http://h:1/v1 ' })).baseUrl).toBe(
      'http://h:1/v1',
    );
  });

  it("a profile's baseUrl", async () => {
    const { env, path } = withConfig(`{"profiles": {"a": {"baseUrl": "ftp://x"}}}`);
    expect(await errorOf(() => loadConfig(flags(), env))).toBe(
      `${path}: profiles.a.baseUrl: must be an http:// or https:// URL, not ftp://`,
    );
  });
});

describe('the API key: characters a header can carry, checked wherever it comes from', () => {
  it('$HYPERSTACK_API_KEY with a line break inside', async () => {
    const msg = await errorOf(() =>
      loadConfig(flags(), { HOME: '/x', HYPERSTACK_API_KEY: `${SECRET}\n${SECRET}` }),
    );
    expect(msg).toBe(
      'the API key from $HYPERSTACK_API_KEY contains a line break (character 21 of 41); an API key is printable ASCII without spaces',
    );
  });

  it("a profile's key variable, with a tab, a control character, a smart quote", async () => {
    const { env } = withConfig('{"defaultProfile": "p", "profiles": {"p": {"apiKeyEnv": "PROD_KEY"}}}');
    for (const [bad, what] of [
      [`${SECRET}\tx`, 'a space or tab'],
      [`${SECRET}\x1b[2J`, 'a control character'],
      [`${SECRET}’`, 'not plain ASCII'],
    ] as const) {
      const msg = await errorOf(() => loadConfig(flags(), { ...env, PROD_KEY: bad }));
      expect(msg).toMatch(/^the API key from \$PROD_KEY \(profile p\) contains /);
      expect(msg).toContain(what);
      expect(msg).not.toContain(SECRET.slice(0, 4));
    }
  });

  it("a profile's own key", async () => {
    const { env, path } = withConfig(`{"defaultProfile": "p", "profiles": {"p": {"apiKey": "${SECRET} x"}}}`);
    expect(await errorOf(() => loadConfig(flags(), env))).toMatch(
      new RegExp(`^the API key from profile p in ${path} contains a space or tab`),
    );
  });

  it('surrounding blanks are trimmed, a clean key passes', async () => {
    expect((await loadConfig(flags(), { HOME: '/x', HYPERSTACK_API_KEY: `  ${SECRET}\n` })).apiKey).toBe(
      SECRET,
    );
    const { env } = withConfig(`{"defaultProfile": "p", "profiles": {"p": {"apiKey": " ${SECRET} "}}}`);
    expect((await loadConfig(flags(), env)).apiKey).toBe(SECRET);
  });
});
