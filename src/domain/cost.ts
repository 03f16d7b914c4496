/**
 * What a resource costs an hour in the state it is in, by the provider's billing rules ("Virtual Machine States and
 * Billing Status", https://infrahub-doc.nexgencloud.com/docs/billing/states-and-billing, and
 * https://portal.hyperstack.cloud/knowledge/which-virtual-machine-states-incur-billing-costs):
 * - a VM ACTIVE or SHUTOFF is billed in full: a stopped VM keeps its GPUs, CPUs, RAM, disk and public IP reserved;
 * - a HIBERNATED VM only for its root disk's data saved to persistent storage and an attached public IP;
 * - a VM in a transition (STARTING, STOPPING, HIBERNATING, RESTORING, REBOOTING …) or in ERROR is not billed;
 * - volumes are billed while they exist, attached or not; snapshots for their storage.
 * What the pages leave vague, said rather than invented: the saved root disk's rate (priced here as a shared
 * storage volume, `Cloud-SSD`, of the flavor's root disk size), a cluster's billing (its nodes are VMs: billed as
 * VMs are), and the names of the pricebook's entries for a public IP and a snapshot GB (`public-ip`, `snapshot`,
 * as the simulator names them). An unknown price is undefined, never 0.
 * Pure; the VMs screen, the stop and hibernate dialogs, the waste view, the header and `guard` all use it.
 */
import { flavorHourly } from './pricing.js';

/** The pricebook's names for what is not a flavor (not documented by the provider: the simulator's). */
export const PRICE_NAMES = {
  publicIp: 'public-ip',
  snapshotGb: 'snapshot',
  rootDiskType: 'Cloud-SSD',
} as const;

/** How a VM in this state is billed. */
export type Billing = 'full' | 'hibernated' | 'none';

export function billingOf(status: string | null | undefined): Billing {
  const s = (status ?? '').toUpperCase();
  if (s === 'ACTIVE' || s === 'SHUTOFF') return 'full';
  if (s === 'HIBERNATED') return 'hibernated';
  return 'none';
}

/** A price book: name → hourly price (priceMap of GET /pricebook). */
export type Book = ReadonlyMap<string, number>;

export interface CostFlavor {
  name?: string | null;
  gpu?: string | null;
  gpu_count?: number | null;
  disk?: number | null;
}

export interface CostVm {
  status?: string | null;
  flavor?: CostFlavor | null;
  floating_ip?: string | null;
}

/** A contract's discount on one flavor (the client's Discount, as the contract lists it). */
export interface DiscountLike {
  resource_name?: string | null;
  discount_type?: string | null;
  discount_amount?: number | null;
  discount_percent?: number | null;
  discount_status?: string | null;
}

