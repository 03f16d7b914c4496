/**
 * The hibernate dialog and the stop dialog, with what each choice costs an hour (src/domain/cost.ts, from the
 * pricebook and the VM's contract). Hibernate asks whether to keep the public IP (kept by default when the VM has
 * one: the address and the ssh line copied before stay good) and says what each choice costs; stop says what a
 * stopped VM keeps costing (in full) and offers hibernate instead. The VMs screen and the waste view both use them.
 */
import type { Vm } from '../../api/schemas/vm.js';
import { discountOn, vmFullRate, vmHibernatedRate } from '../../domain/cost.js';
import { perHour } from '../../domain/format.js';
import { priceMap } from '../../domain/pricing.js';
import { sanitize } from '../../domain/sanitize.js';
import { hibernateBlocker } from '../../domain/vm-blockers.js';
import { isTransitioning } from '../../domain/vm-state.js';
import { ui } from '../state/app-store.js';
import { readData, storeKey } from '../state/resources.js';
import { ensureLoaded } from './ensure-loaded.js';
import { type ActionDeps, type RunOptions, runAction } from './mutate.js';

/** What the dialogs say each choice costs an hour (undefined: the pricebook has no price for it). */
export interface VmChoiceCosts {
  /** Running now, and stopped: the same (a SHUTOFF VM is billed in full). */
  full: number | undefined;
  /** Hibernated with its public IP kept. */
  keepIp: number | undefined;
  /** Hibernated, its public IP released (or it has none). */
  releaseIp: number | undefined;
}

/** The costs of the choices, from the data loaded (the pricebook; the contracts for a VM under contract). */
export function choiceCosts(deps: ActionDeps, vm: Vm, now = Date.now()): VmChoiceCosts {
  const book = priceMap(readData(deps.store, 'pricebook'));
  const contract = readData(deps.store, 'contracts')?.find((c) => c.id === vm.contract_id);
  return {
    full: vmFullRate(vm, book, discountOn(contract, vm.flavor?.name, now)),
    keepIp: vmHibernatedRate(vm, book, true),
    releaseIp: vmHibernatedRate(vm, book, false),
  };
}

/** The prices, loaded first if need be (a missing one is said as unknown: the dialog still opens). */
async function pricesLoaded(deps: ActionDeps, vm: Vm, title: string): Promise<boolean> {
  const optional = vm.contract_id != null ? (['pricebook', 'contracts'] as const) : (['pricebook'] as const);
  return ensureLoaded(deps, [], { title, optional, names: { pricebook: 'prices' } });
}

/** "its GPUs, CPUs, RAM and public IP": what the VM holds while it is billed in full. */
function holds(vm: Vm): string {
  const parts = [
    (vm.flavor?.gpu_count ?? 0) > 0 ? 'GPUs' : '',
    'CPUs',
    'RAM',
    vm.floating_ip ? 'public IP' : '',
  ];
  const named = parts.filter(Boolean);
  return `its ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** "$0.016/h", or "an unknown amount" when the pricebook has no price. */
const rate = (v: number | undefined) => (v === undefined ? 'an unknown amount' : perHour(v));

/** The dialog's words for a VM (exported for its tests). */
export function hibernateWords(vm: Vm, c: VmChoiceCosts): { message: string; keeps: boolean } {
  const ip = vm.floating_ip ? sanitize(vm.floating_ip) : undefined;
  const stopped = vm.status === 'SHUTOFF';
  const head =
    (stopped
      ? 'The service hibernates only a running VM: it is started first (it boots: its start-up scripts run) and ' +
        'hibernated once ACTIVE. '
      : '') +
    `Its memory and disk are saved and ${holds({ ...vm, floating_ip: null })} released: ${rate(c.full)} now.`;
  if (!ip)
    return {
      keeps: false,
      message: `${head} Hibernated it costs ${rate(c.releaseIp)} (its saved root disk).`,
    };
  return {
    keeps: true,
    message:
      `${head} While hibernated:\n` +
      `y  keep the public IP ${ip}: ${rate(c.keepIp)} (the same address when restored)\n` +
      `r  release it: ${rate(c.releaseIp)} (a new address when restored: a copied ssh line goes stale)`,
  };
}

/**
 * Asks, then hibernates: `y` keeps the public IP (the default when the VM has one), `r` releases it. `after` is
 * what the action reloads and marks (the caller's list); `requested` runs once the service took the hibernation
 * (the VMs screen follows the VM then), with the state it left.
 */
export async function askHibernate(
  deps: ActionDeps,
  vm: Vm,
  after: HibernateAfter,
  requested?: (from: string | undefined) => void,
): Promise<void> {
  const name = sanitize(vm.name);
  if (!(await pricesLoaded(deps, vm, `Hibernate ${name}`))) return;
  const words = hibernateWords(vm, choiceCosts(deps, vm));
  const hibernate = async (retainIp: boolean, from: string | undefined) => {
    const r = await runAction(deps, (api) => api.vms.hibernate(vm.id, { retainIp }), {
      doing: `Hibernating ${name}${retainIp ? ' (keeping its IP)' : ''}`,
      done: `Hibernation requested for ${name}${retainIp ? ', its public IP kept' : ''}`,
      ...after,
      pending: { key: `vm:${vm.id}`, label: 'HIBERNATING', from },
    });
    if (r !== undefined) requested?.(from);
    return r;
  };
  const run = (retainIp: boolean) =>
    void (vm.status === 'SHUTOFF'
      ? startThenHibernate(deps, vm, after, (from) => hibernate(retainIp, from))
      : hibernate(retainIp, vm.status ?? undefined));
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Hibernate ${name}?`,
    message: words.message,
    confirmLabel: words.keeps ? 'hibernate, keep the IP' : 'hibernate',
    onConfirm: () => run(words.keeps),
    ...(words.keeps
      ? { alternative: { key: 'r', label: 'release the IP', onChoose: () => run(false) } }
      : {}),
  });
}

