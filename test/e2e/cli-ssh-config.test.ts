/**
 * `hyperstack-tui ssh-config` through the built bundle against the simulator: a Host entry for each VM with a
 * public IP, named under a suffix no one can register, the image's default user where it is known, and a name ssh
 * could misread left out with a word why. What ssh itself makes of the file is asked of ssh (`ssh -G`).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { assertBuilt } from '../support/pty.js';
import { runCli } from '../support/run-cli.js';

const T = 60_000;

interface Entry {
  host: string;
  hostName?: string;
  user?: string;
}

/** The Host blocks of an ssh_config text. */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/, 2);
    if (key === 'Host' && value) out.push({ host: value });
    else if (key === 'HostName' && out.length) (out.at(-1) as Entry).hostName = value;
    else if (key === 'User' && out.length) (out.at(-1) as Entry).user = value;
  }
  return out;
}

let sim: Simulator;
beforeAll(async () => {
  assertBuilt();
  sim = await startSimulator({ seed: 1 });
});
afterAll(() => sim.close());

const env = () => ({ HYPERSTACK_API_KEY: sim.keys.admin });
const SUFFIX = '.hyperstack.internal';

const hasSsh = (() => {
  try {
    execFileSync('ssh', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Where ssh would connect for `ssh HOST` with `config` as its only config file (`ssh -G` prints, connects nowhere). */
function sshTarget(config: string, host: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hs-ssh-'));
  const file = join(dir, 'config');
  writeFileSync(file, config);
  const out = execFileSync('ssh', ['-G', '-F', file, host], { encoding: 'utf8' });
  return /^hostname (.*)$/m.exec(out)?.[1] ?? '';
}

describe('ssh-config', () => {
  it(
    'one Host per VM with a public IP: its name, its IP, the image’s user',
    async () => {
      const r = await runCli(['ssh-config', '--base-url', sim.url], env());
      // the world moves on only when asked: as it is now is as the command saw it
      const vms = [...sim.world.vms.values()].filter((v) => v.floatingIp);
      expect(vms.length).toBeGreaterThan(2);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const got = entries(r.stdout);
      expect(got.map((e) => e.host).sort()).toEqual(vms.map((v) => `${v.name}${SUFFIX}`).sort());
      for (const vm of vms) {
        expect(got.find((e) => e.host === `${vm.name}${SUFFIX}`)).toEqual({
          host: `${vm.name}${SUFFIX}`,
          hostName: vm.floatingIp,
          user: 'ubuntu',
        });
      }
    },
    T,
  );

  it(
    'no User line for an image it does not know; a name that is not a plain host alias is left out',
    async () => {
      const [a, b] = [...sim.world.vms.values()].filter((v) => v.floatingIp);
      if (!a || !b) throw new Error('the demo world has VMs with a public IP');
      const before = { aImage: a.imageName, bName: b.name };
      a.imageName = 'Windows Server 2022';
      b.name = 'evil name\x1b[31m';
      try {
        const r = await runCli(['ssh-config', '--base-url', sim.url], env());
        expect(r.code).toBe(0);
        const got = entries(r.stdout);
        expect(got.find((e) => e.host === `${a.name}${SUFFIX}`)).toEqual({
          host: `${a.name}${SUFFIX}`,
          hostName: a.floatingIp,
        });
        expect(got.some((e) => e.host.startsWith('evil'))).toBe(false);
        expect(r.stdout).not.toContain('\x1b');
        expect(r.stderr).toBe(
          'hyperstack-tui ssh-config: left out "evil name␛[31m": not usable as an ssh Host name\n',
        );
      } finally {
        a.imageName = before.aImage;
        b.name = before.bName;
      }
    },
    T,
  );

  it(
    '--region keeps the VMs of that region; --demo works; --help; bad input is exit 2',
    async () => {
      const [region, demo, help, bad] = await Promise.all([
        runCli(['ssh-config', '--base-url', sim.url, '--region', 'CANADA-1'], env()),
        runCli(['ssh-config', '--demo']),
        runCli(['ssh-config', '--help']),
        runCli(['ssh-config', 'extra', '--demo']),
      ]);
      const canada = [...sim.world.vms.values()].filter(
        (v) => v.floatingIp && sim.world.envs.get(v.envId)?.region === 'CANADA-1',
      );
      expect(
        entries(region?.stdout ?? '')
          .map((e) => e.host)
          .sort(),
      ).toEqual(canada.map((v) => `${v.name}${SUFFIX}`).sort());
      expect(demo?.code).toBe(0);
      expect(entries(demo?.stdout ?? '').length).toBeGreaterThan(2);
      expect(help?.code).toBe(0);
      expect(help?.stdout).toMatch(/^Usage: hyperstack-tui ssh-config/);
      expect(bad?.code).toBe(2);
      expect(bad?.stderr).toBe('hyperstack-tui ssh-config: unexpected argument "extra"\n');
    },
    T,
  );

  it(
    'a VM named after a real host (github.com, localhost, an IP) cannot take its name: ssh still goes to the real one',
    async () => {
      const vms = [...sim.world.vms.values()].filter((v) => v.floatingIp).slice(0, 3);
      const names = vms.map((v) => v.name);
      const hostile = ['github.com', 'localhost', '10.0.0.1'];
      vms.forEach((v, i) => {
        v.name = hostile[i] as string;
      });
      try {
        const r = await runCli(['ssh-config', '--base-url', sim.url], env());
        expect(r.code).toBe(0);
        const hosts = entries(r.stdout).map((e) => e.host);
        for (const [i, name] of hostile.entries()) {
          expect(hosts).not.toContain(name);
          expect(hosts).toContain(`${name}${SUFFIX}`);
          if (!hasSsh) continue;
          // included at the top of ~/.ssh/config as the help says: the real host stays the real host
          expect(sshTarget(r.stdout, name)).toBe(name);
          expect(sshTarget(r.stdout, `${name}${SUFFIX}`)).toBe(vms[i]?.floatingIp);
        }
      } finally {
        vms.forEach((v, i) => {
          v.name = names[i] as string;
        });
      }
    },
    T,
  );

  it(
    'the config file names another suffix (a profile overrides it); one that could be registered stops with exit 2',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'hs-ssh-suffix-'));
      mkdirSync(join(home, 'hyperstack-tui'));
      const file = join(home, 'hyperstack-tui', 'config.json');
      const write = (config: unknown) => {
        writeFileSync(file, JSON.stringify(config));
        chmodSync(file, 0o600);
      };
      const run = (...args: string[]) =>
        runCli(['ssh-config', '--base-url', sim.url, ...args], { ...env(), XDG_CONFIG_HOME: home });
      write({ sshHostSuffix: '.gpu.test', profiles: { lab: { sshHostSuffix: '.lab.internal' } } });
      const [file1, profile] = await Promise.all([run(), run('--profile', 'lab')]);
      expect(entries(file1.stdout).every((e) => e.host.endsWith('.gpu.test'))).toBe(true);
      expect(entries(profile.stdout).every((e) => e.host.endsWith('.lab.internal'))).toBe(true);
      expect(entries(profile.stdout).length).toBeGreaterThan(2);
      write({ sshHostSuffix: '.example.com' });
      const bad = await run();
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toMatch(
        /sshHostSuffix: must be a dot and a name under a top-level domain no one can register/,
      );
    },
    T,
  );
});
