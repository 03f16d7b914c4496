import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppFlags } from '../../src/config/args.js';
import { loadConfig } from '../../src/config/config.js';
import { configPath } from '../../src/config/profiles.js';

const flags = (f: Partial<AppFlags> = {}): AppFlags => ({
  demo: false,
  readOnly: false,
  noColor: false,
  ...f,
});

function withConfig(content: unknown, mode = 0o600) {
  const dir = mkdtempSync(join(tmpdir(), 'hs-cfg-'));
  const env = { XDG_CONFIG_HOME: dir } as NodeJS.ProcessEnv;
  const path = configPath(env);
  mkdirSync(join(dir, 'hyperstack-tui'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  chmodSync(path, mode);
  return { env, path };
}

describe('loadConfig', () => {
  it('defaults: real service base URL, key from HYPERSTACK_API_KEY, 5 s refresh', async () => {
    const c = await loadConfig(flags(), { HOME: '/nonexistent', HYPERSTACK_API_KEY: ' abc ' });
    expect(c).toMatchObject({
      baseUrl: 'https://infrahub-api.nexgencloud.com/v1',
      apiKey: 'abc',
      keySource: '$HYPERSTACK_API_KEY',
      refreshMs: 5000,
      readOnly: false,
    });
  });

  it('--base-url beats HYPERSTACK_BASE_URL beats the profile', async () => {
    const { env } = withConfig({ profiles: { p: { baseUrl: 'https://p.example/v1' } }, defaultProfile: 'p' });
    expect((await loadConfig(flags(), env)).baseUrl).toBe('https://p.example/v1');
    expect((await loadConfig(flags(), { ...env, HYPERSTACK_BASE_URL: 'http://e/v1' })).baseUrl).toBe(
      'http://e/v1',
    );
    expect(
      (await loadConfig(flags({ baseUrl: 'http://f/v1' }), { ...env, HYPERSTACK_BASE_URL: 'http://e/v1' }))
        .baseUrl,
    ).toBe('http://f/v1');
  });

  it('profiles: key from an env var, read-only, accent, region', async () => {
    const { env } = withConfig({
      profiles: { prod: { apiKeyEnv: 'PROD_KEY', readOnly: true, accent: 'red', region: 'CANADA-1' } },
    });
    const c = await loadConfig(flags({ profile: 'prod' }), { ...env, PROD_KEY: 'k1' });
    expect(c).toMatchObject({
      apiKey: 'k1',
      profile: 'prod',
      readOnly: true,
      accent: 'red',
      region: 'CANADA-1',
    });
    expect(c.keySource).toContain('PROD_KEY');
  });

  it('warns when the file is readable by others, like ssh', async () => {
    const { env, path } = withConfig({ profiles: { a: { apiKey: 'x' } }, defaultProfile: 'a' }, 0o644);
    const c = await loadConfig(flags(), env);
    expect(c.warnings.join('\n')).toContain(`chmod 600 ${path}`);
    expect((await loadConfig(flags(), withConfig({ profiles: {} }, 0o600).env)).warnings).toEqual([]);
  });

  it('a region is any name the service may have (US-1 and regions opened later), checked only for its form', async () => {
    for (const region of ['US-1', 'NORWAY-1', 'EU-NORTH-2']) {
      const { env } = withConfig({ profiles: { a: { region } }, defaultProfile: 'a' });
      expect((await loadConfig(flags(), env)).region).toBe(region);
    }
    for (const region of ['', '-1', 'US--1', 'US 1', 'x'.repeat(41), 'US-1\u001b[2J']) {
      const { env } = withConfig({ profiles: { a: { region } } });
      await expect(loadConfig(flags(), env), JSON.stringify(region)).rejects.toThrow(/profiles\.a\.region/);
    }
  });

  it('names the unknown profile and the broken field', async () => {
    const { env } = withConfig({ profiles: { a: {} } });
    await expect(loadConfig(flags({ profile: 'zzz' }), env)).rejects.toThrow(/no profile "zzz".*profiles: a/);
    const bad = withConfig({ profiles: { a: { region: 'norway 1; rm' } } });
    await expect(loadConfig(flags(), bad.env)).rejects.toThrow(/profiles\.a\.region/);
    await expect(loadConfig(flags(), withConfig('{nope').env)).rejects.toThrow(/not valid JSON/);
  });

  it('request budget: 120/min by default, from the environment or the profile, never near the 500 limit', async () => {
    expect((await loadConfig(flags(), { HOME: '/x' })).requestsPerMinute).toBe(120);
    expect(
      (await loadConfig(flags(), { HOME: '/x', HYPERSTACK_REQUESTS_PER_MINUTE: '60' })).requestsPerMinute,
    ).toBe(60);
    const { env } = withConfig({ profiles: { a: { requestsPerMinute: 200 } }, defaultProfile: 'a' });
    expect((await loadConfig(flags(), env)).requestsPerMinute).toBe(200);
    await expect(loadConfig(flags(), { HOME: '/x', HYPERSTACK_REQUESTS_PER_MINUTE: '600' })).rejects.toThrow(
      /1 to 450/,
    );
    await expect(
      loadConfig(flags(), withConfig({ profiles: { a: { requestsPerMinute: 900 } } }).env),
    ).rejects.toThrow(/requestsPerMinute/);
  });

  it('NO_COLOR and --no-color', async () => {
    expect((await loadConfig(flags(), { HOME: '/x', NO_COLOR: '1' })).noColor).toBe(true);
    expect((await loadConfig(flags({ noColor: true }), { HOME: '/x' })).noColor).toBe(true);
    expect((await loadConfig(flags(), { HOME: '/x' })).noColor).toBe(false);
  });
});
