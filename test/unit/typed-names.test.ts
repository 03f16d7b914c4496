/**
 * Screen names and store keys are typed from the screen registry and the resource map down to the store and the
 * kit: a misspelt name, a hand-made key or an argument of the wrong type does not compile. The `@ts-expect-error`
 * lines are checked by `npm run lint` (tsc) and, each for the error it names, by test/unit/ts-expect-error.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { createAppStore, ui } from '../../src/store/state/app-store.js';
import type { FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { decodeKey } from '../../src/store/state/resource-key.js';
import { readData, storeKey, targetFor, usageKey } from '../../src/store/state/resources.js';
import { actionName } from '../../src/ui/keymap.js';

describe('typed names', () => {
  it('a screen name that is not in the registry does not compile', () => {
    const store = createAppStore({ screen: 'vms', readOnly: false });
    // @ts-expect-error: no such screen (tsc: `'"vmz"' is not assignable`)
    createAppStore({ screen: 'vmz', readOnly: false });
    // @ts-expect-error: no such screen (tsc: `'"billings"' is not assignable`)
    ui.setScreen(store, 'billings');
    // @ts-expect-error: a key scope is global, table or a screen (tsc: `parameter of type 'KeyScope'`)
    actionName('vm', { label: 'stop' });
    ui.setScreen(store, 'billing');
    expect(store.getState().screen).toBe('billing');
  });

  it('a keyed resource takes its argument typed, and its key comes from storeKey alone', () => {
    const store = createAppStore({ screen: 'vms', readOnly: false });
    // @ts-expect-error: a key with an argument is built by storeKey, not written by hand (tsc: `'"vm-events:12"' is not assignable`)
    readData(store, 'vm-events:12');
    // @ts-expect-error: the id is a number (tsc: `'string' is not assignable to parameter of type 'number'`)
    storeKey('vm', '12');
    // @ts-expect-error: not a duration the metrics take (tsc: `'"2y"' is not assignable`)
    storeKey('vm-metrics', { id: 12, duration: '2y' });
    // @ts-expect-error: a list has no argument (tsc: `parameter of type 'KeyedKind'`)
    storeKey('vms', 1);
    expect(readData(store, storeKey('vm-events', 12))).toBeUndefined();
  });
});

describe('typed forms', () => {
  type Values = { name: string; size: number | undefined; region: string | undefined };
  const base: FormSpec<Values> = {
    title: 'New thing',
    fields: [
      { id: 'name', kind: 'text', label: 'Name', validate: (v) => (v.trim() ? undefined : 'required') },
      { id: 'size', kind: 'number', label: 'Size', min: 1, max: 10 },
      { id: 'region', kind: 'select', label: 'Region', options: () => [] },
    ],
    initial: { name: '', size: 1, region: undefined },
    submitLabel: 'Create',
    onSubmit: async (values) => {
      values.name.trim();
    },
  };

  it('a misspelt field id or a wrong value type does not compile', () => {
    // @ts-expect-error: no field of that id (tsc: `'"nmae"' is not assignable`)
    const misspelt: FieldSpec<Values> = { id: 'nmae', kind: 'text', label: 'Name' };
    // @ts-expect-error: a text field holds a string, and size is a number (tsc: `Type '"text"' is not assignable to type '"number"'`)
    const textSize: FieldSpec<Values> = { id: 'size', kind: 'text', label: 'Size' };
    // @ts-expect-error: a select holds a string or nothing, and name is always a string (tsc: `Type '"select"' is not assignable to type '"text"'`)
    const selectName: FieldSpec<Values> = { id: 'name', kind: 'select', label: 'Name', options: () => [] };
    // @ts-expect-error: size is a number (tsc: `Type 'string' is not assignable to type 'number'`)
    const initial: Values = { name: '', size: '1', region: undefined };
    // @ts-expect-error: no value of that id (tsc: `Property 'nmae' does not exist`)
    const summary: FormSpec<Values>['summary'] = (values) => values.nmae;
    // a form of its own values is a form to the engine, which holds any
    const held: FormSpec = base;
    expect([misspelt, textSize, selectName].map((f) => f.id)).toEqual(['nmae', 'size', 'name']);
    expect([initial.size, summary, held.fields.length]).toEqual(['1', expect.any(Function), 3]);
  });
});

describe('store keys', () => {
  it('an id stays readable; equal arguments name one key, whatever their order; the argument comes back whole', () => {
    expect(storeKey('vm-events', 12)).toBe('vm-events:12');
    const a = storeKey('billing-graph', { kind: 'vm', id: 3, start: 10, end: 20 });
    expect(storeKey('billing-graph', { end: 20, start: 10, id: 3, kind: 'vm' })).toBe(a);
    expect(decodeKey(a)).toEqual({ kind: 'billing-graph', arg: { kind: 'vm', id: 3, start: 10, end: 20 } });
    expect(usageKey(false)).toBe('usage');
    expect(usageKey(true, '')).toBe(usageKey(true));
    expect(decodeKey(usageKey(true, 'prod')).arg).toEqual({ deleted: true, environment: 'prod' });
  });

  it('each loader gets its argument as the object it was given', async () => {
    const volumeGraph = vi.fn(async () => ({ name: 'v', total: 0, points: [] }));
    const metrics = vi.fn(async () => ({}));
    const usage = vi.fn(async () => []);
    const api = { credit: { volumeGraph }, vms: { metrics }, billing: { usage } } as unknown as Api;
    const signal = new AbortController().signal;
    const load = (key: string) => targetFor(api, key)?.load(signal);
    await load(storeKey('billing-graph', { kind: 'volume', id: 7, start: 100, end: 200 }));
    expect(volumeGraph).toHaveBeenCalledWith(7, { start: 100, end: 200 }, { signal });
    await load(storeKey('vm-metrics', { id: 5, duration: '2h' }));
    expect(metrics).toHaveBeenCalledWith(5, { signal, duration: '2h' });
    await load(usageKey(true, 'prod'));
    expect(usage).toHaveBeenCalledWith({ signal, deleted: true, environment: 'prod' });
    await load('usage');
    expect(usage).toHaveBeenLastCalledWith({ signal, deleted: false });
    expect(targetFor(api, 'vm-events:{not json')).toBeUndefined();
    expect(targetFor(api, 'no-such-kind')).toBeUndefined();
  });
});
