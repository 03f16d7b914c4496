/** What a VM's status means to the operator: is it moving, and which actions make sense now. */

const SETTLED = new Set([
  'ACTIVE',
  'SHUTOFF',
  'HIBERNATED',
  'ERROR',
  'DELETED',
  'PAUSED',
  'SUSPENDED',
  'SHELVED',
  'SHELVED_OFFLOADED',
]);

/** A VM on its way somewhere (CREATING, STOPPING, HIBERNATING …): the app polls fast until it settles. */
export function isTransitioning(status: string | null | undefined): boolean {
  if (!status) return false;
  const s = status.toUpperCase();
  return (
    !SETTLED.has(s) &&
    (s.endsWith('ING') || s === 'BUILD' || s === 'HARD_REBOOT' || s === 'REBOOT' || s === 'RESIZE')
  );
}

export type VmAction =
  | 'start'
  | 'stop'
  | 'hardReboot'
  | 'hibernate'
  | 'hibernateRestore'
  | 'delete'
  | 'snapshot';

/**
 * Actions that make sense in a status. Only a hint for the footer: the service has the last word and its
 * refusal is shown as it is.
 */
export function vmActionsFor(status: string | null | undefined): ReadonlySet<VmAction> {
  const s = (status ?? '').toUpperCase();
  if (isTransitioning(s)) return new Set();
  switch (s) {
    case 'ACTIVE':
      return new Set<VmAction>(['stop', 'hardReboot', 'hibernate', 'delete', 'snapshot']);
    case 'SHUTOFF':
      return new Set<VmAction>(['start', 'hardReboot', 'delete', 'snapshot']);
    case 'HIBERNATED':
      return new Set<VmAction>(['hibernateRestore', 'delete']);
    case 'ERROR':
      return new Set<VmAction>(['hardReboot', 'delete']);
    default:
      return new Set<VmAction>(['delete']);
  }
}
