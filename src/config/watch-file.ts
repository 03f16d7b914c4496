/**
 * The stock watches of each profile, kept between runs in $XDG_STATE_HOME/hyperstack-tui/watches.json (or
 * ~/.local/state/…): `{"profiles": {"prod": [watch, …]}}`. Written whole to a temporary file and renamed, mode
 * 600, so a crash never leaves half a file and another user never reads what someone waits for.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileText, jsonSafe } from '../domain/file-text.js';
import { parseWatch, type StockWatch } from '../domain/stock-watch.js';
import { xdgAppDir } from './xdg.js';

export function watchFilePath(env: NodeJS.ProcessEnv): string {
  return join(xdgAppDir(env, 'XDG_STATE_HOME', join('.local', 'state')), 'watches.json');
}

type WatchFile = Record<string, StockWatch[]>;

/** Every profile's watches; a missing or unreadable file is no watches (it is state, not configuration). */
function readAll(path: string): WatchFile {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as { profiles?: unknown };
    const out: WatchFile = {};
    const profiles = raw.profiles;
    if (typeof profiles !== 'object' || profiles === null) return out;
    for (const [name, list] of Object.entries(profiles)) {
      if (!Array.isArray(list)) continue;
      out[name] = list.flatMap((w) => {
        const parsed = parseWatch(w);
        return parsed ? [parsed] : [];
      });
    }
    return out;
  } catch {
    return {};
  }
}

export function loadWatches(env: NodeJS.ProcessEnv, profile: string): StockWatch[] {
  return readAll(watchFilePath(env))[profile] ?? [];
}

/** Replaces one profile's watches, keeping the others'. Throws when the file cannot be written. */
export function saveWatches(env: NodeJS.ProcessEnv, profile: string, watches: readonly StockWatch[]): void {
  const path = watchFilePath(env);
  const all = readAll(path);
  if (watches.length) all[profile] = [...watches];
  else delete all[profile];
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  // through the file sink: the names a service gave (C1 and bidi controls) written as \u escapes, secrets masked
  writeFileSync(tmp, fileText(`${jsonSafe({ profiles: all }, 2)}\n`), { mode: 0o600 });
  renameSync(tmp, path);
}
