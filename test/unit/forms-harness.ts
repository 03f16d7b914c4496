/**
 * Drives a FormSpec through the real form engine (formReduce for every key, whose `submitting` flag is the one
 * guard against sending twice; submitForm for each submit) against the real client and an in-process simulator:
 * the App's form wiring in miniature, no mocks.
 */
import { expect } from 'vitest';
import type { Api } from '../../src/api/client.js';
import { type RouteDef, SimError } from '../../src/sim/route.js';
import { routes as defaultRoutes } from '../../src/sim/routes/index.js';
import { type FormData, loadFormData } from '../../src/store/actions/form-data.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import type { Poller } from '../../src/store/engine/poller.js';
import { type AppStore, createAppStore } from '../../src/store/state/app-store.js';
import type { FieldOption, FormSpec } from '../../src/store/state/form-spec.js';
import { type ResourceKey, resourcePoller } from '../../src/store/state/resources.js';
import { type SubmitOutcome, submitForm } from '../../src/ui/form/controller.js';
import { visibleFields } from '../../src/ui/form/fields.js';
import { type FormResult, type FormState, initFormState, SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { fieldOptions } from '../../src/ui/form/options.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { fieldErrors, shownError } from '../../src/ui/form/validation.js';
import { PASTE } from '../../src/ui/input/key-name.js';
import { type SimClient, startSimClient } from '../support/sim-client.js';

export interface FormEnv {
  sc: SimClient;
  api: Api;
  store: AppStore;
  poller: Poller<ResourceKey>;
  deps: ActionDeps;
  close(): Promise<void>;
}

/**
 * The simulator's routes, every POST refusing each top-level name of the body it got, in the service's field-map
 * body (`{"status": false, "errors": {name: ["name refused"]}}`): which names a form sends, and where they land.
 */
export function refuseEveryField(routes: readonly RouteDef[]): RouteDef[] {
  return routes.map((r) =>
    r.method !== 'POST'
      ? r
      : {
          ...r,
          handle: (req) => {
            const names = Object.keys((req.body ?? {}) as Record<string, unknown>);
            const errors = Object.fromEntries(names.map((n) => [n, [`${n} refused`]]));
            throw new SimError(400, 'bad_request', 'refused', { errors, form: 'fields' });
          },
        },
  );
}

/** A simulator, the real client (admin key unless told), a store and a poller wired as the app does. */
export async function formEnv(
  o: {
    key?: 'admin' | 'readonly';
    readOnly?: boolean;
    vmCount?: number;
    routes?: (defaults: readonly RouteDef[]) => RouteDef[];
  } = {},
): Promise<FormEnv> {
  const sc = await startSimClient({
    ...(o.vmCount !== undefined ? { vmCount: o.vmCount } : {}),
    ...(o.routes ? { routes: o.routes(defaultRoutes) } : {}),
  });
  const api = o.key === 'readonly' ? sc.client({ key: 'readonly' }).api : sc.api;
  const store = createAppStore({ screen: 'vms', readOnly: o.readOnly ?? false });
  const poller = resourcePoller(api, store, { intervalMs: 600_000, fastMs: 600_000 });
  const deps: ActionDeps = { api, store, poller };
  return {
    sc,
    api,
    store,
    poller,
    deps,
    close: async () => {
      poller.stop();
      await sc.close();
    },
  };
}

/** Every list a create form may use, loaded through the store as the open functions do. */
export async function loadAll(env: FormEnv): Promise<FormData> {
  const data = await loadFormData(
    env.deps,
    [
      'environments',
      'keypairs',
      'images',
      'flavors',
      'stocks',
      'pricebook',
      'profiles',
      'vms',
      'clusters',
      'firewalls',
    ],
    ['cluster-versions', 'regions'],
    { title: 'the form' },
  );
  if (!data) throw new Error(`could not load the form data: ${JSON.stringify(env.store.getState().status)}`);
  return data;
}

/** The form open: each key through formReduce, each submit through submitForm. */
export class FormDriver {
  state: FormState;
  outcomes: Promise<SubmitOutcome>[] = [];
  closed = false;

  constructor(readonly spec: FormSpec) {
    this.state = initFormState(spec);
  }

  readonly setState = (update: (s: FormState) => FormState): void => {
    this.state = update(this.state);
  };

  /** One key (a one-character name types itself), from the latest state as the App's ref holds it. */
  key(name: string): FormResult {
    const input = name.length === 1 ? name : '';
    const r = formReduce(this.spec, this.state, name, input, name.startsWith('ctrl+') ? { ctrl: true } : {});
    this.state = r.state;
    if (r.cancel) this.closed = true;
    if (r.submit) {
      const p = submitForm(this.spec, r.submit, this.setState);
      this.outcomes.push(p);
      void p.then((o) => {
        if (o === 'done') this.closed = true;
      });
    }
    return r;
  }

  /** A paste: the whole text in one event, as the App's key reader makes it (named PASTE, never a key). */
  paste(text: string): FormResult {
    const r = formReduce(this.spec, this.state, PASTE, text, {});
    this.state = r.state;
    return r;
  }

  /** Types a text one character at a time into the focused field. */
  type(text: string): void {
    for (const ch of text) this.key(ch === ' ' ? ' ' : ch);
  }

  /** Moves the focus (Tab) to a field, or to the submit row. */
  focus(id: string): void {
    for (let i = 0; i < 40 && this.state.focus !== id; i++) this.key('tab');
    expect(this.state.focus, `cannot reach ${id}`).toBe(id);
  }

  /** Focuses a text field, clears it (ctrl+u) and types the text character by character. */
  fill(id: string, text: string): void {
    this.focus(id);
    this.key('ctrl+u');
    this.type(text);
  }

  /** The options of a field now. */
  options(id: string): readonly FieldOption[] {
    const f = this.spec.fields.find((x) => x.id === id);
    if (!f) throw new Error(`no field ${id}`);
    return fieldOptions(f, this.state.values);
  }

  /** Opens the field's list (Enter) and moves the highlight (↑/↓) to the option, then Enter. */
  choose(id: string, value: string): FormResult {
    this.focus(id);
    this.key('enter');
    const options = this.options(id);
    const at = options.findIndex((o) => o.value === value);
    expect(
      at,
      `${value} is not an option of ${id}: ${options.map((o) => o.value).join(', ')}`,
    ).toBeGreaterThan(-1);
    for (let i = 0; i < 200 && this.state.list && this.state.list.highlight !== at; i++) {
      this.key(this.state.list.highlight < at ? 'down' : 'up');
    }
    return this.key('enter');
  }

  /** Sets a toggle to `on` (Space). */
  toggle(id: string, on: boolean): void {
    this.focus(id);
    if ((this.state.values[id] === true) !== on) this.key(' ');
  }

  /** Every visible field's current error (shown or not). */
  errors(): Record<string, string> {
    return fieldErrors(this.spec, this.state.values);
  }

  /** The error the form shows under a field now. */
  shown(id: string): string | undefined {
    return shownError(this.state, this.errors(), id);
  }

  visible(): string[] {
    return visibleFields(this.spec, this.state.values).map((f) => f.id);
  }

  /** Enter on the submit row; resolves with what submitForm did (undefined: the form refused to send). */
  async submit(): Promise<SubmitOutcome | undefined> {
    this.focus(SUBMIT_ROW);
    const before = this.outcomes.length;
    this.key('enter');
    return this.outcomes.length > before ? this.outcomes[this.outcomes.length - 1] : undefined;
  }
}
