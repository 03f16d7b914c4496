// Sending a form: the one place that calls spec.onSubmit. The App calls submitForm when formReduce returns
// `submit`, and closes the form when it resolves 'done'. A rejection keeps the form open with every value kept
// and the error shown in it.
import type { ApiError } from '../../api/errors.js';
import type { FormSpec } from '../../store/form-spec.js';
import { visibleFields } from './fields.js';
import type { FormState } from './form-state.js';
import { fieldErrors, formError, submitValues } from './validation.js';

/** 'done': sent, close the form · 'error': the form shows the error · 'invalid': refused, nothing sent ·
 * 'busy': a submit of this form is already in flight, nothing sent. */
export type SubmitOutcome = 'done' | 'error' | 'invalid' | 'busy';

/** React's functional setState (or anything like it): the controller never overwrites concurrent edits. */
export type SetFormState = (update: (state: FormState) => FormState) => void;

// In flight, by spec and by setter: a second submit is refused even if the caller's state was stale (two Enter
// presses handled before a re-render) or the App rebuilt the spec object in between.
const inFlightSpecs = new WeakSet<object>();
const inFlightSetters = new WeakSet<object>();

/** Is a submit of this spec (or through this setter) running? */
export function isSubmitting(spec: FormSpec, setState?: SetFormState): boolean {
  return inFlightSpecs.has(spec) || (setState !== undefined && inFlightSetters.has(setState));
}

/** An ApiError, recognised by shape so the ui layer needs no runtime import of the api layer. */
function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).kind === 'string';
}

/** The text shown for a failed submit. An ApiError's message already carries the service's words and remedy. */
export function submitErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.outcomeUnknown) {
      return `${error.message}. It may have been done anyway: the list was reloaded, check it before sending again.`;
    }
    return error.message;
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error) return error;
  return 'the request failed';
}

/** How a submit failed: the service answered no, it may have been done (the answer was lost), or it never left. */
function failureOf(error: unknown): 'refused' | 'unknown' | 'failed' {
  if (!isApiError(error)) return 'refused';
  if (error.outcomeUnknown) return 'unknown';
  return error.kind === 'http' || error.kind === 'envelope' ? 'refused' : 'failed';
}

/**
 * Send the form's values through spec.onSubmit. Sets `submitting` (and clears the last service error) at once;
 * resolves 'done' on success (the state is left as is: the caller closes the form), or 'error' after storing
 * the error in state.serviceError and clearing `submitting`. Never rejects.
 */
export async function submitForm(
  spec: FormSpec,
  state: FormState,
  setState: SetFormState,
): Promise<SubmitOutcome> {
  if (isSubmitting(spec, setState)) return 'busy';
  const refusal = formError(spec, state);
  if (refusal !== undefined) {
    const errors = fieldErrors(spec, state.values);
    const first = visibleFields(spec, state.values).find((f) => errors[f.id] !== undefined);
    setState((s) => ({
      ...s,
      submitting: false,
      showAllErrors: true,
      refusal,
      focus: first ? first.id : s.focus,
      list: undefined,
    }));
    return 'invalid';
  }
  const values = submitValues(spec, state.values);
  inFlightSpecs.add(spec);
  inFlightSetters.add(setState);
  setState((s) => ({
    ...s,
    submitting: true,
    refusal: undefined,
    serviceError: undefined,
    serviceFailure: undefined,
    list: undefined,
  }));
  try {
    await spec.onSubmit(values);
    return 'done';
  } catch (error) {
    setState((s) => ({
      ...s,
      submitting: false,
      serviceError: submitErrorText(error),
      serviceFailure: failureOf(error),
    }));
    return 'error';
  } finally {
    inFlightSpecs.delete(spec);
    inFlightSetters.delete(setState);
  }
}
