/**
 * Learns what the waste view needs of one VM at a time, within the request budget: since when a stopped or
 * hibernated VM is so (its events), whether a running one idles (its metrics over the idle window). The dearest
 * VMs first (GPU before CPU), each read again when its status changed or its fact is older than FACT_MAX_AGE_MS, so
 * the scans stay cheap with 10,000 VMs: one request per call, spread over time by the caller (waste-watch.ts).
 */
import { ApiError } from '../../api/errors.js';
import { durationFor, judgeIdle } from '../../domain/idle.js';
import { priceMap } from '../../domain/pricing.js';
import { scanOrder, statusSince, type VmFact } from '../../domain/waste.js';
import { readData } from '../state/resources.js';
import { wasteState } from '../state/waste-state.js';
import type { ActionDeps } from './mutate.js';

/** A fact is read again after this long. */
export const FACT_MAX_AGE_MS = 15 * 60_000;

/** How many VMs are waiting to be read now (for "judged 12 of 40"). */
export function scanBacklog(deps: ActionDeps, now = Date.now()): number {
  return picks(deps, now).length;
}

function picks(deps: ActionDeps, now: number) {
  const { store } = deps;
  const vms = readData(store, 'vms');
  if (!vms) return [];
  return scanOrder(
    {
      vms,
      facts: store.getState().facts,
      book: priceMap(readData(store, 'pricebook')),
      contracts: readData(store, 'contracts'),
      now,
    },
    FACT_MAX_AGE_MS,
  );
}

/** Reads the VM most worth reading now and keeps what it learnt; resolves its id (undefined: none was due). */
export async function scanNext(deps: ActionDeps, now = Date.now()): Promise<number | undefined> {
  const { store, api } = deps;
  const pick = picks(deps, now)[0];
  const vm = pick && readData(store, 'vms')?.find((v) => v.id === pick.id);
  if (!pick || !vm) return undefined;
  const status = vm.status;
  let fact: VmFact;
  try {
    if (pick.read === 'events') {
      const events = await api.vms.events(vm.id);
      fact = { at: Date.now(), status, since: statusSince(events, status) };
    } else {
      const settings = store.getState().wasteSettings;
      const metrics = await api.vms.metrics(vm.id, { duration: durationFor(settings.hours) });
      fact = { at: Date.now(), status, idle: judgeIdle(metrics, vm.flavor, Date.now(), settings) };
    }
  } catch (e) {
    // not read again at once: the next VM's turn comes first
    const why = e instanceof ApiError ? e.message : String(e);
    fact = { at: Date.now(), status, idle: { kind: 'unknown', why: `could not read: ${why}` } };
  }
  wasteState.setFact(store, vm.id, fact);
  return vm.id;
}
