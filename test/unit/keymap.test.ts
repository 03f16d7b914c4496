import { afterEach, describe, expect, it } from 'vitest';
import { actionCatalog, catalogText, checkKeymap } from '../../src/app/keymap-config.js';
import type { Binding } from '../../src/ui/bindings.js';
import { actionName, bindableKey, rebind } from '../../src/ui/keymap.js';
import { keyToAction, moveTableKeys } from '../../src/ui/table/key-actions.js';

const where = { path: '/home/u/.config/hyperstack-tui/config.json', lineOf: (a: string) => a.length };

describe('action names', () => {
  it('are the scope and the label in lower case with hyphens, or the binding’s own action', () => {
    expect(actionName('vms', { label: 'wake (restore)' })).toBe('vms.wake-restore');
    expect(actionName('billing', { label: 'show active', action: 'toggle-deleted' })).toBe(
      'billing.toggle-deleted',
    );
  });

  it('rebind gives a moved binding the user’s keys and leaves the others (the same array when none moved)', () => {
    const bs: Binding[] = [
      { keys: ['s'], label: 'start' },
      { keys: ['x'], label: 'stop' },
    ];
    expect(rebind(bs, 'vms', new Map())).toBe(bs);
    expect(rebind(bs, 'firewalls', new Map([['vms.stop', ['S']]]))).toBe(bs);
    expect(rebind(bs, 'vms', new Map([['vms.stop', ['S', 'ctrl+x']]])).map((b) => b.keys)).toEqual([
      ['s'],
      ['S', 'ctrl+x'],
    ]);
  });

  it('only keys the terminal can send are bindable (never ctrl+c, which always quits)', () => {
    for (const k of ['s', 'S', '?', ' ', 'é', 'ctrl+x', 'f2', 'ctrl+shift+f5', 'enter', 'pgdn', 'shift+tab'])
      expect(bindableKey(k), k).toBe(true);
    for (const k of ['ctrl+c', '', 'ss', 'ctrl+', 'f13', 'paste', '\x1b', 'ctrl+shift+x', 'hyper+k'])
      expect(bindableKey(k), k).toBe(false);
  });
});

describe('checking the keys section against every action of the app', () => {
  it('the catalog names every screen’s actions, the table’s and the global ones, once each', async () => {
    const catalog = await actionCatalog();
    const names = catalog.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of [
      'global.quit',
      'global.screen-vms',
      'table.down',
      'vms.stop',
      'vms.details',
      'billing.toggle-deleted',
      'org.invites',
      'stock.in-stock-only',
    ])
      expect(names).toContain(n);
    expect(catalogText(catalog, new Map([['vms.stop', ['S']]]))).toMatch(/^vms\.stop +S +stop$/m);
  });

  it('accepts moves and swaps that leave every key of a screen to one action', async () => {
    const catalog = await actionCatalog();
    const r = checkKeymap(
      { 'vms.stop': 'S', 'vms.start': ['x'], 'table.down': ['ctrl+n', 'down'], 'global.help': 'f1' },
      catalog,
      where,
    );
    expect(r.problems).toEqual([]);
    expect(r.map.get('vms.start')).toEqual(['x']);
    // x was stop's: stop moved away, so start may take it
    const swap = checkKeymap({ 'vms.stop': 's', 'vms.start': 'x' }, catalog, where);
    expect(swap.problems).toEqual([]);
  });

  it('reports an unknown action with its file and line and the nearest name', async () => {
    const r = checkKeymap({ 'vms.strat': 'S', 'nothing.here': 'q' }, await actionCatalog(), where);
    expect(r.problems[0]).toBe(
      `${where.path}:9: keys: "vms.strat" is not an action (did you mean "vms.start"?); \`hyperstack-tui keys\` lists them`,
    );
    expect(r.problems[1]).toMatch(/:12: keys: "nothing.here" is not an action; /);
    expect(r.map.size).toBe(0);
  });

  it('reports a key the app cannot read', async () => {
    const r = checkKeymap({ 'vms.stop': 'ctrl+shift+x', 'vms.start': [] }, await actionCatalog(), where);
    expect(r.problems).toEqual([
      `${where.path}:8: keys: "vms.stop": "ctrl+shift+x" is not a key the app can read (keys look like "s", "S", "ctrl+x", "f2", "enter")`,
      `${where.path}:9: keys: "vms.start": no key given (keys look like "s", "S", "ctrl+x", "f2", "enter")`,
    ]);
  });

  it('a 100 KB action or key is quoted cut short, not echoed whole (and found no typo of)', async () => {
    const long = 'x'.repeat(100_000);
    const r = checkKeymap({ [long]: 's', 'vms.stop': long }, await actionCatalog(), where);
    expect(r.problems).toHaveLength(2);
    for (const p of r.problems) expect(p.length).toBeLessThan(300);
    expect(r.problems[0]).toContain(`"${'x'.repeat(60)}…" (100,000 characters) is not an action;`);
    expect(r.problems[1]).toContain(
      `"${'x'.repeat(60)}…" (100,000 characters) is not a key the app can read`,
    );
  });

  it('reports two actions on one key of a screen: its own, the table’s or a global one', async () => {
    const catalog = await actionCatalog();
    const same = checkKeymap({ 'vms.stop': 's' }, catalog, where);
    expect(same.problems).toEqual([
      `${where.path}:8: keys: "vms.stop" → "s": the key of "vms.start" (start) on the vms screen`,
    ]);
    // f is the VM screen's "attach IP": the table's filter moved onto it would never reach the table there
    // (and every other screen where f is taken: billing's top-up too)
    expect(checkKeymap({ 'table.filter': 'f' }, catalog, where).problems).toEqual([
      `${where.path}:12: keys: "table.filter" → "f": the key of "vms.attach-ip" (attach IP) on the vms screen`,
      `${where.path}:12: keys: "table.filter" → "f": the key of "billing.top-up" (top-up) on the billing screen`,
    ]);
    expect(checkKeymap({ 'global.refresh': 'x' }, catalog, where).problems[0]).toContain('"vms.stop" (stop)');
  });
});

describe('moved table keys', () => {
  afterEach(() => moveTableKeys(new Map()));
  const mode = { filterMode: false, hasFilter: false };

  it('answer to the new key, and the old one no longer moves the table', () => {
    moveTableKeys(new Map([['table.down', ['n']]]));
    expect(keyToAction('n', {}, mode)).toEqual({ type: 'move', command: 'down' });
    expect(keyToAction('j', {}, mode)).toBeNull();
    expect(keyToAction('', { downArrow: true }, mode)).toBeNull();
    expect(keyToAction('k', {}, mode)).toEqual({ type: 'move', command: 'up' });
    // typing a filter, letters are text whatever the keys
    expect(keyToAction('n', {}, { filterMode: true, hasFilter: true })).toEqual({
      type: 'filterInput',
      text: 'n',
    });
  });

  it('a swap works both ways', () => {
    moveTableKeys(
      new Map([
        ['table.down', ['k']],
        ['table.up', ['j']],
      ]),
    );
    expect(keyToAction('k', {}, mode)).toEqual({ type: 'move', command: 'down' });
    expect(keyToAction('j', {}, mode)).toEqual({ type: 'move', command: 'up' });
  });
});
