import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kubeconfigPathError, pathState, writeKubeconfig } from '../../src/store/actions/kubeconfig.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hs-kubeconfig-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeKubeconfig', () => {
  it('writes the content readable by the owner only (0600) and returns the absolute path', async () => {
    const path = join(dir, 'a.kubeconfig');
    const saved = await writeKubeconfig(path, 'apiVersion: v1\n');
    expect(saved).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe('apiVersion: v1\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces a file that was readable by all, making it 0600, and leaves no temporary file', async () => {
    const path = join(dir, 'b.kubeconfig');
    writeFileSync(path, 'old');
    chmodSync(path, 0o644);
    await writeKubeconfig(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['b.kubeconfig']);
  });

  it('fails plainly when the folder is missing', async () => {
    await expect(writeKubeconfig(join(dir, 'nope', 'c'), 'x')).rejects.toThrow(/ENOENT/);
  });
});

describe('the path question', () => {
  it('knows free names, files and folders', () => {
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'f'), '');
    expect(pathState(join(dir, 'free'))).toBe('free');
    expect(pathState(join(dir, 'f'))).toBe('file');
    expect(pathState(join(dir, 'sub'))).toBe('not-a-file');
  });

  it('explains what is wrong with a path', () => {
    expect(kubeconfigPathError('  ')).toBe('type a file name');
    expect(kubeconfigPathError(join(dir, 'missing', 'x'))).toBe(`no such folder: ${join(dir, 'missing')}`);
    expect(kubeconfigPathError(`${dir}/`)).toBe('that is a folder: add a file name');
    mkdirSync(join(dir, 'sub'));
    expect(kubeconfigPathError(join(dir, 'sub'))).toBe('that is not a file');
    expect(kubeconfigPathError(join(dir, 'ok.kubeconfig'))).toBeUndefined();
    expect(kubeconfigPathError('a\x1bb')).toBe('the file name holds control characters');
  });
});
