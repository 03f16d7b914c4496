/**
 * Every field of every real-shaped fixture, walked through every detail that shows it: the provider's own example
 * answers (test/fixtures/api/real/) are read through the client as the app reads them, then each leaf field in turn
 * is made null, left out, given a value the app does not know, an empty object or list, or another number, and the
 * detail is drawn again. No detail may say `[object Object]`, `undefined`, `NaN` or `null`. An enum value the app
 * does not know is shown as written and marked unknown. Sampled per run (test/support/sampling.ts: SEED replays,
 * FULL=1 walks all).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../src/api/client.js';
import { UNKNOWN_MARK } from '../../src/domain/words.js';
import type { DetailLine } from '../../src/ui/DetailPane.js';
import { clusterDetailLines } from '../../src/ui/details/cluster-detail.js';
import { firewallDetailLines } from '../../src/ui/details/firewall-detail.js';
import { snapshotDetailLines } from '../../src/ui/details/snapshot-detail.js';
import { vmDetailLines } from '../../src/ui/details/vm-detail.js';
import { metricsLines } from '../../src/ui/details/vm-metrics.js';
import { volumeDetailLines } from '../../src/ui/details/volume-detail.js';
import { recordingTransport } from '../fixtures/fake-transport.js';
import { runSeed, sample } from '../support/sampling.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const JUNK = /\bundefined\b|\bNaN\b|\bnull\b|\[object Object\]/;
const NEW_VALUE = 'A_VALUE_NEW_TO_THE_APP';

const example = (id: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/api/real/${id}.json`, import.meta.url), 'utf8'));

/** The client's answer to `body`, read through the operation's own schema (as the app reads it). */
async function read<T>(body: unknown, call: (api: Api) => Promise<T>): Promise<T | undefined> {
  const { transport } = recordingTransport(() => structuredClone(body));
  try {
    return await call(createApi(transport));
  } catch {
    return undefined; // the schema refuses it: the app says so instead of drawing it
  }
}

const textOf = (lines: readonly DetailLine[]) =>
  lines
    .map((l) => (l.kind === 'section' ? l.title : l.kind === 'field' ? `${l.label} ${l.value}` : l.text))
    .join('\n');

interface Detail {
  name: string;
  /** The fixture walked. */
  fixture: string;
  /** Its detail, drawn from one variant of the fixture's body. */
  draw: (body: unknown) => Promise<string | undefined>;
}

/** A detail drawn from one read: `get` reads the body as the app does, `lines` draws what it read. */
function detailOf<T>(
  name: string,
  fixture: string,
  get: (api: Api) => Promise<T>,
  lines: (read: NonNullable<T>) => Promise<readonly DetailLine[]> | readonly DetailLine[],
): Detail {
  return {
    name,
    fixture,
    draw: async (body) => {
      const got = await read(body, get);
      return got ? textOf(await lines(got)) : undefined;
    },
  };
}

/** The metrics chart as the VM's detail shows it first. */
const METRICS_VIEW = {
  duration: '1h',
  next: '2h',
  previous: '30d',
  loading: false,
  error: undefined,
  width: 80,
} as const;

const DETAILS: Detail[] = [
  detailOf(
    'VM',
    'Get_VM',
    (a) => a.vms.get(1),
    async (vm) =>
      vmDetailLines({
        vm,
        contract: await read(example('Retrieve_contract'), (a) => a.billing.contract(0)),
        region: 'CANADA-1',
        events: await read(example('List_VM_events'), (a) => a.vms.events(1)),
        eventsLoading: false,
        rate: undefined,
        rateLoading: false,
        now: NOW,
        metrics: metricsLines({
          ...METRICS_VIEW,
          metrics: await read(example('Get_VM_metrics'), (a) => a.vms.metrics(1)),
          flavor: vm.flavor,
        }),
      }),
  ),
  detailOf(
    'VM metrics',
    'Get_VM_metrics',
    (a) => a.vms.metrics(1),
    (metrics) => metricsLines({ ...METRICS_VIEW, metrics, flavor: { cpu: 8, ram: 58 } }),
  ),
  detailOf(
    'snapshot',
    'Get_snapshot',
    (a) => a.snapshots.get(1),
    (snap) =>
      snapshotDetailLines({
        snap,
        vmName: 'train-1',
        region: 'CANADA-1',
        hourly: 0.01,
        events: [],
        eventsLoading: false,
        now: NOW,
      }),
  ),
  detailOf(
    'cluster',
    'Getting_Cluster_Detail',
    (a) => a.clusters.get(1),
    async (cluster) =>
      clusterDetailLines({
        cluster,
        region: 'CANADA-1',
        events: await read(example('List_cluster_events'), (a) => a.clusters.events(1)),
        eventsLoading: false,
        rate: undefined,
        rateLoading: false,
        now: NOW,
      }),
  ),
  detailOf(
    'firewall',
    'Get_firewall',
    (a) => a.firewalls.get(1),
    (fw) => firewallDetailLines(fw, NOW),
  ),
  detailOf(
    'volume',
    'List_volumes',
    async (a) => (await a.volumes.list()).items[0],
    (v) =>
      volumeDetailLines({
        v,
        vmName: () => 'train-1',
        hourly: 0.01,
        rate: undefined,
        rateLoading: false,
        now: NOW,
      }),
  ),
];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The path of every leaf (and every object or list, which can be emptied) of a body. */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== 'object') return [at];
  const entries: [string | number, Json][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  return [at, ...entries.flatMap(([k, x]) => paths(x, [...at, k]))].filter((p) => p.length > 0);
}

