/** `hyperstack-tui keys`: every action the config's `keys` section can name, with its keys (the user's, if set). */
import { actionCatalog, catalogText, checkKeymap } from '../app/keymap-config.js';
import { type Config, loadConfig } from '../config/config.js';
import { quote } from '../domain/quote.js';
import { sanitize } from '../domain/sanitize.js';
import { type CommandContext, commandHelp } from './command.js';

export async function runKeys(
  argv: readonly string[],
  ctx: CommandContext,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(commandHelp(ctx.entry));
    return 0;
  }
  if (argv.length > 0) {
    process.stderr.write(`hyperstack-tui keys: unexpected ${quote(argv[0] ?? '')} (see --help)\n`);
    return 2;
  }
  let config: Config;
  try {
    config = await loadConfig({ demo: false, readOnly: false, noColor: false }, env);
  } catch (e) {
    process.stderr.write(`hyperstack-tui: ${sanitize((e as Error).message)}\n`);
    return 2;
  }
  const catalog = await actionCatalog();
  const keys = config.keys;
  const checked = keys
    ? checkKeymap(keys.section, catalog, { path: config.configPath, lineOf: (a) => keys.lines[a] })
    : undefined;
  process.stdout.write(`${catalogText(catalog, checked?.map)}\n`);
  for (const p of checked?.problems ?? []) process.stderr.write(`hyperstack-tui: ${sanitize(p)}\n`);
  return checked?.problems.length ? 2 : 0;
}
