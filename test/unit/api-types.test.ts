/**
 * The request types come from the corrected OpenAPI document (`npm run gen:api` → src/api/openapi.gen.ts): the
 * committed file is what the generator makes of the document and its corrections now, a body or query the corrected
 * schema forbids does not compile (test/unit/ts-expect-error.test.ts checks each for its own error), and nothing of
 * the document reaches the bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED, inputsHash, readHashes } from '../../scripts/gen-api.js';
import { call } from '../../src/api/operation.js';
import * as op from '../../src/api/operations.gen.js';
import type { Transport } from '../../src/api/request.js';
import { AckResponse } from '../../src/api/schemas/common.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The checks' calls: nothing is sent (they are compiled, not run). */
const t = { request: async () => ({}) } as unknown as Transport;
const vm = { vm_id: 7 };
const schema = AckResponse;

/** Compile-time checks: each @ts-expect-error line fails for the reason it names (test/unit/ts-expect-error.test.ts). */
export function forbiddenBodies(): unknown[] {
  return [
    call(t, op.Create_firewall_rule_for_VM, undefined, {
      params: vm,
      body: {
        direction: 'ingress',
        ethertype: 'IPv4',
        protocol: 'tcp',
        remote_ip_prefix: '0.0.0.0/0',
        // @ts-expect-error the VM is the path's: the body declares no virtual_machine_id (corrections.ts) (tsc: `'virtual_machine_id' does not exist`)
        virtual_machine_id: 7,
      },
      schema,
    }),
    call(t, op.Create_firewall_rule_for_VM, undefined, {
      params: vm,
      body: {
        direction: 'ingress',
        ethertype: 'IPv4',
        // @ts-expect-error a protocol the service does not know (tsc: `'"tcpp"' is not assignable`)
        protocol: 'tcpp',
        remote_ip_prefix: '0.0.0.0/0',
      },
      schema,
    }),
    call(t, op.Create_Snapshot_for_VM, undefined, {
      params: vm,
      // @ts-expect-error a snapshot needs its name (tsc: `Property 'name' is missing`)
      body: { description: 'before the upgrade' },
      schema,
    }),
    call(t, op.Create_VMs, undefined, {
      // @ts-expect-error count is a number (tsc: `Type 'string' is not assignable to type 'number'`)
      body: { name: 'a', environment_name: 'e', flavor_name: 'f', key_name: 'k', count: '1' },
      schema,
    }),
    call(t, op.Create_Cluster, undefined, {
      body: {
        name: 'c',
        environment_name: 'e',
        keypair_name: 'k',
        kubernetes_version: '1.27',
        master_flavor_name: 'f',
        // @ts-expect-error a field the operation does not declare, nested in an array (tsc: `'colour' does not exist`)
        node_groups: [{ name: 'g', flavor_name: 'f', count: 1, role: 'worker', colour: 'red' }],
      },
      schema,
    }),
    // @ts-expect-error a query parameter the operation does not have (tsc: `'region' does not exist`)
    call(t, op.List_VMs, undefined, { query: { region: 'CANADA-1' }, schema }),
  ];
}

/** What compiles only because of the corrections. */
export function correctedBodies(): unknown[] {
  return [
    call(t, op.Create_Snapshot_for_VM, undefined, { params: vm, body: { name: 's' }, schema }),
    call(t, op.Create_profile, undefined, {
      body: { name: 'p', data: { count: 1, assign_floating_ip: false, security_rules: [] } },
      schema,
    }),
    call(t, op.Create_firewall_rule_for_VM, undefined, {
      params: vm,
      body: { direction: 'ingress', ethertype: 'IPv4', protocol: 'icmp', remote_ip_prefix: '0.0.0.0/0' },
      schema,
    }),
    call(t, op.List_environments, undefined, { query: { page: 2, pageSize: 50 }, schema }),
  ];
}

describe('request types from the corrected OpenAPI document', () => {
  it('the generated file is what `npm run gen:api` makes of the document and its corrections now', () => {
    const h = readHashes(readFileSync(GENERATED, 'utf8'));
    expect(h.output, 'src/api/openapi.gen.ts was edited by hand: run npm run gen:api').toBe(h.actual);
    expect(h.inputs, 'src/api/openapi.gen.ts is stale: run npm run gen:api').toBe(inputsHash());
  });

  it('nothing of the document or a validator is in the bundle', () => {
    const bundle = `${ROOT}dist/cli.js`;
    if (!existsSync(bundle))
      throw new Error('dist/cli.js is missing: npm test builds it first (npm run build)');
    const text = readFileSync(bundle, 'utf8');
    for (const trace of [
      'Create_Security_Rule_Payload',
      'components["schemas"]',
      'ajv',
      'openapi-typescript',
    ])
      expect(text.includes(trace), trace).toBe(false);
  });
});