function get(v: Json, path: readonly (string | number)[]): Json | undefined {
  let at: Json | undefined = v;
  for (const k of path)
    at = at !== null && typeof at === 'object' ? (at as Record<string, Json>)[k] : undefined;
  return at;
}

/** The body with the value at `path` replaced (`undefined`: removed). */
function withValue(body: Json, path: readonly (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(body);
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const key = path[path.length - 1] as string | number;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete (parent as Record<string | number, Json>)[key];
  } else (parent as Record<string | number, Json>)[key] = value;
  return copy;
}

/** What a field can be instead of what the example has. */
function variants(value: Json): Array<[string, Json | undefined]> {
  const out: Array<[string, Json | undefined]> = [
    ['null', null],
    ['left out', undefined],
  ];
  if (typeof value === 'string') out.push(['a value new to the app', NEW_VALUE], ['empty', '']);
  if (typeof value === 'number') out.push(['zero', 0], ['fractional', 1234.5678]);
  if (typeof value === 'boolean') out.push(['the other', !value]);
  if (Array.isArray(value)) out.push(['empty', []]);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) out.push(['empty', {}]);
  return out;
}

describe('every field of every real-shaped fixture, through every detail', () => {
  const seed = runSeed('details-walk');

  for (const d of DETAILS) {
    it(`${d.name} (${d.fixture}): no junk word, whatever a field holds`, async () => {
      const body = example(d.fixture) as Json;
      const base = await d.draw(body);
      expect(base, 'the example itself draws').toBeDefined();
      expect(base).not.toMatch(JUNK);
      const problems: string[] = [];
      for (const path of sample(paths(body), 40, seed)) {
        const value = get(body, path) as Json;
        for (const [what, replacement] of variants(value)) {
          const drawn = await d.draw(withValue(body, path, replacement));
          if (drawn === undefined) continue;
          const where = `${path.join('.')} ${what}`;
          const junk = JUNK.exec(drawn);
          if (junk)
            problems.push(
              `${where}: "${junk[0]}" in …${drawn.slice(Math.max(0, junk.index - 60), junk.index + 20)}…`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("an enum value the app does not know is shown as written and marked unknown (the VM's words)", async () => {
    const body = example('Get_VM') as Json;
    const drawn = (await DETAILS[0]!.draw(
      withValue(
        withValue(body, ['instance', 'port_randomization_status'], 'SOME_NEW_STATUS'),
        ['instance', 'environment', 'features', 'green_status'],
        'TEAL',
      ),
    ))!;
    expect(drawn).toContain(`port randomization on (SOME_NEW_STATUS ${UNKNOWN_MARK})`);
    expect(drawn).toContain(`green status TEAL ${UNKNOWN_MARK}`);
    const known = (await DETAILS[0]!.draw(
      withValue(
        withValue(body, ['instance', 'port_randomization_status'], 'NO_FLOATING_IP'),
        ['instance', 'environment', 'features', 'green_status'],
        'GREEN',
      ),
    ))!;
    expect(known).toContain('port randomization on (NO_FLOATING_IP: no effect until it has a public IP)');
    expect(known).toContain('green status GREEN (renewable energy)');
    expect(known).toContain('needs a public IP yes');
  });
});
