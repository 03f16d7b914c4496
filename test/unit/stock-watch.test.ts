import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchSaver } from '../../src/app/watches.js';
import { loadWatches, saveWatches, watchFilePath } from '../../src/config/watch-file.js';
import { notification, notifyProtocol } from '../../src/domain/notify.js';
import type { StockList } from '../../src/domain/stock.js';
import {
  arrivedText,
  type FlavorGroups,
  parseWatch,
  type StockWatch,
  watchId,
  watchKnown,
  whereAvailable,
} from '../../src/domain/stock-watch.js';
import { toggleWatch } from '../../src/store/actions/stock-watch.js';
import { createAppStore } from '../../src/store/state/app-store.js';

const cfg = (c: Partial<Record<'1x' | '2x' | '4x' | '8x' | '10x', number>>) => ({
  '1x': 0,
  '2x': 0,
  '4x': 0,
  '8x': 0,
  '10x': 0,
  ...c,
});

const FLAVORS: FlavorGroups = [
  {
    region_name: 'NORWAY-1',
    flavors: [
      { name: 'n3-H100x8', gpu: 'H100-80G-SXM5', gpu_count: 8, stock_available: false },
      { name: 'n3-A100x1', gpu: 'A100-80G-PCIe', gpu_count: 1 },
    ],
  },
  {
    region_name: 'CANADA-1',
    flavors: [{ name: 'n3-H100x8', gpu: 'H100-80G-SXM5', gpu_count: 8, stock_available: true }],
  },
];
const STOCKS: StockList = [
  { region: 'NORWAY-1', models: [{ model: 'A100-80G-PCIe', configurations: cfg({ '1x': 0, '4x': 2 }) }] },
  { region: 'CANADA-1', models: [{ model: 'H100-80G-SXM5', configurations: cfg({ '8x': 1 }) }] },
];

describe('stock watch matching', () => {
  it('a flavor: its own word first, in the watched region only', () => {
    const anywhere: StockWatch = { kind: 'flavor', flavor: 'n3-H100x8' };
    expect(whereAvailable(anywhere, FLAVORS, STOCKS)).toEqual({ region: 'CANADA-1', flavor: 'n3-H100x8' });
    expect(whereAvailable({ ...anywhere, region: 'NORWAY-1' }, FLAVORS, STOCKS)).toBeUndefined();
  });

  it('a flavor that says nothing: the stock list of its size decides', () => {
    const w: StockWatch = { kind: 'flavor', flavor: 'n3-A100x1', region: 'NORWAY-1' };
    expect(whereAvailable(w, FLAVORS, STOCKS)).toBeUndefined();
    const more: StockList = [
      { region: 'NORWAY-1', models: [{ model: 'A100-80G-PCIe', configurations: cfg({ '1x': 3 }) }] },
    ];
    expect(whereAvailable(w, FLAVORS, more)).toEqual({ region: 'NORWAY-1', flavor: 'n3-A100x1' });
  });

  it('a GPU model and node size: free nodes of that size, with the flavor of that size when there is one', () => {
    const w: StockWatch = { kind: 'gpu', model: 'A100-80G-PCIe', count: 4 };
    expect(whereAvailable(w, FLAVORS, STOCKS)).toEqual({ region: 'NORWAY-1', flavor: undefined });
    expect(whereAvailable({ ...w, count: 1 }, FLAVORS, STOCKS)).toBeUndefined();
    const h: StockWatch = { kind: 'gpu', model: 'H100-80G-SXM5', count: 8 };
    expect(arrivedText(h, whereAvailable(h, FLAVORS, STOCKS)!)).toBe(
      '8 × H100-80G-SXM5 is in stock in CANADA-1 (flavor n3-H100x8)',
    );
  });

  it('knows what the lists have not heard of (a typo), and one id per watch', () => {
    expect(watchKnown({ kind: 'flavor', flavor: 'n3-H100x9' }, FLAVORS, STOCKS)).toBe(false);
    expect(watchKnown({ kind: 'gpu', model: 'A100-80G-PCIe', count: 4 }, FLAVORS, STOCKS)).toBe(true);
    expect(watchId({ kind: 'flavor', flavor: 'a', region: 'X' })).not.toBe(
      watchId({ kind: 'flavor', flavor: 'a' }),
    );
  });

  it('reads back only well-formed watches', () => {
    expect(parseWatch({ kind: 'gpu', model: 'L40', count: 2.5 })).toBeUndefined();
    expect(parseWatch({ kind: 'flavor', flavor: '' })).toBeUndefined();
    expect(parseWatch({ kind: 'gpu', model: 'L40', count: 2, region: 'CANADA-1' })).toEqual({
      kind: 'gpu',
      model: 'L40',
      count: 2,
      region: 'CANADA-1',
    });
  });
});

