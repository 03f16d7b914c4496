// A create-VM-like form spec shared by the form tests: dependent selects, a long flavor list with an out-of-stock
// option, a bounded number, a toggle that shows a hidden field, a multi-select.

import type { FieldOption, FormSpec, FormValues } from '../../src/store/state/form-spec.js';
import type { FormResult, FormState } from '../../src/ui/form/form-state.js';
import { formReduce } from '../../src/ui/form/reducer.js';

export const REGION_OF: Record<string, string> = { 'env-no': 'NORWAY-1', 'env-ca': 'CANADA-1' };

export const IMAGES: Record<string, FieldOption[]> = {
  'NORWAY-1': [
    { label: 'Ubuntu 22.04 (NO)', value: 'img-no-2204' },
    { label: 'Ubuntu 24.04 (NO)', value: 'img-no-2404' },
  ],
  'CANADA-1': [{ label: 'Ubuntu 22.04 (CA)', value: 'img-ca-2204' }],
};

/** 120 flavors in CANADA-1, a few in NORWAY-1; n3-H100x8 is out of stock everywhere. */
export function flavors(region: string | undefined): FieldOption[] {
  if (!region) return [];
  const out: FieldOption[] = [
    { label: 'n3-H100x1', value: 'n3-H100x1', hint: '$1.90/h' },
    { label: 'n3-H100x8', value: 'n3-H100x8', hint: '$15.20/h', disabled: 'out of stock' },
  ];
  const n = region === 'CANADA-1' ? 118 : 3;
  for (let i = 0; i < n; i++) out.push({ label: `n1-A100x${i + 1}`, value: `n1-A100x${i + 1}` });
  return out;
}

const regionOf = (v: FormValues) => REGION_OF[String(v.environment)];

export function vmSpec(onSubmit: (values: FormValues) => Promise<void> = async () => {}): FormSpec {
  return {
    title: 'Create VM',
    notes: ['Billing starts when the VM is ACTIVE.'],
    fields: [
      {
        id: 'name',
        label: 'Name',
        kind: 'text',
        maxLength: 50,
        counter: true,
        placeholder: 'gpu-1',
        validate: (v) =>
          typeof v !== 'string' || v === ''
            ? 'required'
            : /^[a-z][a-z0-9-]*$/.test(v)
              ? undefined
              : 'lower-case letters, digits and -',
      },
      {
        id: 'environment',
        label: 'Environment',
        kind: 'select',
        options: () => [
          { label: 'env-no', value: 'env-no', hint: 'NORWAY-1' },
          { label: 'env-ca', value: 'env-ca', hint: 'CANADA-1' },
        ],
      },
      { id: 'flavor', label: 'Flavor', kind: 'select', options: (v) => flavors(regionOf(v)) },
      {
        id: 'image',
        label: 'Image',
        kind: 'select',
        options: (v) => IMAGES[regionOf(v) ?? ''] ?? [],
      },
      { id: 'count', label: 'Count', kind: 'number', min: 1, max: 8, integer: true },
      { id: 'customDisk', label: 'Custom disk', kind: 'toggle' },
      {
        id: 'diskGb',
        label: 'Disk GB',
        kind: 'number',
        min: 10,
        max: 1000,
        integer: true,
        hidden: (v) => v.customDisk !== true,
      },
      {
        id: 'labels',
        label: 'Labels',
        kind: 'multi-select',
        options: () => [
          { label: 'prod', value: 'prod' },
          { label: 'team-ml', value: 'team-ml' },
          { label: 'platform', value: 'platform', disabled: 'reserved for the platform team' },
        ],
      },
    ],
    initial: { count: 1 },
    summary: (v) => (v.flavor ? `${String(v.count)} × ${String(v.flavor)}` : undefined),
    submitLabel: 'Create',
    onSubmit,
  };
}

/** Feeds key names through formReduce; a one-character name (or "space") is typed as itself. */
export function press(spec: FormSpec, state: FormState, ...names: string[]): FormResult {
  let r: FormResult = { state };
  for (const raw of names) {
    const name = raw === 'space' ? ' ' : raw;
    const input = name.length === 1 ? name : '';
    r = formReduce(spec, r.state, name, input, name.startsWith('ctrl+') ? { ctrl: true } : {});
  }
  return r;
}

/** Types text one character at a time. */
export function type(spec: FormSpec, state: FormState, text: string): FormState {
  return press(spec, state, ...[...text]).state;
}
