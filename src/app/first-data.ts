import type { ScreenName } from '../config/args.js';

/**
 * The store keys each screen asks for before its first frame. Kept apart from the screens themselves so the
 * start-up can send these requests before it loads any UI code (see run.ts).
 */
export const FIRST_DATA: Record<ScreenName, readonly string[]> = {
  stock: ['stocks', 'flavors', 'dashboard', 'pricebook'],
  vms: ['vms', 'environments'],
  clusters: ['clusters'],
  firewalls: ['firewalls'],
  billing: ['usage', 'dashboard'],
  keys: ['keypairs', 'environments'],
};
