/**
 * The VM detail and its actions that depend on what the user opened in it: the metrics' span, the console, the
 * console log (the VMs screen's view state, screens/vms.tsx).
 */
import { METRIC_DURATIONS, type MetricDuration } from '../src/api/schemas/metrics.js';
import type { Vm } from '../src/api/schemas/vm.js';
import { sanitize } from '../src/domain/sanitize.js';
import { SNAPSHOTTING_REASON } from '../src/domain/vm-blockers.js';
import { type ConsoleState, copyConsoleUrl, requestVmConsole } from '../src/store/actions/vm-console.js';
import { fetchVmLogs, type LogsState } from '../src/store/actions/vm-logs.js';
import { ui } from '../src/store/state/app-store.js';
import { storeKey } from '../src/store/state/resources.js';
import { consoleLines } from '../src/ui/details/vm-console.js';
import { vmDetailLines } from '../src/ui/details/vm-detail.js';
import { logsLines } from '../src/ui/details/vm-logs.js';
import { metricsLines } from '../src/ui/details/vm-metrics.js';
import { fresher } from '../src/ui/screen/fresher.js';
import type { DetailSpec, ResourceAction } from '../src/ui/screen/ResourceScreen.js';
import type { VmRow } from './lists/vms.js';

/** "an ERROR VM", "a SHUTOFF VM". */
export const aVm = (vm: Vm) => `${/^[AEIOU]/i.test(vm.status) ? 'an' : 'a'} ${sanitize(vm.status)} VM`;

/** What the VM detail shows besides the VM, chosen by the user while it is open (the metrics' span). */
export interface VmDetailView {
  duration: MetricDuration;
  /** The terminal is wide enough for the $/H column (RATE_MIN_WIDTH). */
  wide?: boolean;
  /** Some VM has a lease: the LEASE column shows. */
  leases?: boolean;
  /** The console last asked for (of one VM): its URL lives here, in the screen's memory, and nowhere else. */
  console?: ConsoleState | undefined;
  setConsole?: (c: ConsoleState) => void;
  /** The console log last fetched (of one VM), and its search. */
  logs?: LogsState | undefined;
  setLogs?: (l: LogsState | undefined) => void;
  /** Shows another span (`step` 1: the next longer one, -1: the next shorter one). */
  cycleDuration(step: 1 | -1): void;
}

export const nextDuration = (d: MetricDuration, step: 1 | -1): MetricDuration => {
  const i = METRIC_DURATIONS.indexOf(d);
  return METRIC_DURATIONS[(i + step + METRIC_DURATIONS.length) % METRIC_DURATIONS.length] ?? '1h';
};

/** The store key of a VM's metrics over a span ("vm-metrics:12:1h"). */
const metricsKey = (vm: Vm, duration: MetricDuration) => storeKey('vm-metrics', { id: vm.id, duration });

/** The detail of a VM: the VM read alone, its events, cost, metrics, console and log as the view shows them. */
export const vmDetail = (view: VmDetailView): DetailSpec<VmRow> => ({
  title: (r) => r.vm.name,
  // The VM read alone while open (kept fresh, fast while it moves), and the contract it is billed under.
  watch: (r) => [
    storeKey('vm', r.vm.id),
    storeKey('vm-events', r.vm.id),
    storeKey('vm-rate', r.vm.id),
    metricsKey(r.vm, view.duration),
    // who can reach it: the rules of the firewalls attached to it
    'firewalls',
    ...(r.vm.contract_id != null ? [storeKey('contract', r.vm.contract_id)] : []),
  ],
  lines: (r, slice, _now, width) => {
    const vm = fresher(slice(storeKey('vm', r.vm.id)), slice('vms'), r.vm);
    const contract = vm.contract_id != null ? slice(storeKey('contract', vm.contract_id)).data : undefined;
    const events = slice(storeKey('vm-events', r.vm.id));
    const rate = slice(storeKey('vm-rate', r.vm.id));
    const metrics = slice(metricsKey(r.vm, view.duration));
    return vmDetailLines({
      pending: r.marks,
      extra: [
        ...consoleLines(view.console?.vmId === r.vm.id ? view.console : undefined, width),
        ...logsLines(view.logs?.vmId === r.vm.id ? view.logs : undefined),
      ],
      vm,
      contract,
      firewalls: slice('firewalls').data,
      width,
      region: r.region,
      events: events.data,
      eventsLoading: events.status === 'loading' || events.status === 'idle',
      rate: rate.data,
      rateLoading: rate.status === 'loading' || rate.status === 'idle',
      now: Date.now(),
      metrics: metricsLines({
        metrics: metrics.data,
        flavor: vm.flavor,
        duration: view.duration,
        next: nextDuration(view.duration, 1),
        previous: nextDuration(view.duration, -1),
        loading: metrics.status === 'loading' || metrics.status === 'idle',
        error: metrics.error?.message,
        width,
      }),
    });
  },
  raw: (r) => r.vm,
});

