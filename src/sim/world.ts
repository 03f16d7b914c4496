/**
 * The simulated service's state, advanced lazily from an injected clock. Nothing happens in the background: every
 * route calls `advance()` first, which runs the scheduled transitions whose time has come (a VM finishing its
 * creation, a cluster step), so a test can `clock.advance(ms)` and see the next state at once. Behaviour lives in
 * world/*.ts (one concern per file), the demo data in seed/*.ts. A World starts EMPTY: create-world.ts and
 * create-world-lazily.ts (in two parts, the second run through deferSeed) build one and seed it, so this file imports
 * neither (no import circle: world/* and seed/* depend on this, not back).
 */

import type { OperationId } from '../api/openapi-types.js';
import { FLAVORS, IMAGES, type ImageDef, type Region, requireRegionDef } from './catalog.js';
import { type Clock, systemClock } from './clock.js';
import type {
  AccessKeyRecord,
  ApiKeyRecord,
  AutoTopupRecord,
  BucketRecord,
  PermissionRecord,
  RoleRecord,
  VoucherRecord,
} from './world/account-types.js';
import { Scheduler, type Task } from './world/scheduler.js';
import type {
  ClusterRecord,
  ConsoleJob,
  ContractRecord,
  EnvRecord,
  FirewallRecord,
  KeypairRecord,
  OrgRecord,
  PaymentRecord,
  PolicyRecord,
  ProfileRecord,
  SnapshotRecord,
  StockModel,
  TerminatedUsage,
  VmRecord,
  VolumeRecord,
} from './world/types.js';

/** How long the service's asynchronous operations take (milliseconds of simulated time). */
export interface Timings {
  /** CREATING → BUILD (at 40 %) → ACTIVE. */
  vmCreateMs: number;
  /** The intermediate state of stop, start, hard-reboot, hibernate and hibernate-restore. */
  vmPowerMs: number;
  /** DELETING → gone. */
  vmDeleteMs: number;
  /** RESIZING → back to the state it was in, with the new flavor. */
  vmResizeMs: number;
  /** ATTACHING / DETACHING of a public IP. */
  floatingIpMs: number;
  /** A snapshot's CREATING → SUCCESS. */
  snapshotMs: number;
  /** A cluster's CREATING → ACTIVE (or ERROR), with events along the way. */
  clusterCreateMs: number;
  /** A cluster's DELETING → gone. */
  clusterDeleteMs: number;
  /** A node group change (nodes added or removed, a reconcile): the cluster reconciles this long. */
  clusterScaleMs: number;
  /** A volume's creating → available. */
  volumeCreateMs: number;
  /** A volume's attaching → in-use, and detaching → available. */
  volumeAttachMs: number;
}

export const DEFAULT_TIMINGS: Timings = {
  vmCreateMs: 20_000,
  vmPowerMs: 5_000,
  vmDeleteMs: 4_000,
  vmResizeMs: 15_000,
  floatingIpMs: 3_000,
  snapshotMs: 30_000,
  clusterCreateMs: 6 * 60_000,
  clusterDeleteMs: 30_000,
  clusterScaleMs: 60_000,
  volumeCreateMs: 10_000,
  volumeAttachMs: 4_000,
};

export interface WorldOptions {
  /** Same seed, same demo organisation (default 1). */
  seed?: number;
  /** Default: the system clock. Tests inject a ManualClock. */
  clock?: Clock;
  /** Seeded VM count (default 30); 10 000+ for performance work. */
  vmCount?: number;
  timings?: Partial<Timings>;
  /**
   * Share of newly created clusters whose creation fails (decided from the seed and the name; default 0).
   * A cluster whose name contains "fail" always fails, and some seeded clusters do.
   */
  clusterFailRate?: number;
  /** Resizing VMs is on (default); off, POST …/resize answers 405 "This feature is currently disabled". */
  resizeEnabled?: boolean;
  /**
   * The sold-out model (H100-80G-SXM5 in NORWAY-1) comes back into stock this long after the start (simulated ms;
   * default never): what a stock watch waits for.
   */
  restockMs?: number;
}

export type IdKind =
  | 'env'
  | 'keypair'
  | 'vm'
  | 'volume'
  | 'rule'
  | 'attachment'
  | 'firewall'
  | 'snapshot'
  | 'profile'
  | 'cluster'
  | 'clusterEvent'
  | 'clusterNode'
  | 'nodeGroup'
  | 'contract'
  | 'discount'
  | 'invite'
  | 'user'
  | 'consoleJob'
  | 'apiKey'
  | 'role'
  | 'bucket'
  | 'accessKey'
  | 'autoTopup';

const FIRST_IDS: Record<IdKind, number> = {
  env: 101,
  keypair: 301,
  vm: 4101,
  volume: 9001,
  rule: 70_001,
  attachment: 601,
  firewall: 501,
  snapshot: 801,
  profile: 61,
  cluster: 41,
  clusterEvent: 1,
  clusterNode: 2001,
  nodeGroup: 401,
  contract: 11,
  discount: 31,
  invite: 21,
  user: 3101,
  consoleJob: 5001,
  apiKey: 201,
  role: 71,
  bucket: 1301,
  accessKey: 7601,
  autoTopup: 1,
};

export class World {
  readonly clock: Clock;
  readonly timings: Timings;
  readonly seed: number;
  readonly clusterFailRate: number;
  readonly resizeEnabled: boolean;
  readonly flavors = FLAVORS;
  /** The catalogue's images, and the custom images made of snapshots. */
  readonly images: ImageDef[] = [...IMAGES];

