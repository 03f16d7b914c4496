/**
 * Where a public key (or user data) comes from: pasted in the field, or read from a file whose path was typed
 * instead (`~/.ssh/id_ed25519.pub`). Reading is synchronous and bounded (a key file is tiny), so the form can
 * check the file live, while typing, and read it again at submit.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type ParsedKey, parsePublicKey } from '../../src/domain/ssh-key.js';

/** Larger than this is not a public key file. */
const KEY_FILE_MAX = 16 * 1024;

/** "~/x" → "/home/me/x"; relative paths are taken from the current directory. */
export function expandPath(path: string, home: string = homedir()): string {
  const p = path.trim();
  if (p === '~') return home;
  if (p.startsWith('~/')) return resolve(home, p.slice(2));
  return isAbsolute(p) ? p : resolve(p);
}

/** Why a file cannot be sent (missing, unreadable, a directory, too big), checked without reading it. */
export function fileProblem(path: string, max: number): string | undefined {
  const full = expandPath(path);
  try {
    const st = statSync(full);
    if (st.isDirectory()) return `${path.trim()}: is a directory`;
    if (st.size > max)
      return `${path.trim()}: too big (${Math.ceil(st.size / 1024)} KiB, at most ${max / 1024} KiB)`;
    accessSync(full, constants.R_OK);
    return undefined;
  } catch (e) {
    return `cannot read ${path.trim()}: ${fsReason(e)}`;
  }
}

/**
 * A typed value that names a file rather than holds a key: starts with "/", "~", "./" or "../", or is one word
 * ending in ".pub". A key line never does (it starts with its type).
 */
export function looksLikePath(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  if (/^(~|\/|\.\.?\/)/.test(t)) return true;
  return !/\s/.test(t) && t.endsWith('.pub');
}

export type ReadResult = { ok: true; text: string; path: string } | { ok: false; error: string };

/** A short reason from a Node fs error. */
function fsReason(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return e instanceof Error ? e.message : String(e);
}

/** Reads a small text file named by the user; the error names the path as typed. */
export function readSmallFile(path: string, max: number): ReadResult {
  const full = expandPath(path);
  try {
    const st = statSync(full);
    if (st.isDirectory()) return { ok: false, error: `${path.trim()}: is a directory` };
    if (st.size > max) {
      return {
        ok: false,
        error: `${path.trim()}: too big (${Math.ceil(st.size / 1024)} KiB, at most ${max / 1024} KiB)`,
      };
    }
    return { ok: true, text: readFileSync(full, 'utf8'), path: full };
  } catch (e) {
    return { ok: false, error: `cannot read ${path.trim()}: ${fsReason(e)}` };
  }
}

/**
 * The key a field value stands for: the pasted line itself, or the one key line of the file it names. A file
 * with a private key, or with several keys, is refused with the way out.
 */
export function resolvePublicKey(value: string): ParsedKey & { from?: string } {
  if (!looksLikePath(value)) return parsePublicKey(value);
  const path = value.trim();
  const read = readSmallFile(path, KEY_FILE_MAX);
  if (!read.ok) return read;
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(read.text)) {
    return { ok: false, error: `${path} is a PRIVATE key: choose the public one (${path}.pub)` };
  }
  const lines = read.text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (lines.length === 0) return { ok: false, error: `${path} is empty` };
  if (lines.length > 1) {
    return {
      ok: false,
      error: `${path} holds ${lines.length} lines: one key per key pair (paste the line you want)`,
    };
  }
  const parsed = parsePublicKey(lines[0] ?? '');
  return parsed.ok ? { ...parsed, from: read.path } : { ok: false, error: `${path}: ${parsed.error}` };
}
