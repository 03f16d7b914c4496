import { findScreen, SCREEN_REGISTRY } from '../screens/registry.js';
import { parseArgs, type ScreenChoice, usage } from './config/args.js';
import { sanitize } from './domain/sanitize.js';
import { mark } from './startup-trace.js';
import { VERSION } from './version.js';

mark('entry');

const SCREENS: ScreenChoice = { names: SCREEN_REGISTRY.map((s) => s.name), find: (n) => findScreen(n)?.name };

/** Entry point of the bundle: parse the command line, then run the app or the simulator. */
async function main(argv: string[]): Promise<number> {
  const parsed = parseArgs(argv, SCREENS);
  switch (parsed.command) {
    case 'help':
      process.stdout.write(`${usage(SCREENS.names)}\n`);
      return 0;
    case 'version':
      process.stdout.write(`hyperstack-tui ${VERSION}\n`);
      return 0;
    case 'error':
      process.stderr.write(`hyperstack-tui: ${sanitize(parsed.message)}\n`);
      return 2;
    case 'simulate': {
      const { runSimulate } = await import('./sim/simulate-cli.js');
      return runSimulate(parsed.argv);
    }
    case 'watch-stock': {
      const { runWatchStock } = await import('./commands/watch-stock.js');
      return runWatchStock(parsed.argv, { stdout: process.stdout, stderr: process.stderr, env: process.env });
    }
    case 'app': {
      const { runApp } = await import('./app/run.js');
      mark('modules');
      return runApp(parsed.flags);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`hyperstack-tui: ${sanitize(err instanceof Error ? err.message : String(err))}\n`);
    process.exitCode = 1;
  },
);
