/**
 * The API key never shows: every text drawn (`inert`, `sanitize`) or written (the file sink, a command's stdout)
 * masks it, whole, cut short or split, once a transport was made with it.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestBudget } from '../../src/api/budget.js';
import { createTransport } from '../../src/api/transport.js';
import { write } from '../../src/commands/output.js';
import { loadWatches, saveWatches, watchFilePath } from '../../src/config/watch-file.js';
import { fileText, jsonSafe } from '../../src/domain/file-text.js';
import { inert, sanitize } from '../../src/domain/sanitize.js';
import { forgetSecrets, keepSecret, MASK, maskSecrets } from '../../src/domain/secrets.js';

const KEY = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';
afterEach(() => forgetSecrets());

describe('masking the API key', () => {
  it('whole, twice, cut short by a column, split by a caret: every run of 8 of its characters', () => {
    keepSecret(KEY);
    expect(maskSecrets(`invalid api_key ${KEY}: refused`)).toBe(`invalid api_key ${MASK}: refused`);
    expect(maskSecrets(`${KEY}${KEY}`)).toBe(MASK);
    expect(maskSecrets(`${KEY} and ${KEY}.`)).toBe(`${MASK} and ${MASK}.`);
    expect(maskSecrets(`key ${KEY.slice(0, 12)}…`)).toBe(`key ${MASK}…`);
    expect(maskSecrets(`…${KEY.slice(20)}`)).toBe(`…${MASK}`);
    // shorter than 8 of its characters in a row: nothing of the key can be told from it
    expect(maskSecrets(`id ${KEY.slice(0, 7)}`)).toBe(`id ${KEY.slice(0, 7)}`);
    expect(maskSecrets('ray-worker-1 ACTIVE 10.0.0.1')).toBe('ray-worker-1 ACTIVE 10.0.0.1');
  });

  it('no secret kept: texts pass as they are; a short key is masked whole', () => {
    expect(maskSecrets(KEY)).toBe(KEY);
    keepSecret('abc12');
    expect(maskSecrets('the key abc12 was refused')).toBe(`the key ${MASK} was refused`);
    keepSecret('abc'); // too short to tell from text: not kept
    expect(maskSecrets('abc')).toBe('abc');
  });

  it('the rendering boundary and the cell sanitiser mask it; so does a command’s stdout', async () => {
    keepSecret(KEY);
    expect(inert(`✖ API error: ${KEY}\nagain ${KEY}`)).toBe(`✖ API error: ${MASK}\nagain ${MASK}`);
    expect(sanitize({ message: KEY })).toBe(`{"message":"${MASK}"}`);
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c) => chunks.push(String(c)));
    await write(out, `name\n${KEY}\n`);
    expect(chunks.join('')).toBe(`name\n${MASK}\n`);
  });

  it('a transport made with a key keeps it: the key is masked from then on, whatever made the transport', async () => {
    expect(maskSecrets(`x ${KEY}`)).toBe(`x ${KEY}`);
    const t = createTransport({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: KEY, budget: new RequestBudget() });
    await t.close();
    expect(maskSecrets(`x ${KEY}`)).toBe(`x ${MASK}`);
  });
});

describe('the file sink', () => {
  it('JSON with DEL, C1, bidi controls and separators escaped: the same value, nothing a terminal acts on', () => {
    const value = { name: 'gpu\x9b31m\u202egpj.exe\u2066\x7f\u2028x', n: 1 };
    const text = jsonSafe(value);
    expect(text).not.toMatch(/[\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
    expect(jsonSafe(undefined)).toBe('null');
    keepSecret(KEY);
    expect(fileText(`{"k":"${KEY}"}`)).toBe(`{"k":"${MASK}"}`);
  });

  it('watches.json keeps a service’s name with C1 and bidi characters as \\u escapes, and reads it back', () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'hs-watches-')) };
    const flavor = 'n3-H100\x9b2J\u202ex8';
    saveWatches(env, 'prod', [{ kind: 'flavor', flavor, region: 'NORWAY-1\u2066' }]);
    const raw = readFileSync(watchFilePath(env), 'utf8');
    expect(raw).not.toMatch(/[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(raw).toContain('\\u009b');
    expect(loadWatches(env, 'prod')).toEqual([{ kind: 'flavor', flavor, region: 'NORWAY-1\u2066' }]);
    expect(statSync(watchFilePath(env)).mode & 0o777).toBe(0o600);
  });
});
