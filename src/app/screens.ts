import type { ComponentType } from 'react';
import { BillingScreen } from '../../screens/billing.js';
import { ClustersScreen } from '../../screens/clusters.js';
import { FirewallsScreen } from '../../screens/firewalls.js';
import { KeysScreen } from '../../screens/keys.js';
import { StockScreen } from '../../screens/stock.js';
import { VmsScreen } from '../../screens/vms.js';
import type { ScreenName } from '../config/args.js';
import type { ScreenProps } from '../ui/screen/context.js';

export interface ScreenDef {
  title: string;
  /** The store key whose age and errors the header shows for this screen. */
  primary: string;
  Component: ComponentType<ScreenProps>;
}

export const SCREEN_DEFS: Record<ScreenName, ScreenDef> = {
  stock: {
    title: 'GPU stock',
    primary: 'stocks',
    Component: StockScreen,
  },
  vms: { title: 'Virtual machines', primary: 'vms', Component: VmsScreen },
  clusters: {
    title: 'Kubernetes clusters (beta)',
    primary: 'clusters',
    Component: ClustersScreen,
  },
  firewalls: {
    title: 'Firewalls',
    primary: 'firewalls',
    Component: FirewallsScreen,
  },
  billing: {
    title: 'Billing',
    primary: 'dashboard',
    Component: BillingScreen,
  },
  keys: {
    title: 'Key pairs and environments',
    primary: 'keypairs',
    Component: KeysScreen,
  },
};
