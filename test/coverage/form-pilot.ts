/**
 * Fills an open form of the app with valid values and submits it, by key presses only. The form's state lives in
 * the app (the modal layer's ref); the pilot keeps a shadow of it by feeding every byte it writes through the same
 * functions the app does (readKeys → the key queue → keyName → formReduce), so it knows where the focus is and what
 * each field holds, and chooses the next keys from that. It never calls the form's onSubmit itself: the app does,
 * on the Ctrl-S the pilot types.
 */
import type { FieldSpec, FormSpec, FormValue, FormValues } from '../../src/store/state/form-spec.js';
import { asArray, isEmpty, visibleFields } from '../../src/ui/form/fields.js';
import { type FormState, focusTakesText, initFormState } from '../../src/ui/form/form-state.js';
import { fieldOptions, filterOptions } from '../../src/ui/form/options.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { fieldErrors } from '../../src/ui/form/validation.js';
import { keyName, readKeys } from '../../src/ui/input/key-name.js';
import { KeyQueue } from '../../src/ui/input/key-queue.js';
import { sshPublicKey } from '../support/sim-client.js';

/** Raw bytes of the keys the pilot types. */
const RAW = {
  tab: '\t',
  enter: '\r',
  down: '\x1b[B',
  up: '\x1b[A',
  space: ' ',
  clear: '\x15',
  submit: '\x13',
};

/** A real ed25519 public key (the app checks the key's encoding, not only its prefix). */
const PUBLIC_KEY = sshPublicKey('coverage@test');

let fresh = 0;
/**
 * Texts tried, in order, for a text field the form says is not valid yet: what its error asks to type ("type
 * train-k8s to confirm"), a new name, a URL, an address, a public key, a network, a number.
 */
function textCandidates(error: string | undefined): string[] {
  const asked = /\btype (\S+) to\b/.exec(error ?? '')?.[1];
  fresh += 1;
  return [
    ...(asked ? [asked] : []),
    `cov-${fresh}`,
    `https://hooks.example.com/coverage-${fresh}`,
    `coverage-${fresh}@example.com`,
    PUBLIC_KEY,
    '0.0.0.0/0',
    '1',
  ];
}

/**
 * What a path wants a field to hold: a value (a select's option value), a change of the value the form opened
 * with (one more node), or `{ pick: n }`: n options of a multi-select that the form accepts together.
 */
export type FieldWish = FormValue | ((opened: FormValue) => FormValue) | { pick: number };

export interface FormPilotOptions {
  /** Values to set whatever the form opened with (field id → what it should hold). */
  values?: Readonly<Record<string, FieldWish>> | undefined;
  /** Writes raw bytes to the app's terminal and lets it settle. */
  press(data: string): Promise<void>;
}

/** The form open in the app, driven by keys; `state` mirrors the app's. */
export class FormPilot {
  state: FormState;
  private queue = new KeyQueue();
  /** The values the caller wants, resolved against what the form opened with. */
  private readonly wanted: Readonly<Record<string, FormValue>>;

  constructor(
    readonly spec: FormSpec,
    private readonly o: FormPilotOptions,
  ) {
    this.state = initFormState(spec);
    const opened = this.state.values;
    this.wanted = Object.fromEntries(
      Object.entries(o.values ?? {}).map(([id, wish]) => [id, this.resolve(id, wish, opened[id])]),
    );
  }

  private resolve(id: string, wish: FieldWish, opened: FormValue): FormValue {
    if (typeof wish === 'function') return wish(opened);
    if (typeof wish !== 'object' || wish === null || !('pick' in wish)) return wish;
    const f = this.spec.fields.find((x) => x.id === id);
    const options = f ? fieldOptions(f, this.state.values).filter((o) => !o.disabled) : [];
    for (let i = 0; i + wish.pick <= options.length; i++) {
      const value = options.slice(i, i + wish.pick).map((o) => o.value);
      if (fieldErrors(this.spec, { ...this.state.values, [id]: value })[id] === undefined) return value;
    }
    throw new Error(`${this.spec.title}: no ${wish.pick} options of ${id} it accepts together`);
  }

  /** Writes `data` to the app and feeds the same keys to the shadow, as the app's dispatcher takes them. */
  private async type(data: string): Promise<void> {
    this.queue.push(readKeys(data));
    for (;;) {
      const next = focusTakesText(this.spec, this.state) ? this.queue.takeRun() : this.queue.take();
      if (!next) break;
      this.state = formReduce(
        this.spec,
        this.state,
        keyName(next.input, next.key),
        next.input,
        next.key,
      ).state;
    }
    await this.o.press(data);
  }

