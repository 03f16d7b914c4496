// The header as the header tests draw it: a healthy connection to the real service's address, six tabs, on VMs.
import type { Health } from '../../src/store/state/transport-health.js';
import type { HeaderProps } from '../../src/ui/Header.js';

export const NOW = 1_700_000_000_000;

/** Answered 3 s ago in 120 ms, no error since. */
export const OK_HEALTH: Health = {
  lastOkAt: NOW - 3000,
  lastError: undefined,
  lastErrorAt: undefined,
  latencyMs: 120,
};

export const HEADER: HeaderProps = {
  width: 120,
  profile: 'prod',
  baseUrl: 'https://infrahub-api.nexgencloud.com/v1',
  region: 'ALL',
  screen: 'vms',
  tabs: [
    { key: '1', name: 'stock' },
    { key: '2', name: 'vms' },
    { key: '3', name: 'clusters' },
    { key: '4', name: 'firewalls' },
    { key: '5', name: 'billing' },
    { key: '6', name: 'keys' },
  ],
  readOnly: false,
  health: OK_HEALTH,
  updatedAt: NOW - 3000,
  now: NOW,
  refreshMs: 5000,
  failures: 0,
};
