/** A custom period for a billing history chart: a start and an end (UTC), checked by the service before it shows. */
import { parseUserDate, periodProblem, periodText, shortDate } from '../../src/domain/billing-period.js';
import { checkBillingGraph } from '../../src/store/actions/credit-actions.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import type { FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import type { HistoryState } from '../billing/history-target.js';

const DATE_HINT = 'YYYY-MM-DD or YYYY-MM-DD HH:MM (UTC)';

/** The form's values, by field id. */
type PeriodValues = {
  start: string;
  end: string;
};

export function billingPeriodForm(
  deps: ActionDeps,
  state: HistoryState,
  onPeriod: (next: HistoryState) => void,
): FormSpec<PeriodValues> {
  const dateField = (id: keyof PeriodValues, label: string): FieldSpec<PeriodValues> => ({
    id,
    kind: 'text',
    label,
    maxLength: 16,
    help: DATE_HINT,
    validate: (v) => (parseUserDate(v) === undefined ? `a date as ${DATE_HINT}` : undefined),
  });
  return {
    title: `Billing history of ${state.target.name}: custom period`,
    notes: ['Hourly cost between the two dates (at most 92 days).'],
    fields: [dateField('start', 'From'), dateField('end', 'To')],
    initial: { start: shortDate(state.period.start), end: shortDate(state.period.end) },
    summary: (values) => {
      const start = parseUserDate(values.start);
      const end = parseUserDate(values.end);
      if (start === undefined || end === undefined) return undefined;
      return periodProblem({ start, end }) ?? periodText({ start, end });
    },
    submitLabel: 'Show',
    onSubmit: async (values) => {
      const period = { start: parseUserDate(values.start)!, end: parseUserDate(values.end)! };
      const problem = periodProblem(period);
      if (problem) throw new Error(problem);
      // the service's refusal (a date it does not take, a period too long) stays in this form
      await checkBillingGraph(deps, state.target.kind, state.target.id, period);
      onPeriod({ ...state, preset: 'custom', period });
    },
  };
}
