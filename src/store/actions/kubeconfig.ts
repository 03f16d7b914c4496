/**
 * Writing a cluster's kubeconfig: it holds the cluster's credentials, so the file is readable by its owner only
 * (0600) from the first byte. The content goes to a temporary file created 0600 next to the target, then renamed
 * over it: an overwritten file gets the new mode too, and a crash never leaves half a kubeconfig.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, open, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileText } from '../../domain/file-text.js';

export const KUBECONFIG_MODE = 0o600;

/** What is at `path` now: nothing, a file (to overwrite only after asking), or something that is not a file. */
export function pathState(path: string): 'free' | 'file' | 'not-a-file' {
  try {
    return statSync(path).isFile() ? 'file' : 'not-a-file';
  } catch {
    return 'free';
  }
}

/** Why `path` cannot be written (an error text), or undefined. Checks the text and the folder, not permissions. */
export function kubeconfigPathError(path: string): string | undefined {
  const p = path.trim();
  if (!p) return 'type a file name';
  if (/[\x00-\x1f\x7f]/.test(p)) return 'the file name holds control characters';
  if (p.endsWith('/')) return 'that is a folder: add a file name';
  const dir = dirname(resolve(p));
  if (!existsSync(dir)) return `no such folder: ${dir}`;
  if (pathState(p) === 'not-a-file') return 'that is not a file';
  return undefined;
}

/** Writes `content` to `path` (absolute result returned) with mode 0600, replacing a file already there. */
export async function writeKubeconfig(path: string, content: string): Promise<string> {
  const target = resolve(path.trim());
  const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'wx', KUBECONFIG_MODE);
  try {
    await handle.writeFile(fileText(content.endsWith('\n') ? content : `${content}\n`), 'utf8');
    await handle.sync();
    await handle.close();
    // The umask may have taken bits away, never added any; chmod makes it exactly 0600 either way.
    await chmod(tmp, KUBECONFIG_MODE);
    await rename(tmp, target);
  } catch (e) {
    await handle.close().catch(() => {});
    await rm(tmp, { force: true }).catch(() => {});
    throw e;
  }
  return target;
}
