import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The app's own folder in one of the XDG base directories: `$XDG_<KIND>_HOME/hyperstack-tui`, else
 * `~/<fallback>/hyperstack-tui` (config: .config, cache: .cache, state: .local/state).
 */
export function xdgAppDir(
  env: NodeJS.ProcessEnv,
  variable: 'XDG_CONFIG_HOME' | 'XDG_CACHE_HOME' | 'XDG_STATE_HOME',
  fallback: string,
): string {
  const base = env[variable]?.trim() || join(env.HOME?.trim() || homedir(), fallback);
  return join(base, 'hyperstack-tui');
}