/** How often a VM started to be hibernated is read while it starts. */
const FOLLOW_MS = 3_000;

/** How long a stopped VM may take to start before its hibernation is given up. */
export const START_TO_HIBERNATE_MS = 10 * 60_000;

/** Starts a SHUTOFF VM, follows it until it settles, and hibernates it once ACTIVE (else says why not). */
async function startThenHibernate(
  deps: ActionDeps,
  vm: Vm,
  after: HibernateAfter,
  hibernate: (from: string) => Promise<unknown>,
): Promise<void> {
  const name = sanitize(vm.name);
  const started = await runAction(deps, (api) => api.vms.start(vm.id), {
    doing: `Starting ${name} to hibernate it`,
    done: `Start requested for ${name}: it is hibernated once ACTIVE`,
    ...after,
    pending: { key: `vm:${vm.id}`, label: 'STARTING', from: vm.status },
  });
  if (started === undefined) return;
  const status = await settledFrom(deps, vm.id, 'SHUTOFF', START_TO_HIBERNATE_MS);
  if (status === 'ACTIVE') await hibernate(status);
  else ui.say(deps.store, `${name} is ${status ?? 'still starting'}: not hibernated`, 'error');
}

/**
 * The VM's status once it has left `from` and settled, as the store shows it (the VM is read alone every few
 * seconds meanwhile, whichever screen is shown); "gone" when the list no longer has it; undefined after `timeoutMs`.
 */
function settledFrom(
  deps: ActionDeps,
  id: number,
  from: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const look = (): string | undefined => {
    const one = readData(deps.store, storeKey('vm', id));
    const vm = one?.id === id ? one : readData(deps.store, 'vms')?.find((v) => v.id === id);
    if (!vm) return 'gone';
    return vm.status !== from && !isTransitioning(vm.status) ? vm.status : undefined;
  };
  return new Promise((resolve) => {
    const end = (status: string | undefined) => {
      clearTimeout(timer);
      clearInterval(reading);
      unsubscribe();
      resolve(status);
    };
    const timer = setTimeout(() => end(undefined), timeoutMs);
    const reading = setInterval(() => void deps.poller.refresh(storeKey('vm', id)), FOLLOW_MS);
    const unsubscribe = deps.store.subscribe(() => {
      const status = look();
      if (status) end(status);
    });
  });
}

/** What a VM action reloads afterwards, and how its state is said after an unknown outcome. */
export type HibernateAfter = Required<Pick<RunOptions, 'refresh' | 'items' | 'state'>>;

/** Asks before stopping, saying what the stopped VM keeps costing; `h` hibernates instead (its own dialog). */
export async function askStop(
  deps: ActionDeps,
  vm: Vm,
  stop: () => void,
  after: HibernateAfter,
): Promise<void> {
  const name = sanitize(vm.name);
  if (!(await pricesLoaded(deps, vm, `Stop ${name}`))) return;
  const c = choiceCosts(deps, vm);
  const cannot = hibernateBlocker({ ...vm, status: 'ACTIVE' });
  const instead = cannot
    ? ` It cannot hibernate: ${cannot}.`
    : ` Hibernated it would cost ${rate(vm.floating_ip ? c.keepIp : c.releaseIp)}.`;
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `Stop ${name}?`,
    message:
      `A stopped VM is billed in full: ${name} keeps costing ${rate(c.full)} while SHUTOFF ` +
      `(${holds(vm)} stay reserved).${instead}`,
    confirmLabel: 'stop',
    onConfirm: stop,
    ...(cannot
      ? {}
      : {
          alternative: {
            key: 'h',
            label: 'hibernate instead',
            onChoose: () => void askHibernate(deps, vm, after),
          },
        }),
  });
}
