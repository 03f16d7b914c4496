/** Editing a VM's labels (Add_VM_Label, OpenAPI): the labels typed replace the VM's labels. */
import type { Vm } from '../../src/api/schemas/vm.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

/** The service's limits on one label and on how many (the simulator's; the OpenAPI gives none). */
export const LABEL_MAX = 50;
export const LABELS_MAX = 20;

/** The labels of a line typed as "a b c" (spaces or commas between them), each once, in order. */
export function labelsOf(v: string): string[] {
  return [...new Set(v.split(/[\s,]+/).filter(Boolean))];
}

export function labelsError(labels: readonly string[]): string | undefined {
  if (labels.length > LABELS_MAX) return `at most ${LABELS_MAX} labels`;
  const long = labels.find((l) => [...l].length > LABEL_MAX);
  if (long) return `"${long.slice(0, 20)}…" is longer than ${LABEL_MAX} characters`;
  return undefined;
}

/** The form's values, by field id. */
type LabelsValues = {
  labels: string;
};

export function labelsForm(deps: ActionDeps, vm: Vm): FormSpec<LabelsValues> {
  const name = sanitize(vm.name);
  const current = vm.labels ?? [];
  return {
    title: `Labels of ${name}`,
    notes: ['Separate labels with spaces. The labels here replace the VM’s; empty removes them all.'],
    fields: [
      {
        id: 'labels',
        kind: 'text',
        label: 'Labels',
        placeholder: 'training staging',
        maxInput: (LABEL_MAX + 1) * LABELS_MAX + 100,
        validate: (v) => labelsError(labelsOf(v)),
      },
    ],
    initial: { labels: current.join(' ') },
    summary: (values) => {
      const next = labelsOf(values.labels);
      const added = next.filter((l) => !current.includes(l));
      const removed = current.filter((l) => !next.includes(l));
      if (!added.length && !removed.length) return 'no change';
      return [added.length ? `+ ${added.join(' ')}` : '', removed.length ? `− ${removed.join(' ')}` : '']
        .filter(Boolean)
        .join('  ');
    },
    submitLabel: 'Save labels',
    onSubmit: async (values) => {
      const labels = labelsOf(values.labels);
      await mutate(deps, (api) => api.vms.editLabels(vm.id, labels), {
        doing: `Saving the labels of ${name}`,
        done: `Labels of ${name} saved`,
        refresh: ['vms'],
        items: { vms: [vm.id] },
      });
    },
  };
}

export function openLabelsForm(deps: ActionDeps, vm: Vm): void {
  ui.openForm(deps.store, labelsForm(deps, vm));
}