  private async focus(id: string): Promise<void> {
    for (let i = 0; i < 60 && this.state.focus !== id; i++) await this.type(RAW.tab);
    if (this.state.focus !== id) throw new Error(`${this.spec.title}: the focus never reaches ${id}`);
  }

  /** The first visible field to change, in the form's order: one the caller sets, or one the form refuses. */
  private next(errors: Readonly<Record<string, string>>): { field: FieldSpec; want?: FormValue } | undefined {
    const wanted = this.wanted;
    for (const f of visibleFields(this.spec, this.state.values)) {
      if (f.id in wanted && JSON.stringify(this.state.values[f.id]) !== JSON.stringify(wanted[f.id]))
        return { field: f, want: wanted[f.id] };
      if (errors[f.id] !== undefined) return { field: f };
    }
    return undefined;
  }

  /** The value to give `f` so the form takes it (the caller's, else the first candidate it accepts). */
  private choose(f: FieldSpec, want: FormValue | undefined, error: string | undefined): FormValue {
    if (want !== undefined) return want;
    const accepts = (v: FormValue) =>
      fieldErrors(this.spec, { ...this.state.values, [f.id]: v })[f.id] === undefined;
    const values: FormValues = this.state.values;
    let tries: FormValue[] = [];
    if (f.kind === 'text') tries = textCandidates(error);
    if (f.kind === 'number') tries = [f.min, f.max, Math.round((f.min + f.max) / 2)];
    if (f.kind === 'toggle') tries = [!values[f.id]];
    if (f.kind === 'select')
      tries = fieldOptions(f, values)
        .filter((o) => !o.disabled)
        .map((o) => o.value);
    if (f.kind === 'multi-select')
      tries = fieldOptions(f, values)
        .filter((o) => !o.disabled)
        .map((o) => [...asArray(values[f.id]), o.value]);
    const ok = tries.find(accepts);
    if (ok === undefined)
      throw new Error(`${this.spec.title}: no valid value for ${f.id} (${error ?? 'required'})`);
    return ok;
  }

  /** Sets one field by keys: typed text, a chosen option, toggled options, a toggle flipped. */
  private async set(f: FieldSpec, value: FormValue): Promise<void> {
    await this.focus(f.id);
    if (f.kind === 'text' || f.kind === 'number') {
      await this.type(RAW.clear);
      const text = String(value ?? '');
      if (text) await this.type(text);
      return;
    }
    if (f.kind === 'toggle') {
      if (Boolean(this.state.values[f.id]) !== Boolean(value)) await this.type(RAW.space);
      return;
    }
    const want = f.kind === 'select' ? [String(value)] : asArray(value);
    if (f.kind === 'select' && isEmpty(value))
      throw new Error(`${this.spec.title}: ${f.id} cannot be emptied`);
    await this.type(RAW.enter); // opens the option list
    for (const v of f.kind === 'select'
      ? want
      : symmetricDifference(asArray(this.state.values[f.id]), want)) {
      const list = this.state.list;
      const options = filterOptions(fieldOptions(f, this.state.values), list?.query ?? '');
      const at = options.findIndex((o) => o.option.value === v);
      if (!list || at < 0) throw new Error(`${this.spec.title}: ${v} is not an option of ${f.id}`);
      for (let i = 0; i < 500 && this.state.list && this.state.list.highlight !== at; i++)
        await this.type(this.state.list.highlight < at ? RAW.down : RAW.up);
      await this.type(f.kind === 'select' ? RAW.enter : RAW.space);
    }
    if (f.kind === 'multi-select') await this.type(RAW.enter); // closes the list
  }

  /** Every field valid (and the caller's values set), then Ctrl-S: the app sends the form. */
  async fillAndSubmit(): Promise<FormValues> {
    for (let step = 0; step < 40; step++) {
      const errors = fieldErrors(this.spec, this.state.values);
      const todo = this.next(errors);
      if (!todo) {
        const values = this.state.values;
        await this.type(RAW.submit);
        return values;
      }
      await this.set(todo.field, this.choose(todo.field, todo.want, errors[todo.field.id]));
    }
    throw new Error(
      `${this.spec.title}: still not valid after 40 changes: ${JSON.stringify(fieldErrors(this.spec, this.state.values))}`,
    );
  }
}

/** The options to toggle so that `have` becomes `want`. */
function symmetricDifference(have: readonly string[], want: readonly string[]): string[] {
  return [...want.filter((v) => !have.includes(v)), ...have.filter((v) => !want.includes(v))];
}
