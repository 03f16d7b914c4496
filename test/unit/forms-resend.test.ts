/**
 * After a submit whose outcome is unknown (the answer lost, a 5xx: it may have been done), no form sends again
 * without asking: Enter or Ctrl-S asks "send again? y/n", and only y sends. The node-group scale form once stayed
 * armed, and Enter sent its PATCH a second time. Every form of screens/forms that opens valid is checked.
 */
import { describe, expect, it } from 'vitest';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { formHints } from '../../src/ui/form/FormView.js';
import { type FormState, initFormState, SUBMIT_ROW } from '../../src/ui/form/form-state.js';
import { formReduce } from '../../src/ui/form/reducer.js';
import { PASTE } from '../../src/ui/input/key-name.js';
import { allFormsPerFile } from './all-forms.js';

const forms = allFormsPerFile();

const key = (spec: FormSpec, s: FormState, name: string) =>
  formReduce(spec, s, name, name.length === 1 ? name : '', name.startsWith('ctrl+') ? { ctrl: true } : {});

describe('a form after an unknown outcome', () => {
  it('asks before sending again, on every form: Enter, a paste or n send nothing; y sends', () => {
    const checked: string[] = [];
    for (const { name, spec } of forms) {
      const first = key(spec, initFormState(spec), 'ctrl+s');
      if (!first.submit) continue; // a form that opens invalid (a name to type): nothing to send twice yet
      checked.push(name);
      // the form as the lost answer left it (see submitForm)
      const lost: FormState = {
        ...first.state,
        submitting: false,
        serviceFailure: 'unknown',
        serviceError: 'lost',
      };
      for (const again of ['ctrl+s', 'enter']) {
        const asked = key(spec, again === 'enter' ? { ...lost, focus: SUBMIT_ROW } : lost, again);
        expect(asked.submit, `${name}: ${again}`).toBeUndefined();
        expect(asked.state.confirmResend, name).toBe(true);
        expect(formHints(spec, asked.state), name).toMatch(/send again\? y\/n/);
        const enter = key(spec, asked.state, 'enter');
        const pasted = formReduce(spec, enter.state, PASTE, 'y', {});
        expect([enter.submit, pasted.submit], name).toEqual([undefined, undefined]);
        expect(pasted.state.confirmResend, name).toBe(true);
        const no = key(spec, pasted.state, 'n');
        expect(no.submit, name).toBeUndefined();
        expect(no.state.confirmResend, name).toBeFalsy();
        const yes = key(spec, key(spec, no.state, 'ctrl+s').state, 'y');
        expect(yes.submit, `${name}: y`).toBeDefined();
      }
    }
    expect(checked).toContain('scale node group');
    expect(checked.length).toBeGreaterThan(5);
  });
});
