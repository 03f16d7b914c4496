/** The waste rows, worked out by hand (the demo's prices). */
import { describe, expect, it } from 'vitest';
import { listGaps, totalText } from '../../screens/waste.js';
import { scanOrder, statusSince, type WasteInput, wasteRows, wasteTotal } from '../../src/domain/waste.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const book = new Map<string, number>([
  ['H100-80G-PCIe', 1.9],
  ['L40', 1.0],
  ['n1-cpu-small', 0.025],
  ['n1-cpu-medium', 0.05],
  ['public-ip', 0.005],
  ['snapshot', 0.0001],
  ['Cloud-SSD', 0.00011],
]);
const h100 = { name: 'n3-H100x1', gpu: 'H100-80G-PCIe', gpu_count: 1, cpu: 28, disk: 100 };
const env = { name: 'prod', region: 'CANADA-1' };

function input(over: Partial<WasteInput> = {}): WasteInput {
  return {
    vms: [
      {
        id: 1,
        name: 'stopped-h100',
        status: 'SHUTOFF',
        flavor: h100,
        floating_ip: '1.2.3.4',
        environment: env,
      },
      { id: 2, name: 'busy', status: 'ACTIVE', flavor: h100, environment: env },
      {
        id: 3,
        name: 'quiet-l40',
        status: 'ACTIVE',
        flavor: { name: 'n3-L40x1', gpu: 'L40', gpu_count: 1, cpu: 28, disk: 100 },
      },
      { id: 4, name: 'sleeper', status: 'HIBERNATED', flavor: h100, floating_ip: '5.6.7.8' },
      { id: 5, name: 'node-1', status: 'SHUTOFF', flavor: h100, cluster_id: 9 },
      { id: 6, name: 'errored', status: 'ERROR', flavor: h100 },
    ],
    volumes: [
      { id: 11, name: 'scratch', status: 'available', size: 1000, volume_type: 'Cloud-SSD', attachments: [] },
      { id: 12, name: 'data', status: 'in-use', size: 1000, volume_type: 'Cloud-SSD', attachments: [{}] },
    ],
    clusters: [
      {
        id: 21,
        name: 'gpu-ci',
        status: 'ERROR',
        master_flavor: { name: 'n1-cpu-small', gpu_count: 0 },
        node_groups: [{ id: 1, flavor: h100 }],
        nodes: [
          { role: 'master', status: 'ACTIVE' },
          { role: 'worker', status: 'ERROR', node_group_id: 1 },
        ],
      },
    ],
    snapshots: [
      { id: 31, name: 'old', size: 250, created_at: new Date(NOW - 40 * 24 * HOUR).toISOString() },
      { id: 32, name: 'new', size: 250, created_at: new Date(NOW - 2 * 24 * HOUR).toISOString() },
    ],
    book,
    facts: {
      1: { at: NOW - 60_000, status: 'SHUTOFF', since: NOW - 5 * HOUR },
      2: { at: NOW, status: 'ACTIVE', idle: { kind: 'busy', at: NOW - HOUR, cpu: 60, net: 1e6 } },
      3: {
        at: NOW,
        status: 'ACTIVE',
        idle: { kind: 'idle', since: NOW - 7 * HOUR, cpuMax: 1.2, netMax: 4_000 },
      },
    },
    now: NOW,
    ...over,
  };
}

