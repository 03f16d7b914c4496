/** The simulator's internal records. Routes turn them into the service's JSON shapes (routes/view-*.ts). */
import type { FlavorDef, Region } from '../catalog.js';

export type { FlavorDef, ImageDef, Region } from '../catalog.js';

export interface EnvRecord {
  id: number;
  name: string;
  region: Region;
  createdAt: number;
  /** Its subnet, when not the default /24 (world/quota.ts): the subnet caps its VMs. */
  cidr?: string;
}

export interface KeypairRecord {
  id: number;
  name: string;
  envId: number;
  publicKey: string;
  fingerprint: string;
  createdAt: number;
}

/** A firewall rule, on a firewall or directly on a VM (`security_rules`). */
export interface RuleRecord {
  id: number;
  direction: 'ingress' | 'egress';
  protocol: string;
  /** null for protocols without ports (`any`, `icmp`) when none was given. */
  portMin: number | null;
  portMax: number | null;
  ethertype: 'IPv4' | 'IPv6';
  remoteIpPrefix: string;
  status: string;
  createdAt: number;
}

export interface VolumeRecord {
  id: number;
  name: string;
  description: string;
  volumeType: string;
  size: number;
  bootable: boolean;
  envId: number;
  vmId: number | null;
  device: string | null;
  attachedAt: number | null;
  createdAt: number;
  /** Absent: `available` or `in-use` as `vmId` says (volumes made with a VM, seeded ones). */
  status?: VolumeStatus;
  /** The attachment is protected: detaching it is refused until this is lifted. Absent: as `bootable`. */
  protected?: boolean;
  /** The image a bootable volume was created from. */
  imageId?: number | null;
  /** Where the volume's action events are posted (Attach_callback_to_volume); absent: none. */
  callbackUrl?: string | null;
}

/** A volume's lifecycle, in the service's (OpenStack's) words. */
export type VolumeStatus = 'creating' | 'available' | 'attaching' | 'in-use' | 'detaching';

export type VmStatus =
  | 'CREATING'
  | 'BUILD'
  | 'ACTIVE'
  | 'STOPPING'
  | 'SHUTOFF'
  | 'STARTING'
  | 'REBOOTING'
  | 'HIBERNATING'
  | 'HIBERNATED'
  | 'RESTORING'
  | 'RESIZING'
  | 'DELETING'
  | 'ERROR';

export interface VmEvent {
  time: number;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  userId: number;
}

/** Running totals of a billable resource, settled at every change of its hourly rate. */
export interface Meter {
  /** When the totals were last settled. */
  since: number;
  /** Billable time before `since`. */
  upMs: number;
  /** Dollars billed before `since`. */
  bill: number;
  /** Hourly rate (after discounts) from `since` on. */
  ratePerHour: number;
  /** Each rate change (the billing history graph integrates it); absent until the first change. */
  changes?: RateChange[];
}

export interface RateChange {
  at: number;
  before: number;
  after: number;
  /** The state the resource entered (a VM's status), when the change came with one: its billing events name it. */
  state?: string;
}

/** A billing notification threshold (List_Org_notification_thresholds): an e-mail when credit falls below it. */
export interface ThresholdRecord {
  id: number;
  threshold: number;
  title: string;
  tooltip: string;
  subscribed: boolean;
}

export type FloatingIpStatus = 'ATTACHED' | 'ATTACHING' | 'DETACHING' | 'NO FLOATING IP';