/** The detail's console and log keys. */
export const vmConsoleActions = (view: VmDetailView): ResourceAction<VmRow>[] => [
  {
    key: 'v',
    label: 'console',
    mutation: true,
    when: (r) =>
      r.vm.status === 'ACTIVE' && !(view.console?.vmId === r.vm.id && view.console.state === 'requesting'),
    unavailable: (r) =>
      r.vm.status === 'ACTIVE' ? 'a console is being requested' : `${aVm(r.vm)} has no console (ACTIVE only)`,
    blocked: (r) => (r.vm.is_snapshotting ? SNAPSHOTTING_REASON : undefined),
    run: (r, app) => void requestVmConsole(app.deps, r.vm, (c) => view.setConsole?.(c)),
  },
  {
    key: 'V',
    label: 'copy console URL',
    when: (r) => view.console?.vmId === r.vm.id && view.console.state === 'ready',
    unavailable: () => 'no console URL yet (v requests one)',
    run: (r, app) => {
      const c = view.console;
      if (c?.vmId === r.vm.id && c.state === 'ready') void copyConsoleUrl(app.deps, r.vm, c.url);
    },
  },
  {
    key: 'l',
    label: 'console log',
    // Asks the service to gather the log (a POST): read-only mode sends nothing but reads.
    mutation: true,
    when: (r) => !(view.logs?.vmId === r.vm.id && view.logs.state === 'loading'),
    run: (r, app) => {
      if (view.logs?.vmId === r.vm.id && view.logs.state !== 'loading') view.setLogs?.(undefined);
      else void fetchVmLogs(app.deps, r.vm, (l) => view.setLogs?.(l));
    },
  },
  {
    key: '/',
    label: 'search the log',
    detailOnly: true,
    when: (r) => view.logs?.vmId === r.vm.id && view.logs.state === 'ready',
    unavailable: () => 'only while its console log is shown (l shows it)',
    run: (r, app) => {
      const l = view.logs;
      if (l?.vmId !== r.vm.id || l.state !== 'ready') return;
      ui.openModal(app.deps.store, {
        kind: 'prompt',
        title: `Search the console log of ${sanitize(r.vm.name)}`,
        message: 'Lines holding this text (any case); empty shows every line.',
        initial: l.search ?? '',
        onSubmit: (value) => {
          view.setLogs?.({ ...l, search: value.trim() || undefined });
        },
      });
    },
  },
];

/** The detail's metrics span keys (listed last, after the VM's other detail keys). */
export const vmMetricsActions = (view: VmDetailView): ResourceAction<VmRow>[] => [
  {
    key: 'm',
    label: 'metrics span',
    detailOnly: true,
    run: () => view.cycleDuration(1),
  },
  {
    key: 'M',
    label: 'shorter metrics span',
    detailOnly: true,
    run: () => view.cycleDuration(-1),
  },
];
