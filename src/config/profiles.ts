import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigFile } from './config-schema.js';
import { findJsonProblem } from './json-error.js';
import { xdgAppDir } from './xdg.js';

// The file's types; its schema (config-schema.ts, zod) loads only when there is a file to check.
export type { ConfigFile, GuardConfig, Profile, WasteConfig } from './config-schema.js';

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(xdgAppDir(env, 'XDG_CONFIG_HOME', '.config'), 'config.json');
}

export interface LoadedConfigFile {
  path: string;
  file: ConfigFile | undefined;
  warnings: string[];
  /** The line of each entry of the `keys` section, for the problems found in it (the text itself is not kept). */
  keyLines?: Readonly<Record<string, number>>;
}

/**
 * Reads the config file if there is one. A broken file is an error worth stopping for (it names the field). Its
 * schema (and zod) is loaded only when there is a file to check.
 */
export async function loadConfigFile(env: NodeJS.ProcessEnv): Promise<LoadedConfigFile> {
  const path = configPath(env);
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { path, file: undefined, warnings: [] };
    throw new Error(`cannot read ${path}: ${(e as Error).message}`);
  }
  const warnings: string[] = [];
  // Like ssh: a file holding keys must not be readable by others.
  if ((mode & 0o077) !== 0 && process.platform !== 'win32') {
    warnings.push(
      `${path} is readable by others (mode ${(mode & 0o777).toString(8)}); run: chmod 600 ${path}`,
    );
  }
  // An editor's byte-order mark is not an error.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // Never V8's message: it quotes the text around the error, which can be the start of an API key.
    const p = findJsonProblem(text);
    throw new Error(
      `${path} is not valid JSON${p ? ` at line ${p.line}, column ${p.column}: ${p.problem}` : ''}`,
    );
  }
  const { ConfigFileSchema } = await import('./config-schema.js');
  const parsed = ConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    // zod's messages for these schemas name the expected type or range, never the value found.
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const keyLines = parsed.data.keys ? linesOfKeys(text, Object.keys(parsed.data.keys)) : undefined;
  return { path, file: parsed.data, warnings, ...(keyLines ? { keyLines } : {}) };
}

/** Where each name of the `keys` object is written (the first `"name":` after `"keys":`); the section's line else. */
function linesOfKeys(text: string, names: readonly string[]): Record<string, number> {
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  const section = text.search(/"keys"\s*:\s*\{/);
  const out: Record<string, number> = {};
  for (const name of names) {
    const i = section < 0 ? -1 : text.indexOf(`${JSON.stringify(name)}`, section);
    out[name] = lineAt(i < 0 ? Math.max(0, section) : i);
  }
  return out;
}
