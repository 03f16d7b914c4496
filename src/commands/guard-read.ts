/**
 * What the guard reads before it plans: every VM, the pricebook and contracts (what each costs an hour), then one
 * VM at a time, the dearest first and at most `maxReads`, what its rule needs (a stopped VM's events: since when;
 * a running VM's metrics over the idle window: is it idle). Reads only.
 */
import type { Api } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { Vm } from '../api/schemas/vm.js';
import { discountOn, vmRateNow } from '../domain/cost.js';
import type { GuardFact, GuardPolicy } from '../domain/guard-plan.js';
import { readNeeded } from '../domain/guard-plan.js';
import { durationFor, judgeIdle } from '../domain/idle.js';
import { priceMap } from '../domain/pricing.js';
import { statusSince } from '../domain/waste.js';
import type { IdleSettings } from '../domain/waste-settings.js';

export interface GuardReading {
  vms: Vm[];
  book: ReadonlyMap<string, number>;
  contracts: Awaited<ReturnType<Api['billing']['contracts']>>['items'];
  facts: Map<number, GuardFact>;
  /** VMs whose read failed (left unjudged), with why. */
  readErrors: Array<{ vm: Vm; error: string }>;
}

export async function readForGuard(
  api: Api,
  policy: GuardPolicy,
  idle: IdleSettings,
  now: () => number,
): Promise<GuardReading> {
  const [vms, pricebook, contracts] = await Promise.all([
    api.vms.listAll(),
    api.billing.pricebook(),
    api.billing.contracts().then((p) => p.items),
  ]);
  const book = priceMap(pricebook);
  const t = now();
  const rate = (vm: Vm) =>
    vmRateNow(
      vm,
      book,
      discountOn(
        contracts.find((c) => c.id === vm.contract_id),
        vm.flavor?.name,
        t,
      ),
    ) ?? 0;
  const toRead = vms
    .map((vm) => ({ vm, read: readNeeded(vm, policy, t) }))
    .filter((x) => x.read !== undefined)
    .sort((a, b) => rate(b.vm) - rate(a.vm))
    .slice(0, policy.maxReads);
  const facts = new Map<number, GuardFact>();
  const readErrors: GuardReading['readErrors'] = [];
  for (const { vm, read } of toRead) {
    try {
      if (read === 'events')
        facts.set(vm.id, { stoppedSince: statusSince(await api.vms.events(vm.id), 'SHUTOFF') });
      else {
        const settings = { ...idle, hours: policy.idleHours ?? idle.hours };
        const metrics = await api.vms.metrics(vm.id, { duration: durationFor(settings.hours) });
        facts.set(vm.id, { idle: judgeIdle(metrics, vm.flavor, now(), settings) });
      }
    } catch (e) {
      // the key refused or the service gone: the whole run stops (exit 3); one VM's failure leaves it unjudged
      if (e instanceof ApiError && (e.kind !== 'http' || e.status === 401 || e.status === 403)) throw e;
      readErrors.push({ vm, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return { vms, book, contracts, facts, readErrors };
}
