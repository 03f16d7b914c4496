import { findScreen, SCREEN_REGISTRY } from '../screens/registry.js';
import { COMMANDS, commandList, findCommand } from './commands/registry.js';
import { askToCompileAhead } from './compile-ahead-hook.js';
import { parseArgs, type ScreenChoice, usage } from './config/args.js';
import { sanitize } from './domain/sanitize.js';
import { mark } from './startup-trace.js';
import { VERSION } from './version.js';

mark('entry');

const SCREENS: ScreenChoice = { names: SCREEN_REGISTRY.map((s) => s.name), find: (n) => findScreen(n)?.name };

/**
 * A reader that stopped early (`get vms | head`) closed the pipe: the rest of the output has nowhere to go, and
 * that is no failure. The process ends at once, quietly, with the exit code it has so far (0). Any other error of
 * the stream stays an error.
 */
function endQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      process.exit();
    });
  }
}

/** Entry point of the bundle: a subcommand, or parse the command line and run the app. */
async function main(argv: string[]): Promise<number> {
  // a subcommand (get, ssh-config, completion, simulate …): its code loads only now, never for the app
  const command = findCommand(argv[0]);
  if (command) {
    endQuietlyWhenOutputCloses();
    return (await command.load())(argv.slice(1), { entry: command, commands: COMMANDS });
  }
  const parsed = parseArgs(argv, SCREENS);
  if (parsed.command !== 'app') endQuietlyWhenOutputCloses();
  switch (parsed.command) {
    case 'help':
      process.stdout.write(`${usage(SCREENS.names)}\n\n${commandList()}\n`);
      return 0;
    case 'version':
      process.stdout.write(`hyperstack-tui ${VERSION}\n`);
      return 0;
    case 'error':
      process.stderr.write(`hyperstack-tui: ${sanitize(parsed.message)}\n`);
      return 2;
    case 'app': {
      // a first start: what its first frame needs compiles on another thread meanwhile
      askToCompileAhead(parsed.flags.demo ? 'demo' : 'app');
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
