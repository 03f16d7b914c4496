// A user's change of one field's value, and what follows from it.
import type { FormSpec, FormValue } from '../../store/state/form-spec.js';
import type { TextInputState } from '../TextInput.js';
import { sameValue } from './fields.js';
import type { FormState } from './form-state.js';
import { fixFocus } from './navigation.js';
import { reconcile } from './options.js';
import { withoutChanged } from './service-errors.js';

/**
 * Set one field's value as the user's change: touched, refusal cleared, dependent selects reconciled, and the
 * service's error of every field that changed gone.
 */
export function setValue(
  spec: FormSpec,
  state: FormState,
  id: string,
  value: FormValue,
  input?: TextInputState,
): FormState {
  const inputs = input ? { ...state.inputs, [id]: input } : state.inputs;
  if (sameValue(state.values[id], value)) return input ? { ...state, inputs } : state;
  const values: Record<string, FormValue> = { ...state.values, [id]: value };
  const touched: Record<string, true> = { ...state.touched, [id]: true };
  reconcile(spec, state.values, values, touched);
  const serviceFieldErrors = withoutChanged(state.serviceFieldErrors, state.values, values);
  return fixFocus(spec, { ...state, values, inputs, touched, refusal: undefined, serviceFieldErrors });
}
