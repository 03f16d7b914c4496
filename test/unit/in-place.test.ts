import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateInPlace } from '../../src/api/in-place.js';
import { AckResponse } from '../../src/api/schemas/common.js';
import { VmGetResponse, VmListResponse } from '../../src/api/schemas/vm.js';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const vm = (id: number) => ({
  id,
  name: `vm-${id}`,
  status: 'ACTIVE',
  environment: { id: 1, name: 'prod', region: 'CANADA-1' },
  image: { name: 'Ubuntu' },
  flavor: { id: 2, name: 'n3-H100x1', cpu: 28, ram: '180.0', disk: 100, gpu: 'H100', gpu_count: 1 },
  keypair: null,
  labels: ['a', 'b'],
  security_rules: [{ id: 5, direction: 'ingress', protocol: null, port_range_min: 22, extra: 'kept' }],
  volume_attachments: [],
  locked: false,
  unknown_field: { deep: [1, 2] },
});

// Values a field may hold, valid or not, to disturb a VM with.
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 5 }),
  fc.constantFrom('16.0', ' 3 ', 'x1', '0'),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ name: 'n' }),
  fc.constant(0),
  fc.constant(1),
);
const FIELDS = [
  'id',
  'name',
  'status',
  'environment',
  'image',
  'flavor',
  'labels',
  'security_rules',
  'locked',
  'cluster_id',
  'created_at',
];

describe('validateInPlace (validation without zod’s copy)', () => {
  it('keeps the very objects JSON.parse made, transforms included (ram "180.0" → 180)', () => {
    const body = { status: true, instances: [vm(1), vm(2)], page: '1', count: 2 };
    const json = clone(body);
    const first = json.instances[0];
    const r = validateInPlace(VmListResponse, json);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toBe(json);
    expect((r.value as typeof json).instances[0]).toBe(first);
    expect(r.value).toEqual(VmListResponse.parse(clone(body)));
    expect(first?.flavor.ram).toBe(180);
    expect((r.value as typeof json).page).toBe(1);
  });

  it('accepts exactly what zod accepts, with the same output, for any disturbed VM list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.option(anyJson, { nil: undefined })), {
          maxLength: 3,
        }),
        fc.option(anyJson, { nil: undefined }),
        (changes, status) => {
          const body: Record<string, unknown> = { instances: [vm(1), vm(2)] };
          if (status !== undefined) body.status = status;
          const target = body.instances as Record<string, unknown>[];
          for (const [k, v] of changes) {
            if (v === undefined) delete target[0]?.[k];
            else (target[0] as Record<string, unknown>)[k] = v;
          }
          const expected = VmListResponse.safeParse(clone(body));
          const got = validateInPlace(VmListResponse, clone(body));
          expect(got.ok).toBe(expected.success);
          if (got.ok && expected.success) expect(got.value).toEqual(expected.data);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('leaves to zod what it cannot check in place: refinements, strict objects, defaults', () => {
    expect(validateInPlace(VmGetResponse, { instances: [] }).ok).toBe(false);
    expect(validateInPlace(VmGetResponse, { instance: vm(3) }).ok).toBe(true);
    const strict = z.object({ a: z.number() });
    const r = validateInPlace(z.looseObject({ inner: strict }), { inner: { a: 1, b: 2 } });
    expect(r).toEqual({ ok: true, value: { inner: { a: 1 } } });
    const withDefault = z.looseObject({ n: z.number().default(7) });
    expect(validateInPlace(withDefault, {})).toEqual({ ok: true, value: { n: 7 } });
    expect(validateInPlace(AckResponse, {})).toEqual({ ok: true, value: {} });
    expect(validateInPlace(AckResponse, { status: 1 })).toEqual({ ok: true, value: { status: true } });
  });
});