describe('the watch file', () => {
  it('keeps each profile apart, is private, and survives a broken file', () => {
    const env = { XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'hs-state-')) };
    const a: StockWatch = { kind: 'flavor', flavor: 'n3-H100x8', region: 'NORWAY-1' };
    const b: StockWatch = { kind: 'gpu', model: 'L40', count: 8 };
    expect(loadWatches(env, 'prod')).toEqual([]);
    saveWatches(env, 'prod', [a]);
    saveWatches(env, 'dev', [b]);
    expect(loadWatches(env, 'prod')).toEqual([a]);
    expect(loadWatches(env, 'dev')).toEqual([b]);
    const path = watchFilePath(env);
    expect(path).toBe(join(env.XDG_STATE_HOME, 'hyperstack-tui', 'watches.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    saveWatches(env, 'prod', []);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profiles: { dev: [b] } });
    writeFileSync(path, '{ not json');
    expect(loadWatches(env, 'dev')).toEqual([]);
  });

  it('defaults to ~/.local/state', () => {
    expect(watchFilePath({ HOME: '/home/u' })).toBe('/home/u/.local/state/hyperstack-tui/watches.json');
  });
});

describe('terminal notifications', () => {
  it('bell then OSC 9, OSC 777 for rxvt/foot/VTE, wrapped for tmux and screen, inert text', () => {
    expect(notification('t', 'x in stock', {})).toBe('\x07\x1b]9;t: x in stock\x07');
    expect(notifyProtocol({ TERM: 'foot' })).toBe('osc777');
    expect(notification('t', 'b', { TERM: 'rxvt-unicode' })).toBe('\x07\x1b]777;notify;t;b\x07');
    expect(notification('t', 'b', { TMUX: '/tmp/tmux' })).toBe('\x07\x1bPtmux;\x1b\x1b]9;t: b\x07\x1b\\');
    expect(notification('t', 'b', { STY: '1.pts' })).toBe('\x07\x1bP\x1b]9;t: b\x07\x1b\\');
    const hostile = notification('t', 'evil\x07\x1b]52;c;AAAA\x07', {});
    expect(hostile.slice(1, -1)).not.toMatch(/[\x07]/);
    expect(hostile.match(/\x1b/g)).toHaveLength(1);
  });
});

describe('saving the watches', () => {
  it('a failed save is said last: "watching …" does not hide it', () => {
    // the state directory cannot be made: a file stands where it would be
    const dir = mkdtempSync(join(tmpdir(), 'hs-watch-save-'));
    writeFileSync(join(dir, 'hyperstack-tui'), '');
    const store = createAppStore({ screen: 'stock', readOnly: false });
    const save = watchSaver({ XDG_STATE_HOME: dir }, 'prod', store);
    // as the app follows the watches (src/app/stock-alerts.ts): saved as they change
    store.subscribe((s, prev) => {
      if (s.watches !== prev.watches) save(s.watches);
    });
    toggleWatch(store, { kind: 'flavor', flavor: 'n3-H100x8' });
    expect(store.getState().watches).toHaveLength(1);
    expect(store.getState().status?.text).toMatch(/^watches not saved \(they last until you quit\): /);
    toggleWatch(store, { kind: 'flavor', flavor: 'n3-H100x8' });
    expect(store.getState().status?.text).toMatch(/^watches not saved/);
  });
});
