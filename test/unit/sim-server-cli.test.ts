import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sim/api-keys.js';
import { ManualClock } from '../../src/sim/clock.js';
import type { RouteDef } from '../../src/sim/route.js';
import { type SimulatorOptions, startSimulator } from '../../src/sim/server.js';
import { parseSimulateArgs, runSimulate } from '../../src/sim/simulate-cli.js';
import { World } from '../../src/sim/world.js';

const routes: RouteDef[] = [
  {
    method: 'GET',
    path: '/core/virtual-machines',
    mutation: false,
    handle: () => ({ body: { status: true, message: 'Getting VMs', instances: [] } }),
  },
];

function capture() {
  let text = '';
  return {
    stream: {
      write: (s: string) => {
        text += s;
        return true;
      },
    },
    text: () => text,
  };
}

/** Runs `simulate` with a fake world; resolves what it printed and the options it passed to the server. */
function run(argv: string[], signal?: AbortSignal) {
  const out = capture();
  const err = capture();
  const passed: SimulatorOptions[] = [];
  const code = runSimulate(argv, {
    stdout: out.stream,
    stderr: err.stream,
    ...(signal ? { signal } : {}),
    start: (opts) => {
      passed.push(opts);
      return startSimulator({ ...opts, routes, world: new World({ clock: new ManualClock() }) });
    },
  });
  return { code, out, err, passed };
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !cond(); i++) await new Promise((r) => setTimeout(r, 1));
  if (!cond()) throw new Error('condition never became true');
}

describe('runSimulate', () => {
  it('prints the base URL, both demo keys and example commands, serves, and exits 0 on abort', async () => {
    const ac = new AbortController();
    const r = run(['--seed', '7', '--faults', '429=1'], ac.signal);
    await until(() => r.out.text().includes('Ctrl-C'));
    const text = r.out.text();
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(text)?.[1];
    expect(url).toBeDefined();
    expect(text).toContain(DEMO_KEYS.admin);
    expect(text).toContain(DEMO_KEYS.readonly);
    expect(text).toContain(`curl -H 'api_key: ${DEMO_KEYS.admin}' ${url}/core/virtual-machines`);
    expect(text).toContain(`HYPERSTACK_BASE_URL=${url} HYPERSTACK_API_KEY=${DEMO_KEYS.admin} hyperstack-tui`);
    expect(text).toContain('faults 429=1');
    expect(text).toContain('seed 7');

    // It really serves, with the faults it was given.
    const first = await fetch(`${url}/core/virtual-machines`, { headers: { api_key: DEMO_KEYS.admin } });
    expect(first.status).toBe(429);
    await first.text();
    const second = await fetch(`${url}/core/virtual-machines`, { headers: { api_key: DEMO_KEYS.admin } });
    expect(await second.json()).toMatchObject({ status: true, instances: [] });

    ac.abort();
    expect(await r.code).toBe(0);
    expect(r.out.text()).toContain('stopped after 2 requests');
    await expect(fetch(`${url}/core/virtual-machines`)).rejects.toThrow();
    expect(r.err.text()).toBe('');
  });

  it('passes the parsed flags to the server', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = run(
      [
        '--port=0',
        '--scale',
        '250',
        '--seed',
        '42',
        '--vm-create-seconds',
        '3',
        '--rate-limit',
        '60',
        '--faults',
        'latency=5',
      ],
      ac.signal,
    );
    expect(await r.code).toBe(0);
    expect(r.passed).toEqual([
      {
        port: 0,
        vmCount: 250,
        seed: 42,
        timings: { vmCreateMs: 3000 },
        rateLimitPerMinute: 60,
        faults: { latencyMs: 5 },
      },
    ]);
    expect(r.out.text()).toContain('rate limit 60/min');
  });

  it.each([
    [['--bogus'], /unknown option --bogus/],
    [['--port', 'abc'], /--port takes a whole number/],
    [['--port', '70000'], /--port/],
    [['--scale'], /--scale needs a value/],
    [['--seed', '-1'], /--seed/],
    [['--faults', '5xx=2'], /--faults: bad fault "5xx=2"/],
    [['--faults', 'nope=1'], /unknown fault "nope"/],
    [['extra'], /unexpected argument "extra"/],
  ])('rejects %j with one line on stderr and exit code 2', async (argv, message) => {
    const r = run(argv);
    expect(await r.code).toBe(2);
    const lines = r.err.text().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(lines[0]).toMatch(/^hyperstack-tui simulate: /);
    expect(r.passed).toHaveLength(0);
    expect(r.out.text()).toBe('');
  });

  it('prints the usage for --help and exits 0 without starting', async () => {
    const r = run(['--help']);
    expect(await r.code).toBe(0);
    expect(r.out.text()).toMatch(/Usage: hyperstack-tui simulate/);
    expect(r.out.text()).toContain('--faults');
    expect(r.passed).toHaveLength(0);
  });

  it('exits 1 with a message when the server cannot start (port taken)', async () => {
    const taken = await startSimulator({ routes, world: new World({ clock: new ManualClock() }) });
    try {
      const r = run(['--port', String(taken.port)]);
      expect(await r.code).toBe(1);
      expect(r.err.text()).toMatch(/cannot start: .*EADDRINUSE/);
    } finally {
      await taken.close();
    }
  });

  it('stops on SIGTERM when no signal is injected', async () => {
    const r = run([]);
    await until(() => r.out.text().includes('Ctrl-C'));
    const before = process.listenerCount('SIGTERM');
    process.emit('SIGTERM');
    expect(await r.code).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(before - 1);
  });
});

describe('parseSimulateArgs', () => {
  it('accepts an empty command line', () => {
    expect(parseSimulateArgs([])).toEqual({ help: false, opts: {} });
  });
});
