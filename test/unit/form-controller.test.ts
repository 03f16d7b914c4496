import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { fieldErrorsText } from '../../src/api/field-errors.js';
import type { FormSpec, FormValues } from '../../src/store/state/form-spec.js';
import {
  type SetFormState,
  type SubmitOutcome,
  submitErrorText,
  submitForm,
} from '../../src/ui/form/controller.js';
import { type FormState, initFormState, SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { disabledMessage } from '../../src/ui/form/options.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { serviceFieldsSummary } from '../../src/ui/form/service-errors.js';
import { fieldErrors, shownError } from '../../src/ui/form/validation.js';
import { press, type, vmSpec } from '../support/form-fixture.js';

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (e: unknown) => void;
}
function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The App's wiring in miniature: every key goes through formReduce with the latest state (the App keeps it in a ref,
 * updated before the next key); `submit` → submitForm; 'done' closes.
 */
interface Harness {
  state: FormState;
  closed: boolean;
  outcomes: Promise<SubmitOutcome>[];
  setState: SetFormState;
  key(name: string): void;
}

function harness(spec: FormSpec): Harness {
  const h: Harness = {
    state: initFormState(spec),
    closed: false,
    outcomes: [],
    setState: (update) => {
      h.state = update(h.state);
    },
    key(name: string) {
      const input = name.length === 1 ? name : '';
      const r = formReduce(spec, h.state, name, input, name.startsWith('ctrl+') ? { ctrl: true } : {});
      h.state = r.state;
      if (r.cancel) h.closed = true;
      if (r.submit) {
        const p = submitForm(spec, r.submit, h.setState);
        h.outcomes.push(p);
        void p.then((o) => {
          if (o === 'done') h.closed = true;
        });
      }
    },
  };
  return h;
}