describe('wasteRows', () => {
  it('lists what costs money doing nothing, the dearest first, with why, since when and the fix', () => {
    const rows = wasteRows(input());
    expect(rows.map((r) => [r.kind, r.name, r.perHour, r.fix])).toEqual(
      [
        ['stopped-vm', 'stopped-h100', 1.905, 'hibernate'], // 1.90 + 0.005: billed in full
        ['idle-vm', 'quiet-l40', 1.0, 'hibernate'],
        ['loose-volume', 'scratch', 0.11, 'delete'], // 1000 GB × 0.00011
        ['failed-cluster', 'gpu-ci', 0.025, 'delete'], // its master; the worker in ERROR bills nothing
        ['held-ip', 'sleeper', 0.005, 'none'], // detached only from a running or stopped VM
        ['old-snapshot', 'old', 0.025, 'delete'], // 250 GB × 0.0001
      ].sort((a, b) => (b[2] as number) - (a[2] as number) || String(a[1]).localeCompare(String(b[1]))),
    );
    const stopped = rows[0]!;
    expect(stopped.since).toBe(NOW - 5 * HOUR);
    expect(stopped.why).toBe('stopped: billed in full');
    expect(rows.find((r) => r.kind === 'idle-vm')!.why).toBe('idle 7h: CPU ≤ 1.2 %, network ≤ 4 KB/s');
  });

  it('totals $/h and $/month (30 days)', () => {
    const t = wasteTotal(wasteRows(input()));
    expect(t.perHour).toBe(3.07); // 1.905 + 1.0 + 0.11 + 0.025 + 0.005 + 0.025
    expect(t.perMonth).toBeCloseTo(3.07 * 720, 6);
    expect(t).toMatchObject({ count: 6, unpriced: 0 });
  });

  it('a fact about another status is stale; a flavor that cannot hibernate is deleted instead', () => {
    const rows = wasteRows(
      input({
        facts: { 1: { at: NOW, status: 'ACTIVE', since: NOW - HOUR } },
        vms: [
          { id: 1, name: 'big', status: 'SHUTOFF', flavor: { ...h100, features: { no_hibernation: true } } },
        ],
      }),
    );
    expect(rows[0]).toMatchObject({ since: undefined, fix: 'delete' });
  });

  it('an unknown price is said, not counted as 0', () => {
    const rows = wasteRows(input({ book: new Map() }));
    expect(rows.every((r) => r.perHour === undefined)).toBe(true);
    expect(wasteTotal(rows)).toMatchObject({ perHour: 0, unpriced: 6 });
    // the view's total says it is a floor, not a sum
    expect(totalText(rows)).toBe(
      'at least $0.00/h · $0.00 a month · 6 resources doing nothing (6 without a price)',
    );
    expect(totalText(wasteRows(input()))).toMatch(
      /^\$3\.07\/h · \$2,210\.40 a month · 6 resources doing nothing$/,
    );
  });
});

describe('what to read next', () => {
  it('the dearest VM first; a fresh fact about the same status is not read again', () => {
    const picks = scanOrder(input(), 15 * 60_000);
    // 1's fact is fresh; 2 and 3 too; 4 (hibernated with an IP) wants its events; 5 is a cluster node
    expect(picks).toEqual([{ id: 4, read: 'events' }]);
    const later = scanOrder(input({ now: NOW + HOUR }), 15 * 60_000);
    // H100s before the L40 (1.0); those with a public IP (1.905) before the one without (1.9)
    expect(later.map((p) => p.id)).toEqual([1, 4, 2, 3]);
    expect(later.find((p) => p.id === 2)?.read).toBe('metrics');
  });

  it('since when: the latest stop or hibernation event', () => {
    const events = [
      { time: '2026-05-01T00:00:00Z', reason: 'Stopped', message: 'VM x is SHUTOFF.' },
      { time: '2026-05-03T00:00:00Z', reason: 'Started', message: 'VM x is ACTIVE.' },
      { time: '2026-05-04T00:00:00Z', reason: 'Stopped', message: 'VM x is SHUTOFF.' },
      { time: '2026-05-05T00:00:00Z', reason: 'LabelsEdited', message: 'Labels of VM x edited.' },
    ];
    expect(statusSince(events, 'SHUTOFF')).toBe(Date.parse('2026-05-04T00:00:00Z'));
    expect(statusSince(events, 'HIBERNATED')).toBeNull();
  });
});

describe('the total and its lists', () => {
  const ok = { data: [], status: 'ok', error: undefined, updatedAt: 1_000, failures: 0 } as const;
  const failing = { ...ok, error: new Error('HTTP 503'), failures: 2 };
  it('a list not in makes the total a floor; a failing one says how old its data is', () => {
    const gaps = listGaps(
      { vms: ok, volumes: failing, clusters: { ...failing, data: undefined }, snapshots: ok, contracts: ok },
      61_000,
    );
    expect(gaps.map((g) => g.list)).toEqual(['volumes', 'clusters', 'pricebook']);
    expect(totalText(wasteRows(input()), gaps)).toBe(
      'at least $3.07/h · $2,210.40 a month · 6 resources doing nothing · ⚠ volumes 1m old (HTTP 503), clusters not read (HTTP 503), pricebook loading',
    );
    expect(totalText(wasteRows(input()), gaps.slice(0, 1))).toMatch(/^\$3\.07\/h .* · ⚠ volumes 1m old/);
  });
});
