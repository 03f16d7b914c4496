// The options of selects: filtering an open list, the window of it shown, the words for a refused option, and
// keeping dependent selects consistent when a change takes an option away.
import type { FieldOption, FieldSpec, FormSpec, FormValue, FormValues } from '../../store/state/form-spec.js';
import { asArray, isSelect, type SelectField } from './fields.js';
import { LIST_WINDOW } from './form-state.js';

/** The options a select offers for these values. */
export function fieldOptions(field: FieldSpec, values: FormValues): readonly FieldOption[] {
  return isSelect(field) ? field.options(values) : [];
}

/** Options whose label or value contains the query (case-insensitive), with their index in the full list. */
export function filterOptions(
  options: readonly FieldOption[],
  query: string,
): { option: FieldOption; index: number }[] {
  const q = query.trim().toLowerCase();
  const out: { option: FieldOption; index: number }[] = [];
  options.forEach((option, index) => {
    if (!q || option.label.toLowerCase().includes(q) || option.value.toLowerCase().includes(q)) {
      out.push({ option, index });
    }
  });
  return out;
}

/** The first enabled option among the filtered ones (or the first one). */
export function firstEnabled(filtered: { option: FieldOption }[]): number {
  const i = filtered.findIndex((x) => !x.option.disabled);
  return Math.max(i, 0);
}

/** The slice [start, end) of `total` rows to show so that `highlight` is in view, about centred. */
export function optionWindow(
  total: number,
  highlight: number,
  size = LIST_WINDOW,
): { start: number; end: number } {
  const rows = Math.max(1, size);
  if (total <= rows) return { start: 0, end: total };
  const start = Math.max(0, Math.min(highlight - Math.floor(rows / 2), total - rows));
  return { start, end: start + rows };
}

/** "n3-H100x8 is out of stock". */
export function disabledMessage(option: FieldOption): string {
  const reason = option.disabled ?? '';
  return reason.startsWith(option.label) ? reason : `${option.label} is ${reason}`;
}

function optionKeys(f: SelectField, values: FormValues): string {
  return f
    .options(values)
    .map((o) => o.value)
    .join('\u0000');
}

/**
 * After a change: a select whose option list changed because of it drops a value no longer offered (and is
 * marked touched, so "required" shows). Repeats while clearing one select changes another's options.
 */
export function reconcile(
  spec: FormSpec,
  before: FormValues,
  after: Record<string, FormValue>,
  touched: Record<string, true>,
): void {
  let prev = before;
  for (let round = 0; round <= spec.fields.length; round++) {
    const snapshot = { ...after };
    let changed = false;
    for (const f of spec.fields) {
      if (!isSelect(f) || f.hidden?.(after)) continue;
      if (optionKeys(f, prev) === optionKeys(f, after)) continue;
      const offered = new Set(f.options(after).map((o) => o.value));
      const v = after[f.id];
      if (f.kind === 'select') {
        if (typeof v === 'string' && !offered.has(v)) {
          after[f.id] = undefined;
          touched[f.id] = true;
          changed = true;
        }
      } else {
        const kept = asArray(v).filter((x) => offered.has(x));
        if (kept.length !== asArray(v).length) {
          after[f.id] = kept;
          touched[f.id] = true;
          changed = true;
        }
      }
    }
    if (!changed) return;
    prev = snapshot;
  }
}
