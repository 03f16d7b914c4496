/**
 * What `hyperstack-tui guard` would hibernate, by its policy (the config's `guard` section): VMs stopped (SHUTOFF,
 * billed in full) for a while, VMs idle by their metrics for a while, VMs whose lease has run out. It only ever
 * plans hibernations: there is no other kind of step. Pure: the command reads, this decides, the executor acts.
 */
import {
  type Book,
  type ContractLike,
  type CostVm,
  discountOn,
  vmHibernatedRate,
  vmRateNow,
} from './cost.js';
import { duration } from './format.js';
import type { Idleness } from './idle.js';
import { leaseOf } from './lease.js';
import { isTransitioning } from './vm-state.js';

export interface GuardPolicy {
  /** Hibernate a VM stopped (SHUTOFF) this many hours (null: never). */
  stoppedHours: number | null;
  /** Hibernate a running VM idle this many hours (null: never); the thresholds are the config's `waste` ones. */
  idleHours: number | null;
  /** Hibernate a running or stopped VM whose lease (label lease-until=…) has run out. */
  leases: boolean;
  /** Never touch a VM carrying one of these labels. */
  skipLabels: readonly string[];
  /** Never touch a VM in one of these environments. */
  skipEnvironments: readonly string[];
  /** At most this many hibernations a run (the rest are said, and left for the next run). */
  maxActions: number;
  /** Keep a VM's public IP while hibernated (its address stays good; the IP bills a little). */
  keepPublicIp: boolean;
  /** At most this many VMs read (events or metrics) a run, the dearest first. */
  maxReads: number;
}

export const DEFAULT_GUARD: GuardPolicy = {
  stoppedHours: 2,
  idleHours: 6,
  leases: true,
  skipLabels: ['guard-skip'],
  skipEnvironments: [],
  maxActions: 5,
  keepPublicIp: true,
  maxReads: 100,
};

export interface GuardVm extends CostVm {
  id: number;
  name: string;
  labels?: readonly string[] | null;
  contract_id?: number | null;
  cluster_id?: number | null;
  environment?: { name?: string | null } | null;
  flavor?: (CostVm['flavor'] & { features?: { no_hibernation?: boolean | null } | null }) | null;
}

/** What was read of a VM this run: since when it is stopped (its events), whether it idles (its metrics). */
export interface GuardFact {
  stoppedSince?: number | null;
  idle?: Idleness;
}

export type GuardRule = 'stopped' | 'idle' | 'lease';

export interface GuardStep {
  vm: GuardVm;
  rule: GuardRule;
  why: string;
  /** A stopped VM is started first: the service hibernates only a running VM. */
  startFirst: boolean;
  retainIp: boolean;
  /** What the VM costs an hour now, and hibernated (undefined: no price in the pricebook). */
  perHour: number | undefined;
  hibernatedPerHour: number | undefined;
  /** Cut by the policy's action budget: left for the next run. */
  cut: boolean;
}

export interface GuardPlan {
  steps: GuardStep[];
  /** Would qualify, but left alone: protected by a label or an environment, a flavor that cannot hibernate … */
  skipped: Array<{ vm: GuardVm; why: string }>;
  /** Hibernating already (an earlier run's, or someone's): counted as done. */
  underWay: GuardVm[];
  /** Could have qualified, not read this run (beyond maxReads): judged by a later run. */
  unjudged: GuardVm[];
}

export interface GuardInput {
  vms: readonly GuardVm[];
  facts: ReadonlyMap<number, GuardFact>;
  policy: GuardPolicy;
  book: Book;
  contracts?: readonly (ContractLike & { id: number })[] | undefined;
  now: number;
}

const HOUR = 3_600_000;

/** Why the policy leaves this VM alone whatever it does, or undefined. */
function protectedBy(vm: GuardVm, p: GuardPolicy): string | undefined {
  const label = (vm.labels ?? []).find((l) => p.skipLabels.includes(l));
  if (label) return `protected by its label ${label}`;
  const env = vm.environment?.name;
  if (env && p.skipEnvironments.includes(env)) return `protected: in environment ${env}`;
  return undefined;
}

const leaseOver = (vm: GuardVm, p: GuardPolicy, now: number) => {
  const end = p.leases ? leaseOf(vm) : undefined;
  return end !== undefined && end <= now ? end : undefined;
};