  org: OrgRecord = { id: 0, name: '', createdAt: 0, credit: 0, threshold: 0, members: [], invites: [] };
  /** The user every request acts as (the API key's owner). */
  userId = 0;
  readonly policies: PolicyRecord[] = [];
  readonly envs = new Map<number, EnvRecord>();
  readonly keypairs = new Map<number, KeypairRecord>();
  readonly vms = new Map<number, VmRecord>();
  /** Live VMs by name (names are unique in the organisation). */
  readonly vmByName = new Map<string, VmRecord>();
  readonly volumes = new Map<number, VolumeRecord>();
  readonly firewalls = new Map<number, FirewallRecord>();
  readonly snapshots = new Map<number, SnapshotRecord>();
  readonly profiles = new Map<number, ProfileRecord>();
  readonly clusters = new Map<number, ClusterRecord>();
  readonly contracts = new Map<number, ContractRecord>();
  readonly consoleJobs = new Map<number, ConsoleJob>();
  readonly terminated: TerminatedUsage[] = [];
  /** What the resources gone without a usage record (clusters, snapshots) billed in their life (credit.ts). */
  closedBill = 0;
  readonly payments: PaymentRecord[] = [];
  readonly stock = new Map<Region, StockModel[]>();
  /** Account-wide resources (world/account-types.ts). */
  readonly apiKeys = new Map<number, ApiKeyRecord>();
  readonly permissions: PermissionRecord[] = [];
  readonly roles = new Map<number, RoleRecord>();
  readonly buckets = new Map<number, BucketRecord>();
  readonly accessKeys = new Map<number, AccessKeyRecord>();
  autoTopup: AutoTopupRecord | null = null;
  readonly vouchers: VoucherRecord[] = [];

  private readonly scheduler = new Scheduler();
  /** The seed's deferred part (deferSeed), and which operations' reads may be answered before it. */
  private restOfSeed: { run: () => Promise<void>; notNeededBy: ReadonlySet<OperationId> } | undefined;
  private seeding: Promise<void> | undefined;
  /** While the deferred part of the seed runs: the time it is seeded as of. */
  private pinnedNow: number | undefined;
  private readonly ids = { ...FIRST_IDS };
  private readonly fixedIpCount = new Map<number, number>();
  private readonly floatingIpCount = new Map<Region, number>();

  constructor(opts: WorldOptions = {}) {
    this.clock = opts.clock ?? systemClock;
    this.timings = { ...DEFAULT_TIMINGS, ...opts.timings };
    this.seed = opts.seed ?? 1;
    this.clusterFailRate = opts.clusterFailRate ?? 0;
    this.resizeEnabled = opts.resizeEnabled ?? true;
  }

  now(): number {
    return this.pinnedNow ?? this.clock.now();
  }

  /** Runs `fn` with now() pinned at `at`: the deferred part of a seed sees the time the world was created. */
  asOf(at: number, fn: () => void): void {
    this.pinnedNow = at;
    try {
      fn();
    } finally {
      this.pinnedNow = undefined;
    }
  }

  /**
   * Part of the seed left for later (create-world-lazily.ts): `run` seeds it, once, before a request other than a
   * read of `notNeededBy` is answered (answer.ts), or when the demo preloads the rest (server.ts).
   */
  deferSeed(run: () => Promise<void>, notNeededBy: ReadonlySet<OperationId>): void {
    this.restOfSeed = { run, notNeededBy };
  }

  /** Whether part of the seed is still to come. */
  get seedPending(): boolean {
    return this.restOfSeed !== undefined;
  }

  /** Whether a request of `op` waits for the deferred part of the seed: all but the reads it is not needed by. */
  waitsForSeed(op: OperationId | undefined, mutation: boolean): boolean {
    const rest = this.restOfSeed;
    return rest !== undefined && (mutation || op === undefined || !rest.notNeededBy.has(op));
  }

  /** Resolves once the whole seed is in (at once when nothing was deferred). */
  seeded(): Promise<void> {
    const rest = this.restOfSeed;
    if (!rest) return Promise.resolve();
    this.seeding ??= rest.run().then(() => {
      this.restOfSeed = undefined;
    });
    return this.seeding;
  }

  /** Runs every scheduled transition whose time has come. Cheap when nothing is due. */
  advance(): void {
    this.scheduler.runDue(this.clock.now());
  }

  /** Schedules `task` at absolute simulated time `at` (runs on the first advance() at or after it). */
  at(at: number, task: Task): void {
    this.scheduler.at(at, task);
  }

  /** Pending scheduled transitions (for tests and diagnostics). */
  get pending(): number {
    return this.scheduler.size;
  }

  nextId(kind: IdKind): number {
    const id = this.ids[kind];
    this.ids[kind] = id + 1;
    return id;
  }

  /** A private address in the environment's network. */
  allocateFixedIp(envId: number): string {
    const n = this.fixedIpCount.get(envId) ?? 0;
    this.fixedIpCount.set(envId, n + 1);
    return `10.${envId % 250}.${Math.floor(n / 250)}.${(n % 250) + 4}`;
  }

  /** A public address from the region's pool. */
  allocateFloatingIp(region: Region): string {
    const n = this.floatingIpCount.get(region) ?? 0;
    this.floatingIpCount.set(region, n + 1);
    const [a, b, c] = requireRegionDef(region).ipPool;
    return `${a}.${b}.${c + Math.floor(n / 250)}.${(n % 250) + 3}`;
  }
}