export interface VmRecord {
  id: number;
  name: string;
  envId: number;
  flavor: FlavorDef;
  imageName: string;
  os: string;
  keypairName: string;
  status: VmStatus;
  powerState: string;
  vmState: string;
  /** The stable status an ongoing transition ends in (for "please wait until it is …" messages). */
  pendingTarget: VmStatus | null;
  fixedIp: string;
  floatingIp: string | null;
  floatingIpStatus: FloatingIpStatus;
  /** A public IP is attached once the VM is ACTIVE (create with assign_floating_ip, restore after hibernation). */
  wantsFloatingIp: boolean;
  contractId: number | null;
  labels: string[];
  createdAt: number;
  rules: RuleRecord[];
  volumeIds: number[];
  callbackUrl: string | null;
  userData: string | null;
  events: VmEvent[];
  /** Bumped by every accepted action; a scheduled step of an older action is dropped. */
  op: number;
  meter: Meter;
  /** Set while one of its snapshots is being taken: the service refuses every action meanwhile. */
  snapshotting: boolean;
  /** A locked VM refuses power actions, resize and deletion. */
  locked: boolean;
  /** The cluster this VM is a node of (its `cluster_id`), else null. */
  clusterId: number | null;
  /** Asked at creation (enable_port_randomization); effective only with a public IP. */
  portRandomization: boolean;
  /** What it does, phase by phase (world/workload.ts): its metrics follow it. */
  workload: WorkloadPhase[];
  /** The times it ran, oldest first, the last few kept (world/vm-runs.ts): its counters restart with each. */
  runs: VmRun[];
}

/** What a VM does (world/workload.ts). */
export type WorkloadKind = 'training' | 'serving' | 'idle';

/** From `from` on (until the next phase), the VM does `kind`. */
export interface WorkloadPhase {
  from: number;
  kind: WorkloadKind;
}

/**
 * One boot of a VM, until it stopped (`to`; null while it runs). Its counters (CPU ns, bytes) start at 0 at
 * `from`; a run that began before the service's retention is counted from `counted` on, where they stood at
 * `base`. The flavor's size is the one it ran with.
 */
export interface VmRun {
  from: number;
  to: number | null;
  vcpus: number;
  ramGb: number;
  counted: number;
  base: Counters;
}

/** A VM's cumulative counters, as the metrics report them: CPU time (ns) and bytes. */
export interface Counters {
  cpu: number;
  netIn: number;
  netOut: number;
  diskRead: number;
  diskWrite: number;
}

export interface FirewallAttachmentRecord {
  id: number;
  vmId: number;
  createdAt: number;
}

export interface FirewallRecord {
  id: number;
  name: string;
  description: string;
  envId: number;
  status: string;
  createdAt: number;
  rules: RuleRecord[];
  attachments: FirewallAttachmentRecord[];
}

export interface SnapshotRecord {
  id: number;
  name: string;
  description: string;
  status: 'CREATING' | 'SUCCESS';
  vmId: number;
  /** The VM as it was when the snapshot was taken (the VM may be gone since). */
  vmName: string;
  vmStatus: string;
  envId: number;
  flavor: FlavorDef;
  imageName: string;
  keypairName: string;
  size: number;
  isImage: boolean;
  labels: string[];
  hasFloatingIp: boolean;
  createdAt: number;
  updatedAt: number;
  /** What happened to it (GET /core/snapshots/{id}/events), oldest first. */
  events?: VmEvent[];
  /** The custom image made of it (POST /core/snapshots/{id}/image): deleted with it. */
  customImageId?: number | null;
}

export interface ProfileRecord {
  id: number;
  name: string;
  description: string;
  data: Record<string, unknown>;
  createdAt: number;
}

export type ClusterStatus = 'CREATING' | 'ACTIVE' | 'ERROR' | 'DELETING';

export interface ClusterEventRecord {
  id: number;
  time: number;
  type: 'Normal' | 'Warning';
  reason: string;
  object: string;
  message: string;
  userId: number;
}

export interface ClusterNodeRecord {
  id: number;
  instanceId: number;
  name: string;
  role: 'master' | 'worker';
  status: string;
  fixedIp: string;
  floatingIp: string | null;
  createdAt: number;
  /** The worker node group it belongs to (masters have none). */
  groupId?: number | undefined;
}