function fill(h: Harness, spec: FormSpec) {
  h.state = type(spec, h.state, 'gpu-1');
  // Environment env-ca, flavor n3-H100x1, the only image; then Tab to the submit row.
  h.state = press(
    spec,
    h.state,
    'tab',
    'enter',
    'down',
    'enter',
    'tab',
    'enter',
    'enter',
    'tab',
    'enter',
    'enter',
  ).state;
  while (h.state.focus !== SUBMIT_ROW) h.state = press(spec, h.state, 'tab').state;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('submitForm', () => {
  it('Enter twice while in flight sends exactly once; success closes the form', async () => {
    const d = deferred();
    const calls: FormValues[] = [];
    const spec = vmSpec((v) => {
      calls.push(v);
      return d.promise;
    });
    const h = harness(spec);
    fill(h, spec);
    h.key('ctrl+s');
    expect(h.state.submitting).toBe(true);
    h.key('enter');
    h.key('ctrl+s');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'gpu-1', environment: 'env-ca', flavor: 'n3-H100x1' });
    d.resolve();
    expect(await h.outcomes[0]).toBe('done');
    await flush();
    expect(h.closed).toBe(true);
  });

  it('two Ctrl-S in one read send once: the first sets `submitting`, the second finds it set', async () => {
    const d = deferred();
    let calls = 0;
    const spec = vmSpec(() => {
      calls++;
      return d.promise;
    });
    const h = harness(spec);
    fill(h, spec);
    // Back to back, nothing awaited in between: as the App handles the keys of one read.
    h.key('ctrl+s');
    h.key('ctrl+s');
    expect(h.outcomes).toHaveLength(1);
    expect(calls).toBe(1);
    d.resolve();
    expect(await h.outcomes[0]).toBe('done');
  });

  it('while submitting, no key does anything (the one guard is in the reducer)', () => {
    const spec = vmSpec(() => new Promise<void>(() => {}));
    const h = harness(spec);
    fill(h, spec);
    h.key('ctrl+s');
    const sending = h.state;
    expect(sending.submitting).toBe(true);
    for (const name of ['ctrl+s', 'enter', ' ', 'esc', 'tab', 'y', 'x', 'backspace']) {
      const r = formReduce(spec, sending, name, name.length === 1 ? name : '', {});
      expect(r).toEqual({ state: sending });
    }
  });

  it('keeps the service error in the form with every value intact, and can send again', async () => {
    let attempt = 0;
    const spec = vmSpec(async () => {
      attempt++;
      if (attempt === 1) {
        throw new ApiError({
          kind: 'http',
          method: 'POST',
          path: '/core/virtual-machines',
          status: 400,
          serviceMessage: 'n3-H100x1 has no capacity in CANADA-1',
        });
      }
    });
    const h = harness(spec);
    fill(h, spec);
    const before = h.state.values;
    h.key('ctrl+s');
    expect(await h.outcomes[0]).toBe('error');
    expect(h.closed).toBe(false);
    expect(h.state.submitting).toBe(false);
    expect(h.state.serviceError).toBe(
      'rejected (HTTP 400, POST /core/virtual-machines): n3-H100x1 has no capacity in CANADA-1',
    );
    expect(h.state.serviceFailure).toBe('refused');
    expect(h.state.values).toEqual(before);
    // The user can keep editing, then send again: the old error goes away at once.
    h.key('tab');
    h.key('ctrl+s');
    expect(h.state.serviceError).toBeUndefined();
    expect(await h.outcomes[1]).toBe('done');
    expect(attempt).toBe(2);
  });

  it('a request that never left, or one whose answer was lost, is told apart from a refusal', async () => {
    const net = new ApiError({ kind: 'network', method: 'POST', path: '/core/clusters', stage: 'unsent' });
    const spec = vmSpec(() => Promise.reject(net));
    const h = harness(spec);
    fill(h, spec);
    h.key('ctrl+s');
    expect(await h.outcomes[0]).toBe('error');
    expect(h.state.serviceFailure).toBe('failed');
    expect(h.state.serviceError).toBe('cannot reach the service (POST /core/clusters)');
    const timeout = new ApiError({ kind: 'timeout', method: 'POST', path: '/core/clusters' });
    expect(submitErrorText(timeout)).toMatch(/may have been done anyway/);
    const lost = new ApiError({ kind: 'network', method: 'POST', path: '/core/clusters', stage: 'sent' });
    const h2 = harness(vmSpec(() => Promise.reject(lost)));
    fill(h2, spec);
    h2.key('ctrl+s');
    expect(await h2.outcomes[0]).toBe('error');
    expect(h2.state.serviceFailure).toBe('unknown');
    expect(h2.state.serviceError).toMatch(/may have been done anyway/);
    const e502 = new ApiError({ kind: 'http', status: 502, method: 'POST', path: '/core/clusters' });
    expect(submitErrorText(e502)).toMatch(/may have been done anyway/);
    expect(submitErrorText(new Error('boom'))).toBe('boom');
    expect(submitErrorText(undefined)).toBe('the request failed');
  });

  it('a synchronous throw from onSubmit is an error, not a crash', async () => {
    const spec = vmSpec(() => {
      throw new Error('no client');
    });
    const h = harness(spec);
    fill(h, spec);
    h.key('ctrl+s');
    expect(await h.outcomes[0]).toBe('error');
    expect(h.state.serviceError).toBe('no client');
  });

  it('an invalid form sends nothing and shows the errors', async () => {
    let calls = 0;
    const spec = vmSpec(async () => {
      calls++;
    });
    const h = harness(spec);
    h.key('ctrl+s');
    expect(h.outcomes).toHaveLength(0);
    expect(calls).toBe(0);
    expect(h.state.submitting).toBe(false);
    expect(h.state.showAllErrors).toBe(true);
    expect(h.state.refusal).toBe('fix 4 fields: Name, Environment, Flavor, Image');
  });
});

