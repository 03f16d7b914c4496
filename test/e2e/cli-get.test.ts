/**
 * `hyperstack-tui get` through the built bundle, as a script runs it (pipes, not a terminal) and, for the default
 * table and its colours, in a real pseudo-terminal: every kind, each -o, the filters, and the exit codes against
 * the simulator (--demo in the child's own process, or one started here for faults and keys).
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET_KINDS } from '../../src/commands/kinds.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { assertBuilt, type PtyApp, spawnApp } from '../support/pty.js';
import { runCli } from '../support/run-cli.js';

const KINDS = GET_KINDS;
const ESC = '\x1b';
const T = 60_000;

interface JsonVm {
  name: string;
  status: string;
  environment?: { name: string; region?: string };
  floating_ip?: string | null;
}

beforeAll(() => assertBuilt());

describe('get KIND, piped', () => {
  it.each(KINDS)(
    'get %s --demo: exit 0, a header and rows aligned with spaces (the default when piped), no escape codes',
    async (kind) => {
      const r = await runCli(['get', kind, '--demo']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      // the titles of the screen's columns ("$/H", "ENVIRONMENT/REGION", a stock size "8x")
      expect(lines[0]).toMatch(/^ID {2}[A-Z0-9x $/-]+$/);
      expect(lines.length).toBeGreaterThan(1);
      expect(r.stdout).not.toContain(ESC);
      expect(r.stdout).not.toContain('│');
    },
    T,
  );

  it(
    'get images lists the organisation’s own first; get api-keys -o json holds names, never a key',
    async () => {
      const [images, keys] = await Promise.all([
        runCli(['get', 'images', '--demo', '-o', 'name']),
        runCli(['get', 'api-keys', '--demo', '-o', 'json']),
      ]);
      expect(images.stdout.split('\n')[0]).toBe('golden-cuda-12');
      const rows = JSON.parse(keys.stdout) as Record<string, unknown>[];
      expect(rows.map((r) => r.name)).toContain('terraform-ci');
      for (const r of rows)
        expect(Object.keys(r).sort()).toEqual(['created_at', 'description', 'id', 'name']);
    },
    T,
  );

  it(
    '-o json prints the service’s objects; -o name their names; -o wide every column; -o table the ink table',
    async () => {
      const [json, names, wide, table] = await Promise.all(
        ['json', 'name', 'wide', 'table'].map((o) => runCli(['get', 'vms', '--demo', '-o', o])),
      );
      const vms = JSON.parse(json?.stdout ?? '') as JsonVm[];
      expect(vms.length).toBeGreaterThan(5);
      expect(vms[0]).toHaveProperty('id');
      expect(vms[0]).toHaveProperty('flavor');
      expect(names?.stdout).toBe(vms.map((v) => `${v.name}\n`).join(''));
      const wideLines = wide?.stdout.trimEnd().split('\n') ?? [];
      expect(wideLines[0]).toMatch(
        /^ID\s+NAME\s+STATUS\s+POWER\s+FLAVOR\s+GPUS\s+ENVIRONMENT\/REGION\s+FIXED IP\s+FLOATING IP\s+\$\/H\s+AGE$/,
      );
      expect(wideLines).toHaveLength(vms.length + 1);
      const tableLines = table?.stdout.trimEnd().split('\n') ?? [];
      expect(tableLines[0]).toMatch(/^┌─+┬/);
      expect(tableLines[1]).toMatch(
        /^│ NAME +│ STATUS +│ FLAVOR +│ GPUS +│ FIXED IP +│ FLOATING IP +│ +AGE │$/,
      );
      expect(tableLines[2]).toMatch(/^├─+┼/);
      expect(tableLines.at(-1)).toMatch(/^└─+┴/);
      // titles, two rules, bottom: one line per VM, no rule between rows
      expect(tableLines).toHaveLength(vms.length + 4);
      expect(table?.stdout).not.toContain(ESC);
      for (const r of [json, names, wide, table]) expect(r?.code).toBe(0);
    },
    T,
  );

  it(
    'a name filter, --region and --environment keep only what matches (any case for name and region)',
    async () => {
      const all = JSON.parse((await runCli(['get', 'vms', '--demo', '-o', 'json'])).stdout) as JsonVm[];
      const [byName, byRegion, byEnv] = await Promise.all([
        runCli(['get', 'vm', 'WORKER', '--demo', '-o', 'json']),
        runCli(['get', 'vms', '--demo', '-o', 'json', '--region', 'canada-1']),
        runCli(['get', 'vms', '--demo', '-o', 'json', '--environment', 'prod-canada']),
      ]);
      const named = JSON.parse(byName?.stdout ?? '') as JsonVm[];
      expect(named.map((v) => v.name)).toEqual(all.filter((v) => /worker/i.test(v.name)).map((v) => v.name));
      expect(named.length).toBeGreaterThan(0);
      const inRegion = JSON.parse(byRegion?.stdout ?? '') as JsonVm[];
      expect(inRegion.length).toBeGreaterThan(0);
      expect(inRegion.length).toBeLessThan(all.length);
      expect(inRegion.every((v) => v.environment?.region === 'CANADA-1')).toBe(true);
      const inEnv = JSON.parse(byEnv?.stdout ?? '') as JsonVm[];
      expect(inEnv.length).toBeGreaterThan(0);
      expect(inEnv.every((v) => v.environment?.name === 'prod-canada')).toBe(true);
    },
    T,
  );

  it(
    'filters the kinds the service does not filter itself: clusters by environment, stock by region',
    async () => {
      const [clusters, stock] = await Promise.all([
        runCli(['get', 'clusters', '--demo', '-o', 'json', '--environment', 'nope-such-env']),
        runCli(['get', 'stock', '--demo', '-o', 'json', '--region', 'NORWAY-1']),
      ]);
      expect(JSON.parse(clusters?.stdout ?? '')).toEqual([]);
      const rows = JSON.parse(stock?.stdout ?? '') as { region: string; model: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.region === 'NORWAY-1')).toBe(true);
    },
    T,
  );

  it(
    'nothing found: an empty list on stdout, the reason on stderr, exit 0',
    async () => {
      const r = await runCli(['get', 'vms', 'no-vm-has-this-name', '--demo', '-o', 'table']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('hyperstack-tui get: no vms found\n');
    },
    T,
  );
});

describe('help', () => {
  it(
    'the app’s --help lists every command; get --help says the kinds, the formats and the exit codes',
    async () => {
      const [app, get] = await Promise.all([runCli(['--help']), runCli(['get', '--help'])]);
      expect(app?.code).toBe(0);
      expect(app?.stdout).toMatch(
        /Commands \(each has --help\):\n {2}get .*\n {2}ssh-config .*\n {2}completion .*\n {2}watch-stock .*\n {2}guard .*\n {2}keys .*\n {2}simulate /,
      );
      expect(get?.code).toBe(0);
      expect(get?.stdout).toMatch(
        /^Usage: hyperstack-tui get KIND \[NAME\] \[options\] +KIND: vms, stock, flavors/,
      );
      expect(get?.stdout).toContain('-o, --output FORMAT');
      expect(get?.stdout).toMatch(/Exit codes: 0 done, 1 the service failed or refused, 2 bad usage/);
    },
    T,
  );
});

describe('get: exit codes', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 1 });
  });
  afterAll(() => sim.close());

  it.each([
    [['get'], /what to get\? one of vms, stock/],
    [['get', 'planets'], /cannot get "planets": one of vms/],
    [['get', 'vms', '-o', 'yaml'], /--output must be one of table, wide, json, name, got "yaml"/],
    [['get', 'vms', '--colour'], /unknown option "--colour"/],
    [['get', 'vms', '--region'], /--region needs REGION/],
    [['get', 'vms', 'a', 'b'], /one name filter at most/],
    [['get', 'usage', '--region', 'CANADA-1'], /usage have no region/],
    [['get', 'stock', '--environment', 'x'], /stock have no environment/],
    [['get', 'vms', '--base-url', 'ftp://x'], /--base-url must be an http/],
    [['get', 'vms', '--profile', 'nope'], /no profile "nope"/],
  ])(
    '%j: exit 2 and one line on stderr',
    async (args, message) => {
      const r = await runCli([...args, ...(args.includes('--profile') ? [] : ['--demo'])]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    },
    T,
  );

  it(
    'the key refused by the service: exit 3; no key at all: exit 3',
    async () => {
      const wrong = await runCli(['get', 'vms', '--base-url', sim.url], {
        HYPERSTACK_API_KEY: 'not-the-right-key-1234',
      });
      expect(wrong.code).toBe(3);
      expect(wrong.stdout).toBe('');
      expect(wrong.stderr).toMatch(/^hyperstack-tui get: .*401/);
      expect(wrong.stderr).not.toContain('not-the-right-key-1234');
      const none = await runCli(['get', 'vms', '--base-url', sim.url]);
      expect(none.code).toBe(3);
      expect(none.stderr).toMatch(/no API key: set \$HYPERSTACK_API_KEY/);
    },
    T,
  );

  it(
    'the service fails (an answer that is not JSON): exit 1, the reason on stderr, nothing on stdout',
    async () => {
      sim.faults.set({ malformedRate: 1 });
      try {
        const r = await runCli(['get', 'flavors', '--base-url', sim.url], {
          HYPERSTACK_API_KEY: sim.keys.admin,
        });
        expect(r.code).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^hyperstack-tui get: .*\/core\/flavors/);
      } finally {
        sim.faults.set({ malformedRate: 0 });
      }
    },
    T,
  );

  it(
    'authenticates as the app does: a profile’s key and base URL from the config file',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'hs-cli-profile-'));
      mkdirSync(join(home, 'hyperstack-tui'));
      const file = join(home, 'hyperstack-tui', 'config.json');
      writeFileSync(
        file,
        JSON.stringify({ profiles: { lab: { apiKey: sim.keys.readonly, baseUrl: sim.url } } }),
      );
      chmodSync(file, 0o600);
      const r = await runCli(['get', 'firewalls', '--profile', 'lab', '-o', 'name'], {
        XDG_CONFIG_HOME: home,
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n').length).toBeGreaterThan(1);
    },
    T,
  );
});

describe('get on a terminal', () => {
  const apps: PtyApp[] = [];
  afterAll(() => {
    for (const a of apps) a.dispose();
  });
  const run = async (args: string[], env: Record<string, string | undefined> = {}) => {
    // CI=true would make Ink's colour detection say "no colour" even on a terminal
    const app = spawnApp(args, { cols: 160, rows: 50, env: { CI: undefined, ...env } });
    apps.push(app);
    const exit = await app.exit;
    return { code: exit.exitCode, raw: app.raw(), screen: app.screenText() };
  };

  it(
    'draws the table by default, with colour; NO_COLOR and --no-color draw it without any',
    async () => {
      const colour = await run(['get', 'flavors', '--demo']);
      expect(colour.code).toBe(0);
      expect(colour.screen).toMatch(/│ REGION +│ FLAVOR +│ GPU +│ GPUS/);
      expect(colour.raw).toMatch(/\x1b\[[0-9;]*m/);
      const noColor = await run(['get', 'flavors', '--demo'], { NO_COLOR: '1' });
      expect(noColor.screen).toMatch(/│ REGION +│ FLAVOR +│ GPU +│ GPUS/);
      expect(noColor.raw).not.toContain(ESC);
      const flag = await run(['get', 'flavors', '--demo', '--no-color']);
      expect(flag.raw).not.toContain(ESC);
    },
    T,
  );
});

describe('get -o table of a long list', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 1, vmCount: 2100, rateLimitPerMinute: 0 });
  });
  afterAll(() => sim.close());

  it(
    'past 2,000 rows the same box is drawn without Ink, every VM on its line',
    async () => {
      const r = await runCli(['get', 'vms', '-o', 'table', '--base-url', sim.url], {
        HYPERSTACK_API_KEY: sim.keys.admin,
      });
      expect(r.code).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(sim.world.vms.size + 4);
      expect(sim.world.vms.size).toBeGreaterThan(2000);
      expect(lines[1]).toMatch(/^│ NAME +│ STATUS +│ FLAVOR +│ GPUS +│ FIXED IP +│ FLOATING IP +│ +AGE │$/);
      expect(lines.at(-1)).toMatch(/^└─+┴/);
      expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    },
    T,
  );
});