/** A group of worker nodes of one flavor: `count` is what the cluster asks for, within min..max. */
export interface NodeGroupRecord {
  id: number;
  name: string;
  flavor: FlavorDef;
  count: number;
  minCount: number;
  maxCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface ClusterRecord {
  id: number;
  name: string;
  envId: number;
  kubernetesVersion: string;
  masterFlavor: FlavorDef;
  masterCount: number;
  nodeFlavor: FlavorDef;
  nodeCount: number;
  keypairName: string;
  imageName: string;
  status: ClusterStatus;
  statusReason: string;
  createdAt: number;
  updatedAt: number;
  apiAddress: string;
  kubeConfig: string;
  nodes: ClusterNodeRecord[];
  /** Its worker node groups; the first is made at creation from nodeFlavor/nodeCount. */
  groups: NodeGroupRecord[];
  /** While a change is brought about (nodes added or removed) the service refuses other changes. */
  reconciling: boolean;
  events: ClusterEventRecord[];
  /** Decided at creation: this cluster's creation ends in ERROR. */
  willFail: boolean;
  /**
   * Its nodes are VMs of the organisation (listed, with `cluster_id`, locked: the cluster manages them). True for
   * every cluster created since; the demo's older seeded clusters predate that and keep unlisted nodes.
   */
  nodeVms: boolean;
  /** What it bills: its nodes in billed states (pricing.ts clusterBilledRate), changed as they change. */
  meter: Meter;
  op: number;
}

export interface DiscountRecord {
  id: number;
  /** Flavor the discount applies to. */
  resourceName: string;
  resourceId: number;
  resourceCount: number;
  type: 'flat' | 'percent';
  /** flat: the discounted price per GPU per hour. */
  amount: number | null;
  /** percent: percentage off the market rate. */
  percent: number | null;
  status: string;
  code: string | null;
  startDate: number;
  endDate: number;
}

export interface ContractRecord {
  id: number;
  description: string;
  status: string;
  createdAt: number;
  startDate: number;
  endDate: number;
  expirationPolicy: 0 | 1;
  discounts: DiscountRecord[];
  /** Contracted GPU price per hour. */
  pricePerHour: number;
}

/** A usage record of a resource that no longer exists. */
export interface TerminatedUsage {
  resourceId: number;
  resourceType: 'vm' | 'volume';
  name: string;
  envId: number;
  createTime: number;
  terminateTime: number;
  upMinutes: number;
  bill: number;
  excludeBilling: boolean;
}

/** Rendered as the service sends it: several fields may be null. */
export interface PaymentRecord {
  amount: number;
  currency: string | null;
  paid_from: string | null;
  status: string;
  gateway_response: string | null;
  description: string | null;
  transaction_id: string | null;
  payment_id: string | null;
  payment_type: string | null;
  invoice: string | null;
  tax_amount: number | null;
  /** Auto top-up fields of the document (Payment_Details_Fields): null for a one-time or manual payment. */
  auto_topup_id: number | null;
  attempt_number: number | null;
  max_attempts: number | null;
  created_at: string;
  updated_at: string | null;
}

export interface MemberRecord {
  id: number;
  name: string;
  email: string;
  username: string;
  role: 'owner' | 'admin' | 'member';
  rbacRoles: string[];
  joinedAt: number;
  lastLogin: number | null;
  sub: string;
}

export interface InviteRecord {
  id: number;
  email: string;
  status: string;
  createdAt: number;
}

export interface OrgRecord {
  id: number;
  name: string;
  createdAt: number;
  /** Credit at the moment the spending meters were anchored (credit.ts: it decreases with what is billed since). */
  credit: number;
  threshold: number;
  /** Total billed at the anchor (credit.ts); 0 for a world with no seed. */
  billedAtAnchor?: number;
  thresholds?: ThresholdRecord[];
  members: MemberRecord[];
  invites: InviteRecord[];
}

export interface PolicyRecord {
  id: number;
  name: string;
  description: string;
  createdAt: number;
  permissions: { id: number; resource: string; permission: string }[];
}

export type StockConfig = '1x' | '2x' | '4x' | '8x' | '10x';

export interface StockModel {
  model: string;
  configurations: Record<StockConfig, number>;
  planned7: string | null;
  planned30: string | null;
  planned100: string | null;
}

export interface ConsoleJob {
  id: number;
  vmId: number;
  createdAt: number;
}