describe('the service refusing fields', () => {
  /** As the client reads `{"errors": {…}, "message": "Input payload validation failed"}`. */
  const refusal = (fields: Record<string, string[]>, status = 400) =>
    new ApiError({
      kind: 'http',
      method: 'POST',
      path: '/core/virtual-machines',
      status,
      serviceMessage: `Input payload validation failed: ${fieldErrorsText(fields)}`,
      fieldErrors: fields,
    });
  /** The fixture's VM form, refusing its first submit with `error`; payload `flavor_name` is field `flavor`. */
  function refusedForm(error: ApiError) {
    let attempt = 0;
    const spec: FormSpec = {
      ...vmSpec(async () => {
        attempt++;
        if (attempt === 1) throw error;
      }),
      serviceFields: { flavor_name: 'flavor' },
    };
    const h = harness(spec);
    fill(h, spec);
    return { spec, h, attempts: () => attempt };
  }

  it('puts each message under its field (mapped or same name), the rest on the form line naming the field', async () => {
    const { spec, h } = refusedForm(
      refusal({
        flavor_name: ['Flavor n3-H100x1 is being retired.'],
        name: ['Too close to an existing name.', 'Try another.'],
        'security_rules.0.port_range_min': ['Must be greater than or equal to 1.'],
        constructor: ['Not a field of this form.'],
      }),
    );
    const before = h.state.values;
    h.key('ctrl+s');
    expect(await h.outcomes[0]).toBe('error');
    expect(h.closed).toBe(false);
    expect(h.state.values).toEqual(before);
    expect(h.state.serviceFieldErrors).toEqual({
      flavor: 'Flavor n3-H100x1 is being retired.',
      name: 'Too close to an existing name. Try another.',
    });
    expect(h.state.serviceError).toBe(
      'security_rules.0.port_range_min: Must be greater than or equal to 1.; constructor: Not a field of this form.',
    );
    expect(h.state.serviceFailure).toBe('refused');
    expect(h.state.focus).toBe('name'); // the first refused field, in form order
    const errors = fieldErrors(spec, h.state.values);
    expect(shownError(h.state, errors, 'flavor')).toBe('Flavor n3-H100x1 is being retired.');
    expect(serviceFieldsSummary(spec, h.state)).toBe('fix 2 fields: Name, Flavor');
  });

  it("a field's message goes when that field changes, not when another does; sending again clears them all", async () => {
    const { spec, h, attempts } = refusedForm(
      refusal({ flavor_name: ['Flavor n3-H100x1 is being retired.'], name: ['Taken.'] }),
    );
    h.key('ctrl+s');
    await h.outcomes[0];
    h.key('backspace'); // the focus is on Name: gpu-
    expect(h.state.serviceFieldErrors).toEqual({ flavor: 'Flavor n3-H100x1 is being retired.' });
    expect(shownError(h.state, fieldErrors(spec, h.state.values), 'name')).toBeUndefined();
    expect(shownError(h.state, fieldErrors(spec, h.state.values), 'flavor')).toBe(
      'Flavor n3-H100x1 is being retired.',
    );
    expect(serviceFieldsSummary(spec, h.state)).toBe('fix 1 field: Flavor');
    h.key('ctrl+s');
    expect(h.state.serviceFieldErrors).toBeUndefined();
    expect(await h.outcomes[1]).toBe('done');
    expect(attempts()).toBe(2);
  });

  it('names no visible field (none of the form, or a hidden one): the whole message is the form error', async () => {
    const { h } = refusedForm(refusal({ diskGb: ['Too small.'], user_data: ['Too large.'] }));
    h.key('ctrl+s');
    await h.outcomes[0];
    expect(h.state.serviceFieldErrors).toBeUndefined();
    expect(h.state.serviceError).toBe(
      'rejected (HTTP 400, POST /core/virtual-machines): Input payload validation failed: diskGb: Too small.; user_data: Too large.',
    );
  });

  it('an answer that may have been carried out (5xx) is never put on fields', async () => {
    const { h } = refusedForm(refusal({ name: ['Taken.'] }, 502));
    h.key('ctrl+s');
    await h.outcomes[0];
    expect(h.state.serviceFieldErrors).toBeUndefined();
    expect(h.state.serviceFailure).toBe('unknown');
    expect(h.state.serviceError).toMatch(/may have been done anyway/);
  });

  it('a spec function decides by request: a key import refused on `name` is the new key name, not the VM name', async () => {
    const spec: FormSpec = vmSpec(() => Promise.reject(err));
    const err = new ApiError({
      kind: 'http',
      method: 'POST',
      path: '/core/keypairs',
      status: 400,
      serviceMessage: 'name: Key name taken.; public_key: Not a key.',
      fieldErrors: { name: ['Key name taken.'], public_key: ['Not a key.'] },
    });
    const byRequest: FormSpec = {
      ...spec,
      serviceFields: (field, request) => (request.path === '/core/keypairs' ? undefined : field),
    };
    const h = harness(byRequest);
    fill(h, byRequest);
    h.key('ctrl+s');
    await h.outcomes[0];
    expect(h.state.serviceFieldErrors).toBeUndefined();
    expect(h.state.serviceError).toBe(
      'rejected (HTTP 400, POST /core/keypairs): name: Key name taken.; public_key: Not a key.',
    );
  });
});

describe('disabledMessage', () => {
  it('reads "<label> is <reason>", unless the reason already names the option', () => {
    expect(disabledMessage({ label: 'n3-H100x8', value: 'x', disabled: 'out of stock' })).toBe(
      'n3-H100x8 is out of stock',
    );
    expect(disabledMessage({ label: 'n3-H100x8', value: 'x', disabled: 'n3-H100x8 needs 2 GPUs' })).toBe(
      'n3-H100x8 needs 2 GPUs',
    );
  });
});
