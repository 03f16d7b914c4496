/**
 * The UI paths the coverage table claims, each DRIVEN by test/contract/coverage.test.ts: the app is opened on the
 * screen, `keys` are pressed (Enter: the first row's detail), and the claim holds only when the operation's request
 * is then sent. A claim that stops reaching its operation fails the test. Extend it with a line per new path.
 */
import type { ScreenName } from '../../screens/registry.js';

export interface UiPath {
  screen: ScreenName;
  /** After the screen's data is in: [] the screen itself, ['enter'] the first row's detail. */
  keys: readonly ('enter' | string)[];
}

const open = (screen: ScreenName): UiPath => ({ screen, keys: [] });
const detail = (screen: ScreenName): UiPath => ({ screen, keys: ['enter'] });

/** operationId → a path in the app that sends it. */
export const UI_PATHS: Readonly<Record<string, UiPath>> = {
  Get_GPU_stock: open('stock'),
  List_Flavors: open('stock'),
  Get_Dashboard: open('stock'),
  Get_pricebook: open('stock'),
  Get_user_credit: open('stock'),
  List_Regions: open('stock'),
  List_VMs: open('vms'),
  List_environments: open('vms'),
  Get_VM: detail('vms'),
  List_VM_events: detail('vms'),
  Calculate_resource_billing_rate: detail('vms'),
  Get_VM_metrics: detail('vms'),
  Retrieve_contract: detail('vms'),
  List_Clusters: open('clusters'),
  Getting_Cluster_Detail: detail('clusters'),
  List_cluster_events: detail('clusters'),
  List_existing_firewalls: open('firewalls'),
  Get_firewall: detail('firewalls'),
  Get_usage: open('billing'),
  Get_last_day_cost: open('billing'),
  Get_User_Billing_History: { screen: 'billing', keys: ['h'] },
  List_key_pairs: open('keys'),
  List_snapshots: open('snapshots'),
  Get_snapshot: detail('snapshots'),
  List_Snapshot_Events: detail('snapshots'),
  List_volumes: open('volumes'),
  Get_Volume: detail('volumes'),
  List_profiles: open('profiles'),
  Get_profile: detail('profiles'),
  Retrieve_Organization_Information: open('org'),
  List_Invites: open('org'),
};
