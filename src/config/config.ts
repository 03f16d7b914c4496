import { quote } from '../domain/quote.js';
import type { Region } from '../domain/region.js';
import { DEFAULT_BASE_URL } from '../domain/service.js';
import { DEFAULT_SSH_SUFFIX } from '../domain/ssh-alias.js';
import { DEFAULT_WASTE, type WasteSettings } from '../domain/waste-settings.js';
import { apiKeyProblem } from './api-key.js';
import type { AppFlags } from './args.js';
import { chooseBackground } from './background.js';
import { baseUrlError } from './base-url.js';
import { type GuardConfig, type LoadedConfigFile, loadConfigFile, type WasteConfig } from './profiles.js';

/** A region's name: any the service has (its list, not ours, is the truth). */
export type { Region };

/** Everything the app needs to start, from flags > environment > profile > defaults. */
export interface Config {
  demo: boolean;
  baseUrl: string;
  apiKey: string | undefined;
  /** Where the key came from, for the first screen when it is missing or rejected (never the key itself). */
  keySource: string | undefined;
  profile: string;
  region: Region | undefined;
  readOnly: boolean;
  /** Where read-only comes from ("--read-only", "profile prod"), said when a change is refused. */
  readOnlyBy: string | undefined;
  accent: string | undefined;
  refreshMs: number;
  /** Client-side request budget (default 120/min; the provider cuts an IP off above 500/min). */
  requestsPerMinute: number;
  noColor: boolean;
  /** The background the colours are made for (--theme > config "theme" > $COLORFGBG > dark). */
  background: 'light' | 'dark';
  screen: AppFlags['screen'];
  warnings: string[];
  configPath: string;
  /** The config's own keys (checked against the app's actions before it starts) and each entry's line. */
  keys?: {
    section: Readonly<Record<string, string | readonly string[]>>;
    lines: Readonly<Record<string, number>>;
  };
  /** When a running VM counts as idle and a snapshot as old (the config's `waste` section over the defaults). */
  waste: WasteSettings;
  /** The config's `guard` section as written (the guard command fills in its defaults). */
  guard?: GuardConfig | undefined;
  /** The names of the config file's profiles (for `:ctx NAME` and the picker at start). */
  profileNames: string[];
  /** A profile was named (--profile, $HYPERSTACK_PROFILE or the file's defaultProfile). */
  profileNamed: boolean;
  /** The suffix of the Host names `ssh-config` writes: the profile's, else the file's, else .hyperstack.internal. */
  sshHostSuffix: string;
}

/** The start's config, from the flags, the environment and the config file (read now). */
export async function loadConfig(flags: AppFlags, env: NodeJS.ProcessEnv): Promise<Config> {
  return resolveConfig(flags, env, await loadConfigFile(env));
}

/** The config from the flags, the environment and a config file already read. */
export function resolveConfig(flags: AppFlags, env: NodeJS.ProcessEnv, loaded: LoadedConfigFile): Config {
  const profiles = loaded.file?.profiles ?? {};
  const name = flags.profile ?? env.HYPERSTACK_PROFILE ?? loaded.file?.defaultProfile;
  const profile = name ? profiles[name] : undefined;
  if (flags.profile && !profile) {
    const known = Object.keys(profiles);
    throw new Error(
      `no profile ${quote(flags.profile)} in ${loaded.path}` +
        (known.length ? ` (profiles: ${known.join(', ')})` : ' (no profiles defined)'),
    );
  }
  const warnings = [...loaded.warnings];
  let apiKey: string | undefined;
  let keySource: string | undefined;
  if (profile?.apiKeyEnv) {
    apiKey = env[profile.apiKeyEnv]?.trim() || undefined;
    keySource = `$${profile.apiKeyEnv} (profile ${name})`;
    if (!apiKey) warnings.push(`profile ${name} takes its key from $${profile.apiKeyEnv}, which is not set`);
  } else if (profile?.apiKey?.trim()) {
    apiKey = profile.apiKey.trim();
    keySource = `profile ${name} in ${loaded.path}`;
  }
  if (!apiKey && env.HYPERSTACK_API_KEY?.trim()) {
    apiKey = env.HYPERSTACK_API_KEY.trim();
    keySource = '$HYPERSTACK_API_KEY';
  }
  const keyProblem = apiKey === undefined ? undefined : apiKeyProblem(apiKey);
  if (keyProblem) throw new Error(`the API key from ${keySource} ${keyProblem}`);
  return {
    demo: flags.demo,
    baseUrl: baseUrlFrom(flags, env, profile?.baseUrl),
    apiKey,
    keySource,
    profile: flags.demo ? 'demo' : (name ?? 'default'),
    region: profile?.region,
    readOnly: flags.readOnly || profile?.readOnly === true,
    readOnlyBy: flags.readOnly
      ? '--read-only'
      : profile?.readOnly === true
        ? `profile ${name ?? 'default'}`
        : undefined,
    accent: profile?.accent,
    refreshMs: (flags.refresh ?? 5) * 1000,
    requestsPerMinute: budgetFrom(env.HYPERSTACK_REQUESTS_PER_MINUTE, profile?.requestsPerMinute),
    noColor: flags.noColor || (env.NO_COLOR !== undefined && env.NO_COLOR !== ''),
    background: chooseBackground(flags.theme, loaded.file?.theme, env),
    screen: flags.screen,
    warnings,
    configPath: loaded.path,
    ...(loaded.file?.keys ? { keys: { section: loaded.file.keys, lines: loaded.keyLines ?? {} } } : {}),
    waste: wasteSettingsOf(loaded.file?.waste),
    guard: loaded.file?.guard,
    profileNames: Object.keys(profiles),
    profileNamed: name !== undefined,
    sshHostSuffix: profile?.sshHostSuffix ?? loaded.file?.sshHostSuffix ?? DEFAULT_SSH_SUFFIX,
  };
}

/** The config's `waste` section over the defaults. */
export function wasteSettingsOf(w: WasteConfig | undefined): WasteSettings {
  return {
    cpuPercent: w?.cpuPercent ?? DEFAULT_WASTE.cpuPercent,
    networkBytesPerSecond: w?.networkBytesPerSecond ?? DEFAULT_WASTE.networkBytesPerSecond,
    hours: w?.idleHours ?? DEFAULT_WASTE.hours,
    snapshotDays: w?.snapshotDays ?? DEFAULT_WASTE.snapshotDays,
  };
}

/** --base-url (checked when parsed) > $HYPERSTACK_BASE_URL > the profile's (checked when loaded) > the default. */
function baseUrlFrom(flags: AppFlags, env: NodeJS.ProcessEnv, fromProfile: string | undefined): string {
  if (flags.baseUrl) return flags.baseUrl;
  const fromEnv = env.HYPERSTACK_BASE_URL?.trim();
  if (fromEnv) {
    const bad = baseUrlError('$HYPERSTACK_BASE_URL', fromEnv);
    if (bad) throw new Error(bad);
    return fromEnv;
  }
  return fromProfile ?? DEFAULT_BASE_URL;
}

/** The budget stays under the provider's 500/min so a few terminals together cannot lock the organisation out. */
function budgetFrom(envValue: string | undefined, profileValue: number | undefined): number {
  const n = envValue?.trim() ? Number(envValue) : profileValue;
  if (n === undefined) return 120;
  if (!Number.isInteger(n) || n < 1 || n > 450) {
    throw new Error(
      `requests per minute must be a whole number from 1 to 450 (the service allows 500), got ${envValue ?? n}`,
    );
  }
  return n;
}
