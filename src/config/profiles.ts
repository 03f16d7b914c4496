import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { sshSuffixProblem } from '../domain/ssh-alias.js';
import { THEME_SETTINGS } from './background.js';
import { baseUrlProblem } from './base-url.js';
import { findJsonProblem } from './json-error.js';
import { xdgAppDir } from './xdg.js';

/** How a region is named: letters and digits, joined by hyphens ("US-1", "NORWAY-1"); at most 40 characters. */
const REGION_NAME = /^(?=.{1,40}$)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** Under a top-level domain no one can register (domain/ssh-alias.ts). */
const SshHostSuffix = z.string().superRefine((v, ctx) => {
  const problem = sshSuffixProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A named profile in $XDG_CONFIG_HOME/hyperstack-tui/config.json. */
export const ProfileSchema = z.object({
  /** The API key itself (then the file must be private: mode 600). */
  apiKey: z.string().min(1).optional(),
  /** Or the name of an environment variable that holds it. */
  apiKeyEnv: z.string().min(1).optional(),
  /** Checked like --base-url and $HYPERSTACK_BASE_URL (baseUrlProblem). */
  baseUrl: z
    .string()
    .superRefine((v, ctx) => {
      const problem = baseUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /**
   * The region filter at start. Any name the service may have (NORWAY-1, CANADA-1, US-1 … come from the service,
   * not from a fixed list): only its form is checked.
   */
  region: z
    .string()
    .regex(REGION_NAME, 'must be a region name such as NORWAY-1 or US-1 (letters, digits and hyphens)')
    .optional(),
  readOnly: z.boolean().optional(),
  /** Client-side request budget per minute (default 120, at most 450). */
  requestsPerMinute: z.number().int().min(1).max(450).optional(),
  /** Accent colour of the header, so a production profile looks different (an Ink colour name or #hex). */
  accent: z.string().min(1).optional(),
  /** The suffix of this profile's ssh Host names (`ssh-config`), overriding the file's. */
  sshHostSuffix: SshHostSuffix.optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** When a running VM counts as idle and a snapshot as old (the waste view, the header, `guard`). */
export const WasteConfigSchema = z.object({
  /** CPU below this share of the VM's vCPUs (%), default 5. */
  cpuPercent: z.number().min(0).max(100).optional(),
  /** Network in + out below this many bytes a second, default 20000. */
  networkBytesPerSecond: z.number().min(0).optional(),
  /** For this many hours, default 6. */
  idleHours: z.number().min(1).max(720).optional(),
  /** Snapshots older than this many days are listed, default 30. */
  snapshotDays: z.number().int().min(1).optional(),
});
export type WasteConfig = z.infer<typeof WasteConfigSchema>;

/** What `hyperstack-tui guard` may hibernate (it never does anything else); every field optional (defaults: guard-plan.ts). */
export const GuardConfigSchema = z.object({
  /** Hibernate a VM stopped this many hours (null: never). */
  stoppedHours: z.number().min(0).max(8760).nullable().optional(),
  /** Hibernate a running VM idle this many hours, by the `waste` thresholds (null: never). */
  idleHours: z.number().min(1).max(720).nullable().optional(),
  /** Hibernate a VM whose lease (label lease-until=…) has run out. */
  leases: z.boolean().optional(),
  /** Never touch a VM with one of these labels. */
  skipLabels: z.array(z.string().min(1)).optional(),
  /** Never touch a VM in one of these environments. */
  skipEnvironments: z.array(z.string().min(1)).optional(),
  /** At most this many hibernations a run. */
  maxActions: z.number().int().min(1).max(1000).optional(),
  /** Keep a VM's public IP while hibernated (default true). */
  keepPublicIp: z.boolean().optional(),
  /** At most this many VMs read (events or metrics) a run. */
  maxReads: z.number().int().min(0).max(10_000).optional(),
});
export type GuardConfig = z.infer<typeof GuardConfigSchema>;

export const ConfigFileSchema = z.object({
  defaultProfile: z.string().optional(),
  /** Colours for a light or dark terminal background (--theme overrides it). */
  theme: z.enum(THEME_SETTINGS).optional(),
  profiles: z.record(z.string(), ProfileSchema).default({}),
  /** Own keys: action name ("vms.stop") → a key or several; checked against the app's actions at start. */
  keys: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  waste: WasteConfigSchema.optional(),
  guard: GuardConfigSchema.optional(),
  /** The suffix of the ssh Host names `ssh-config` writes (default .hyperstack.internal). */
  sshHostSuffix: SshHostSuffix.optional(),
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(xdgAppDir(env, 'XDG_CONFIG_HOME', '.config'), 'config.json');
}

export interface LoadedConfigFile {
  path: string;
  file: ConfigFile | undefined;
  warnings: string[];
  /** The line of each entry of the `keys` section, for the problems found in it (the text itself is not kept). */
  keyLines?: Readonly<Record<string, number>>;
}

/** Reads the config file if there is one. A broken file is an error worth stopping for (it names the field). */
export function loadConfigFile(env: NodeJS.ProcessEnv): LoadedConfigFile {
  const path = configPath(env);
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { path, file: undefined, warnings: [] };
    throw new Error(`cannot read ${path}: ${(e as Error).message}`);
  }
  const warnings: string[] = [];
  // Like ssh: a file holding keys must not be readable by others.
  if ((mode & 0o077) !== 0 && process.platform !== 'win32') {
    warnings.push(
      `${path} is readable by others (mode ${(mode & 0o777).toString(8)}); run: chmod 600 ${path}`,
    );
  }
  // An editor's byte-order mark is not an error.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // Never V8's message: it quotes the text around the error, which can be the start of an API key.
    const p = findJsonProblem(text);
    throw new Error(
      `${path} is not valid JSON${p ? ` at line ${p.line}, column ${p.column}: ${p.problem}` : ''}`,
    );
  }
  const parsed = ConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    // zod's messages for these schemas name the expected type or range, never the value found.
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const keyLines = parsed.data.keys ? linesOfKeys(text, Object.keys(parsed.data.keys)) : undefined;
  return { path, file: parsed.data, warnings, ...(keyLines ? { keyLines } : {}) };
}

/** Where each name of the `keys` object is written (the first `"name":` after `"keys":`); the section's line else. */
function linesOfKeys(text: string, names: readonly string[]): Record<string, number> {
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  const section = text.search(/"keys"\s*:\s*\{/);
  const out: Record<string, number> = {};
  for (const name of names) {
    const i = section < 0 ? -1 : text.indexOf(`${JSON.stringify(name)}`, section);
    out[name] = lineAt(i < 0 ? Math.max(0, section) : i);
  }
  return out;
}
