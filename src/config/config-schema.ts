/**
 * The config file's schema (zod). Loaded only when there is a config file (profiles.ts): a first start, such as a
 * first `npx hyperstack-tui`, has none and never compiles zod.
 */
import * as z from 'zod';
import { sshSuffixProblem } from '../domain/ssh-alias.js';
import { THEME_SETTINGS } from './background.js';
import { baseUrlProblem } from './base-url.js';

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
