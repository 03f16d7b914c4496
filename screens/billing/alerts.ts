/** The billing notification thresholds: an e-mail when the credit falls below each; subscribe or unsubscribe. */
import type { Threshold } from '../../src/api/schemas/credit.js';
import { money } from '../../src/domain/format.js';
import {
  subscribeThreshold,
  thresholdMarkKey,
  unsubscribeThreshold,
} from '../../src/store/actions/credit-actions.js';
import type { ResourceSpec } from '../../src/ui/screen/ResourceScreen.js';
import { numberColumn } from '../../src/ui/table/number-column.js';

const state = (t: Threshold) => (t.subscribed ? 'subscribed' : 'unsubscribed');

export const ALERTS_SPEC: ResourceSpec<Threshold, 'thresholds'> = {
  resource: 'thresholds',
  noun: 'billing alerts',
  title: 'Billing alerts (an e-mail when the credit falls below)',
  note: (rows) => `${rows.filter((t) => t.subscribed).length} of ${rows.length} subscribed`,
  columns: (theme) => [
    numberColumn('threshold', 'BELOW', (t) => t.threshold, money, { priority: 0 }),
    {
      id: 'state',
      title: 'E-MAIL',
      minWidth: 14,
      value: (t) => state(t),
      text: (t) => (t.subscribed ? '● subscribed' : '○ unsubscribed'),
      color: (t) => (t.subscribed ? theme.ok : theme.dim),
      priority: 0,
    },
    {
      id: 'title',
      title: 'ALERT',
      value: (t) => t.interface_title ?? '',
      minWidth: 10,
      priority: 1,
    },
    { id: 'tip', title: 'WHAT IT DOES', value: (t) => t.interface_tooltip ?? '', priority: 2 },
  ],
  rowId: (t) => String(t.id),
  rows: (ctx) => ctx.data,
  initialSort: { columnId: 'threshold', desc: true },
  emptyText: 'no billing alerts',
  pending: { key: thresholdMarkKey, status: state },
  pendingPrefix: 'threshold',
  actions: [
    {
      key: 's',
      label: 'subscribe',
      mutation: true,
      when: (t) => !t.subscribed,
      run: (t, app) => subscribeThreshold(app.deps, t),
    },
    {
      key: 'x',
      label: 'unsubscribe',
      mutation: true,
      when: (t) => t.subscribed === true,
      run: (t, app) => unsubscribeThreshold(app.deps, t),
    },
  ],
};
