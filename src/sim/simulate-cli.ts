/** `hyperstack-tui simulate`: runs the simulator in the foreground until SIGINT/SIGTERM. */
import { type FaultConfig, FaultSpecError, formatFaults, parseFaults } from './faults.js';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from './ratelimit.js';
import { type Simulator, type SimulatorOptions, startSimulator } from './server.js';

export interface SimulateIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Stops the simulator when aborted. Default: SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** Starts the server (default startSimulator); tests inject one with a fake world. */
  start?: (opts: SimulatorOptions) => Promise<Simulator>;
}

export const SIMULATE_USAGE = `Usage: hyperstack-tui simulate [options]

Runs a local simulator of the Hyperstack API (same paths, auth, errors and rate limit) until Ctrl-C.

Options:
  --port N               port to listen on (default 0: a free port)
  --host H               address to listen on (default 127.0.0.1)
  --scale N              number of virtual machines in the demo organisation
  --seed N               seed of the demo data and of the faults (same seed, same run)
  --vm-create-seconds N  how long a new VM stays CREATING
  --rate-limit N         requests per minute per client (default ${DEFAULT_RATE_LIMIT_PER_MINUTE}, 0 = unlimited)
  --restock-seconds N    the sold-out H100-80G-SXM5 of NORWAY-1 comes back into stock after N seconds
  --faults LIST          inject faults, e.g. 5xx=0.1,429=5,latency=200,timeout=0.05,malformed=0.05,reset=0.05,drop=0.05
                         (5xx/timeout/malformed/reset/drop: share of requests 0..1; 429: the next N requests;
                         latency: added ms; path=/core/clusters: only requests below that prefix, may repeat)
  -h, --help             show this help
`;

class UsageError extends Error {}

interface Parsed {
  help: boolean;
  opts: SimulatorOptions;
}

function intArg(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function numArg(flag: string, value: string, min: number): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min) {
    throw new UsageError(`${flag} takes a number >= ${min}, got "${value}"`);
  }
  return n;
}

/** The options `parseSimulateArgs` accepts (each takes a value). */
const KNOWN_FLAGS: readonly string[] = [
  '--port',
  '--host',
  '--scale',
  '--seed',
  '--faults',
  '--vm-create-seconds',
  '--rate-limit',
  '--restock-seconds',
];

export function parseSimulateArgs(argv: readonly string[]): Parsed {
  const opts: SimulatorOptions = {};
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    if (!KNOWN_FLAGS.includes(flag)) throw new UsageError(`unknown option ${flag}`);
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      value = next;
      i++;
    }
    switch (flag) {
      case '--port':
        opts.port = intArg(flag, value, 0, 65535);
        break;
      case '--host':
        if (value.trim() === '') throw new UsageError('--host needs an address');
        opts.host = value;
        break;
      case '--scale':
        opts.vmCount = intArg(flag, value, 0, 100_000);
        break;
      case '--seed':
        opts.seed = intArg(flag, value, 0, 0xffffffff);
        break;
      case '--vm-create-seconds':
        opts.timings = { vmCreateMs: numArg(flag, value, 0) * 1000 };
        break;
      case '--rate-limit':
        opts.rateLimitPerMinute = intArg(flag, value, 0);
        break;
      case '--restock-seconds':
        opts.restockMs = numArg(flag, value, 0) * 1000;
        break;
      case '--faults': {
        let faults: FaultConfig;
        try {
          faults = parseFaults(value);
        } catch (e) {
          if (e instanceof FaultSpecError) throw new UsageError(`--faults: ${e.message}`);
          throw e;
        }
        opts.faults = faults;
        break;
      }
    }
  }
  return { help, opts };
}

function waitForSignal(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Runs `hyperstack-tui simulate …` (argv without the `simulate` word); resolves the exit code. */
export async function runSimulate(
  argv: string[],
  io: SimulateIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseSimulateArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`hyperstack-tui simulate: ${e.message} (see --help)\n`);
    return 2;
  }
  if (parsed.help) {
    io.stdout.write(SIMULATE_USAGE);
    return 0;
  }
  const start = io.start ?? startSimulator;
  let sim: Simulator;
  try {
    sim = await start(parsed.opts);
  } catch (e) {
    io.stderr.write(`hyperstack-tui simulate: cannot start: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const { url, keys } = sim;
  const rate = parsed.opts.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  io.stdout.write(
    [
      `Hyperstack simulator listening on ${url}`,
      `  seed ${parsed.opts.seed ?? 1}, rate limit ${rate > 0 ? `${rate}/min` : 'off'}, faults ${formatFaults(sim.faults.config)}`,
      '',
      'API keys:',
      `  admin      ${keys.admin}`,
      `  read-only  ${keys.readonly}   (every change is refused with 403)`,
      '',
      'Try:',
      `  curl -H 'api_key: ${keys.admin}' ${url}/core/virtual-machines`,
      `  HYPERSTACK_BASE_URL=${url} HYPERSTACK_API_KEY=${keys.admin} hyperstack-tui`,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  await waitForSignal(io.signal);
  await sim.close();
  io.stdout.write(`Simulator stopped after ${sim.requestCount()} requests.\n`);
  return 0;
}