export interface ContractLike {
  status?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  discounts?: readonly DiscountLike[] | null;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** The discount a contract gives the flavor at `now`: an Active contract in its dates, an active discount. */
export function discountOn(
  contract: ContractLike | undefined,
  flavorName: string | null | undefined,
  now: number,
): DiscountLike | undefined {
  if (contract?.status?.toLowerCase() !== 'active' || !flavorName) return undefined;
  const from = Date.parse(contract.start_date ?? '');
  const to = Date.parse(contract.end_date ?? '');
  if ((Number.isFinite(from) && now < from) || (Number.isFinite(to) && now > to)) return undefined;
  return (contract.discounts ?? []).find(
    (d) => d.resource_name === flavorName && (d.discount_status ?? 'active').toLowerCase() === 'active',
  );
}

/** A flat discount is the price per GPU (never above the market's); a percentage comes off the market rate. */
function discounted(rate: number, d: DiscountLike | undefined, perGpu: boolean): number {
  if (d?.discount_type === 'flat' && finite(d.discount_amount) && perGpu)
    return Math.min(rate, d.discount_amount);
  if (d?.discount_type === 'percent' && finite(d.discount_percent))
    return round4(rate * (1 - d.discount_percent / 100));
  return rate;
}

/** The flavor's hourly price after the contract's discount (GPU flavors: per GPU). */
export function flavorRate(
  f: CostFlavor | null | undefined,
  book: Book,
  d?: DiscountLike,
): number | undefined {
  if (!f?.name) return undefined;
  const count = f.gpu_count ?? 0;
  if (f.gpu && count > 0) {
    const perGpu = book.get(f.gpu);
    if (perGpu !== undefined) return round4(count * discounted(perGpu, d, true));
  }
  const whole = flavorHourly({ name: f.name, gpu: f.gpu ?? null, gpu_count: count }, book);
  return whole === undefined ? undefined : round4(discounted(whole, d, false));
}

/** A public IP an hour (undefined when the pricebook has no price for it). */
export const publicIpRate = (book: Book): number | undefined => book.get(PRICE_NAMES.publicIp);

/** What the VM costs an hour running, and stopped (the same: a SHUTOFF VM is billed in full). */
export function vmFullRate(vm: CostVm, book: Book, d?: DiscountLike): number | undefined {
  const flavor = flavorRate(vm.flavor, book, d);
  if (flavor === undefined) return undefined;
  if (!vm.floating_ip) return flavor;
  const ip = publicIpRate(book);
  return ip === undefined ? undefined : round4(flavor + ip);
}

/** What the VM costs an hour hibernated: its saved root disk, and its public IP when kept. */
export function vmHibernatedRate(vm: CostVm, book: Book, keepIp: boolean): number | undefined {
  const gb = book.get(PRICE_NAMES.rootDiskType);
  const disk = vm.flavor?.disk;
  if (gb === undefined || !finite(disk)) return undefined;
  if (!(keepIp && vm.floating_ip)) return round4(disk * gb);
  const ip = publicIpRate(book);
  return ip === undefined ? undefined : round4(disk * gb + ip);
}

/** What the VM is billed an hour now, in its state (a hibernated VM's IP is billed when it still has one). */
export function vmRateNow(vm: CostVm, book: Book, d?: DiscountLike): number | undefined {
  switch (billingOf(vm.status)) {
    case 'full':
      return vmFullRate(vm, book, d);
    case 'hibernated':
      return vmHibernatedRate(vm, book, true);
    case 'none':
      return 0;
  }
}

/** A volume an hour: its size in GB at its type's price, billed while it exists. */
export function volumeRate(
  v: { size?: number | null; volume_type?: string | null },
  book: Book,
): number | undefined {
  const gb = book.get(v.volume_type ?? PRICE_NAMES.rootDiskType);
  return gb === undefined || !finite(v.size) ? undefined : round4(v.size * gb);
}

/** A snapshot's storage an hour. */
export function snapshotRate(s: { size?: number | null }, book: Book): number | undefined {
  const gb = book.get(PRICE_NAMES.snapshotGb);
  return gb === undefined || !finite(s.size) ? undefined : round4(s.size * gb);
}

export interface CostClusterNode {
  role?: string | null;
  status?: string | null;
  node_group_id?: number | null;
}

export interface CostCluster {
  status?: string | null;
  master_flavor?: CostFlavor | null;
  node_flavor?: CostFlavor | null;
  node_groups?: readonly { id?: number | null; flavor?: CostFlavor | null }[] | null;
  nodes?: readonly CostClusterNode[] | null;
}

/** A node's flavor: the masters', or its worker group's. */
function nodeFlavor(c: CostCluster, n: CostClusterNode): CostFlavor | null | undefined {
  if (n.role === 'master') return c.master_flavor;
  return c.node_groups?.find((g) => g.id === n.node_group_id)?.flavor ?? c.node_flavor;
}

/**
 * What a cluster is billed an hour now: its nodes that are ACTIVE or SHUTOFF, each at its flavor's price (a worker
 * that failed, in ERROR, bills nothing); undefined when a billed node's flavor has no price or the nodes are not
 * listed (the spec's shape).
 */
export function clusterRateNow(c: CostCluster, book: Book): number | undefined {
  if ((c.status ?? '').toUpperCase() === 'DELETING') return 0;
  if (!c.nodes) return undefined;
  let rate = 0;
  for (const n of c.nodes) {
    if (billingOf(n.status) !== 'full') continue;
    const r = flavorRate(nodeFlavor(c, n), book);
    if (r === undefined) return undefined;
    rate += r;
  }
  return round4(rate);
}