/** What the guard must read of a VM to judge it (the policy asks it and nothing else decides first). */
export function readNeeded(vm: GuardVm, p: GuardPolicy, now: number): 'events' | 'metrics' | undefined {
  if (vm.cluster_id != null || protectedBy(vm, p) || leaseOver(vm, p, now) !== undefined) return undefined;
  if (vm.status === 'SHUTOFF' && p.stoppedHours !== null) return 'events';
  if (vm.status === 'ACTIVE' && p.idleHours !== null) return 'metrics';
  return undefined;
}

/** The rule that hibernates this VM now, with why; undefined when none does (or `unjudged` when unread). */
function ruleFor(
  vm: GuardVm,
  fact: GuardFact | undefined,
  p: GuardPolicy,
  now: number,
): { rule: GuardRule; why: string } | { skip: string } | 'unjudged' | undefined {
  if (vm.status !== 'ACTIVE' && vm.status !== 'SHUTOFF') return undefined;
  const end = leaseOver(vm, p, now);
  if (end !== undefined) return { rule: 'lease', why: `its lease ended ${duration(now - end)} ago` };
  if (vm.status === 'SHUTOFF' && p.stoppedHours !== null) {
    if (!fact) return 'unjudged';
    if (fact.stoppedSince === null || fact.stoppedSince === undefined)
      return { skip: 'stopped since when? its events do not say' };
    if (now - fact.stoppedSince < p.stoppedHours * HOUR) return undefined;
    return { rule: 'stopped', why: `stopped ${duration(now - fact.stoppedSince)}: billed in full` };
  }
  if (vm.status === 'ACTIVE' && p.idleHours !== null) {
    if (!fact) return 'unjudged';
    const idle = fact.idle;
    if (idle?.kind !== 'idle' || now - idle.since < p.idleHours * HOUR) return undefined;
    return { rule: 'idle', why: `idle ${duration(now - idle.since)} (CPU and network; no GPU metrics)` };
  }
  return undefined;
}

/** The plan: the dearest first, the first `maxActions` to do, the rest cut. */
export function guardPlan(i: GuardInput): GuardPlan {
  const p = i.policy;
  const plan: GuardPlan = { steps: [], skipped: [], underWay: [], unjudged: [] };
  for (const vm of i.vms) {
    // a cluster's nodes are the cluster's: never touched one by one
    if (vm.cluster_id != null) continue;
    if (isTransitioning(vm.status) && /HIBERNAT/i.test(vm.status ?? '')) {
      plan.underWay.push(vm);
      continue;
    }
    const r = ruleFor(vm, i.facts.get(vm.id), p, i.now);
    if (r === undefined) continue;
    const guard = protectedBy(vm, p);
    if (r === 'unjudged') {
      // a protected VM is not read; a stopped one is said (it bills in full), a running one is not judged at all
      if (!guard) plan.unjudged.push(vm);
      else if (vm.status === 'SHUTOFF') plan.skipped.push({ vm, why: guard });
      continue;
    }
    if (guard) {
      if ('rule' in r) plan.skipped.push({ vm, why: guard });
      continue;
    }
    if ('skip' in r) {
      plan.skipped.push({ vm, why: r.skip });
      continue;
    }
    if (vm.flavor?.features?.no_hibernation) {
      plan.skipped.push({ vm, why: `${r.why}, but its flavor cannot hibernate` });
      continue;
    }
    const contract = i.contracts?.find((c) => c.id === vm.contract_id);
    const retainIp = p.keepPublicIp && Boolean(vm.floating_ip);
    plan.steps.push({
      vm,
      ...r,
      startFirst: vm.status === 'SHUTOFF',
      retainIp,
      perHour: vmRateNow(vm, i.book, discountOn(contract, vm.flavor?.name, i.now)),
      hibernatedPerHour: vmHibernatedRate(vm, i.book, retainIp),
      cut: false,
    });
  }
  plan.steps.sort((a, b) => (b.perHour ?? -1) - (a.perHour ?? -1) || a.vm.name.localeCompare(b.vm.name));
  plan.steps.forEach((s, n) => {
    s.cut = n >= p.maxActions;
  });
  return plan;
}
