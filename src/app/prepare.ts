/**
 * What a start settles before it touches the terminal's screen: the config, the config's own keys, that both ends
 * are a terminal, which profile (asked when several and none is the default), and the --log file. A problem is one
 * inert line on stderr and exit code 2.
 */
import type { AppFlags } from '../config/args.js';
import { type Config, resolveConfig } from '../config/config.js';
import { type LoadedConfigFile, loadConfigFile } from '../config/profiles.js';
import { sanitize } from '../domain/sanitize.js';
import { type ActionLogFile, openActionLog } from './action-log-file.js';

export interface Prepared {
  config: Config;
  keymap?: Awaited<ReturnType<typeof loadKeymap>>;
  log?: ActionLogFile;
}

/** The config's keys checked against every action of the app (loads the screens' action lists: only then). */
async function loadKeymap(keys: NonNullable<Config['keys']>, path: string) {
  const { actionCatalog, checkKeymap } = await import('./keymap-config.js');
  const { moveTableKeys } = await import('../ui/table/key-actions.js');
  const checked = checkKeymap(keys.section, await actionCatalog(), { path, lineOf: (a) => keys.lines[a] });
  moveTableKeys(checked.map);
  return checked;
}

const fail = (message: string) => {
  process.stderr.write(`hyperstack-tui: ${sanitize(message)}\n`);
  return 2;
};

/**
 * The start's config, or the exit code. `beforeDraw` resolves once Ink can draw (the profile picker draws).
 */
export async function prepareStart(
  flags: AppFlags,
  env: NodeJS.ProcessEnv,
  beforeDraw: Promise<void>,
): Promise<Prepared | number> {
  let config: Config;
  let file: LoadedConfigFile;
  try {
    file = await loadConfigFile(env);
    config = resolveConfig(flags, env, file);
  } catch (e) {
    // A config error may quote what the user typed or a file held: one inert line.
    return fail((e as Error).message);
  }
  const keymap = config.keys ? await loadKeymap(config.keys, config.configPath) : undefined;
  if (keymap && keymap.problems.length > 0) {
    for (const p of keymap.problems) fail(p);
    return 2;
  }
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    return fail(
      'needs an interactive terminal (stdin and stdout must be a TTY); for a headless simulator run `hyperstack-tui simulate`',
    );
  }
  if (!config.demo && !config.profileNamed && config.profileNames.length > 1) {
    await beforeDraw;
    const { pickProfile } = await import('./mount-prompts.js');
    const picked = await pickProfile(config.profileNames, config.configPath);
    if (picked === undefined) return 0;
    try {
      // the file the picker listed, not read again
      config = resolveConfig({ ...flags, profile: picked }, env, file);
    } catch (e) {
      return fail((e as Error).message);
    }
  }
  if (!flags.log) return { config, ...(keymap ? { keymap } : {}) };
  try {
    // no entry holds a body; every key in use is masked all the same (domain/file-text.ts)
    const log = openActionLog(flags.log);
    return { config, log, ...(keymap ? { keymap } : {}) };
  } catch (e) {
    return fail(`--log: cannot open ${flags.log}: ${(e as Error).message}`);
  }
}
