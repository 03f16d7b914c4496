/**
 * An environment's VM quota in the create forms (Get_environment_VM_quota): how many more VMs its subnet holds,
 * said beside the environment and checked against the count before anything is sent ("quota: 2 of 10 VMs left").
 * The quotas are read in the background as the form opens; until one arrives nothing is refused on its account.
 */
import type { Environment } from '../../src/api/schemas/environment.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { readData, storeKey } from '../../src/store/state/resources.js';

/** Read one request each for at most this many environments (a big organisation's form does not flood). */
const MAX_READS = 20;

/** Asks for the quota of each environment (in the background: the form opens at once). */
export function loadVmQuotas(deps: ActionDeps, envs: readonly Pick<Environment, 'id'>[]): void {
  for (const e of envs.slice(0, MAX_READS))
    void deps.poller.refreshAfter(storeKey('vm-quota', e.id)).catch(() => {});
}

function quotaOf(deps: ActionDeps, env: Pick<Environment, 'id'> | undefined) {
  return env ? readData(deps.store, storeKey('vm-quota', env.id)) : undefined;
}

/** "quota: 8 of 10 VMs left", or '' while unknown. */
export function vmQuotaText(deps: ActionDeps, env: Pick<Environment, 'id'> | undefined): string {
  const q = quotaOf(deps, env);
  if (!q || q.available == null) return '';
  return `quota: ${q.available}${q.max == null ? '' : ` of ${q.max}`} VM${q.available === 1 ? '' : 's'} left`;
}

/** Why `count` new VMs do not fit the environment's quota, or undefined (fits, or not known yet). */
export function vmQuotaError(
  deps: ActionDeps,
  env: Pick<Environment, 'id' | 'name'> | undefined,
  count: number,
): string | undefined {
  const q = quotaOf(deps, env);
  if (!env || !q || q.available == null || count <= q.available) return undefined;
  return `${env.name} has room for ${q.available} more VM${q.available === 1 ? '' : 's'} (${vmQuotaText(deps, env)}${q.cidr ? `, subnet ${q.cidr}` : ''})`;
}
