/** The start-up figures of two builds timed in the same rounds, as one before/after table (issue 28's). */
import { median } from './stats.js';

/** A build's figures, each a list of one-start samples (ms since spawn, or since the key was sent). */
export interface Samples {
  warmDemo: number[];
  warmService: number[];
  coldDemo: number[];
  coldDemoFrame: number[];
  coldService: number[];
  coldServiceFrame: number[];
  /** `j` sent the moment the first frame with data arrived: until the cursor is on row 2. */
  firstKey: number[];
  /** `1` sent the moment the first frame with data arrived: until the Stock screen shows its data. */
  secondScreen: number[];
  /** CPU ms of the process (all threads) when its first frame with data arrived. */
  cpu: { warmDemo: number[]; warmService: number[]; coldDemo: number[]; coldService: number[] };
}

export interface Timed {
  label: string;
  samples: Samples;
  /** Bytes compiled before the first frame with data, by mode. */
  bytes: { demo: number; service: number };
}

type Row = [measure: string, value: (t: Timed) => string, target: string];

export function compareTable(
  before: Timed,
  after: Timed,
  o: { hello: number; helloCpu: number; rounds: number; load: readonly number[] },
): string {
  const ratio = (pick: (s: Samples) => number[]) => (t: Timed) =>
    `${(median(pick(t.samples)) / o.hello).toFixed(2)}×`;
  const cpu = (pick: (c: Samples['cpu']) => number[]) => (t: Timed) =>
    `${(median(pick(t.samples.cpu)) / o.helloCpu).toFixed(2)}×`;
  const ms = (pick: (s: Samples) => number[]) => (t: Timed) => `${median(pick(t.samples)).toFixed(0)} ms`;
  const kb = (mode: 'demo' | 'service') => (t: Timed) => `${(t.bytes[mode] / 1024).toFixed(0)} KB`;
  const rows: Row[] = [
    ['warm, --demo', ratio((s) => s.warmDemo), '≤ 1.1×'],
    ['warm, service', ratio((s) => s.warmService), '≤ 1.1×'],
    ['first start, --demo', ratio((s) => s.coldDemo), '≤ 1.3×'],
    ['first start, service', ratio((s) => s.coldService), '≤ 1.3×'],
    ['CPU, warm, --demo', cpu((c) => c.warmDemo), ''],
    ['CPU, warm, service', cpu((c) => c.warmService), ''],
    ['CPU, first start, --demo', cpu((c) => c.coldDemo), ''],
    ['CPU, first start, service', cpu((c) => c.coldService), ''],
    ['first keypress', ms((s) => s.firstKey), 'no worse'],
    ['second screen', ms((s) => s.secondScreen), 'no worse'],
    ['compiled before the frame, --demo', kb('demo'), 'budget + 10 %'],
    ['compiled before the frame, service', kb('service'), 'budget + 10 %'],
  ];
  return [
    `start-up, before (${before.label}) and after (${after.label}) in the same ${o.rounds} rounds: medians; the ratios`,
    `are to a bundled Ink hello (${o.hello.toFixed(0)} ms here); load average ${o.load.map((l) => l.toFixed(1)).join(' → ')}.`,
    `CPU: the process's CPU ms (all threads) by its first frame with data, to hello's by its frame (${o.helloCpu.toFixed(0)} ms):`,
    'steadier than the wall ratios on a busy machine, where those mostly measure waiting for a core.',
    '| measure | before | after | target |',
    '| --- | --- | --- | --- |',
    ...rows.map(([name, value, target]) => `| ${name} | ${value(before)} | ${value(after)} | ${target} |`),
  ].join('\n');
}
