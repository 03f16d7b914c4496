// Sending a form: the one place that calls spec.onSubmit. The App calls submitForm with the values of a `submit`
// result of formReduce (which has already checked them and set `submitting`, the form's one double-submit guard),
// and closes the form when it resolves 'done'. A rejection keeps the form open with every value kept and the
// error shown in it.
import type { ApiError } from '../../api/errors.js';
import type { FormSpec, FormValues } from '../../store/state/form-spec.js';
import { visibleFields } from './fields.js';
import type { FormState } from './form-state.js';
import { placeFieldErrors } from './service-errors.js';

/** 'done': sent, close the form · 'error': the form shows the error, `submitting` is cleared. */
export type SubmitOutcome = 'done' | 'error';

/** React's functional setState (or anything like it): the controller never overwrites concurrent edits. */
export type SetFormState = (update: (state: FormState) => FormState) => void;

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
 * Where a failed submit's error shows. A refusal that names fields puts each message under its field (the focus
 * goes to the first) and only what names no field on the form's error line; anything else is the form's error.
 */
function shownRefusal(
  spec: FormSpec,
  state: FormState,
  error: unknown,
): Pick<FormState, 'serviceError' | 'serviceFieldErrors' | 'focus' | 'list'> {
  const named = isApiError(error) && !error.outcomeUnknown ? error.fieldErrors : undefined;
  const placed = named && placeFieldErrors(spec, state.values, named, error as ApiError);
  const first = placed && visibleFields(spec, state.values).find((f) => Object.hasOwn(placed.fields, f.id));
  if (!placed || !first) {
    return { serviceError: submitErrorText(error), serviceFieldErrors: undefined, focus: state.focus };
  }
  return {
    serviceError: placed.unplaced.length > 0 ? placed.unplaced.join('; ') : undefined,
    serviceFieldErrors: placed.fields,
    focus: first.id,
    list: undefined,
  };
}

/**
 * Send the values of formReduce's `submit` result through spec.onSubmit. Resolves 'done' on success (the state is
 * left as is: the caller closes the form), or 'error' after storing the error in state.serviceError and clearing
 * `submitting`. Never rejects. No check of its own: formReduce validated the values and refuses every key while
 * `submitting`, so each `submit` result is sent exactly once.
 */
export async function submitForm(
  spec: FormSpec,
  values: FormValues,
  setState: SetFormState,
): Promise<SubmitOutcome> {
  try {
    await spec.onSubmit(values);
    return 'done';
  } catch (error) {
    setState((s) => ({
      ...s,
      submitting: false,
      serviceFailure: failureOf(error),
      ...shownRefusal(spec, s, error),
    }));
    return 'error';
  }
}
