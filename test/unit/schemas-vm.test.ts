import { describe, expect, it } from 'vitest';
import { VmCreateResponse, VmGetResponse, VmListResponse } from '../../src/api/schemas/vm.js';
import { vm, vmListBody } from '../fixtures/api/vm.js';
import { clone, firstIssue, issuePaths } from '../fixtures/schema-helpers.js';

describe('VmListResponse accepts what the service sends', () => {
  const body = vmListBody(3, { page: 1, page_size: 3, count: 7 });
  const parsed = VmListResponse.parse(body);

  it('keeps the pagination fields', () => {
    expect([parsed.page, parsed.page_size, parsed.count]).toEqual([1, 3, 7]);
  });

  it('turns the decimal string ram into a number', () => {
    expect(parsed.instances[0]!.flavor!.ram).toBe(120);
  });

  it('accepts nulls and keeps unknown fields, at every level', () => {
    const v = parsed.instances[0]!;
    expect(v.floating_ip).toBeNull();
    expect(v.contract_id).toBeNull();
    expect(v.callback_url).toBeNull();
    expect(v.locked).toBe(false);
    expect(v.port_randomization_status).toBe('DISABLED');
    expect(v.environment?.features).toEqual({ network_optimised: true, green_status: 'GREEN' });
    expect(v.flavor?.labels).toEqual([{ id: 3, label: 'network_optimised' }]);
    expect(v.volume_attachments?.[0]?.volume?.description).toBeNull();
    expect(v.volume_attachments?.[0]?.protected).toBe(false);
    expect(v.security_rules?.[1]?.port_range_min).toBeNull();
  });

  it('accepts a rule whose protocol is null (any protocol)', () => {
    const r = VmListResponse.parse({
      instances: [
        vm(1, { security_rules: [{ id: 1, direction: 'egress', protocol: null, port_range_min: null }] }),
      ],
    });
    expect(r.instances[0]!.security_rules?.[0]?.protocol).toBeNull();
  });

  it('accepts a VM with no image, key pair, attachments, rules or labels (nulls or absent)', () => {
    const lean = { id: 9, name: 'bare', status: 'CREATING', image: null, keypair: null, labels: null };
    const r = VmListResponse.parse({ status: true, message: 'ok', instances: [lean] });
    expect(r.instances[0]).toEqual(lean);
  });

  it('accepts the spec shape: no envelope pagination, numeric ram', () => {
    const r = VmListResponse.parse({
      status: true,
      message: 'ok',
      instances: [vm(1, { flavor: { name: 'f', ram: 16 } })],
    });
    expect(r.page).toBeUndefined();
    expect(r.instances[0]!.flavor!.ram).toBe(16);
  });
});

describe('VmListResponse rejects what is broken, naming the field', () => {
  it('missing instances', () => {
    expect(firstIssue(VmListResponse, { status: true, message: 'ok' }).path).toBe('instances');
  });

  it('instances that is not an array', () => {
    expect(firstIssue(VmListResponse, { status: true, instances: {} }).path).toBe('instances');
  });

  it('an id that is not a number', () => {
    const body = clone(vmListBody(5));
    (body.instances[3] as Record<string, unknown>).id = '4';
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[3].id']);
  });

  it('a status that is not a string', () => {
    const body = clone(vmListBody(2));
    (body.instances[1] as Record<string, unknown>).status = 3;
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[1].status']);
  });

  it('a missing name', () => {
    const body = clone(vmListBody(1));
    delete (body.instances[0] as Record<string, unknown>).name;
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[0].name']);
  });

  it('a ram that is not numeric', () => {
    const body = clone(vmListBody(1));
    (body.instances[0]!.flavor as Record<string, unknown>).ram = 'lots';
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[0].flavor.ram']);
  });

  it('a nested firewall rule id that is not a number', () => {
    const body = clone(vmListBody(1));
    (body.instances[0]!.security_rules[1] as Record<string, unknown>).id = 'x';
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[0].security_rules[1].id']);
  });

  it('a volume attachment whose volume has no id', () => {
    const body = clone(vmListBody(1));
    delete (body.instances[0]!.volume_attachments[0]!.volume as Record<string, unknown>).id;
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[0].volume_attachments[0].volume.id']);
  });

  it('labels that are not strings', () => {
    const body = clone(vmListBody(1));
    (body.instances[0] as Record<string, unknown>).labels = [1];
    expect(issuePaths(VmListResponse, body)).toEqual(['instances[0].labels[0]']);
  });
});

describe('VmGetResponse', () => {
  it('accepts `instance` (the service)', () => {
    expect(VmGetResponse.parse({ status: true, message: 'ok', instance: vm(4) }).instance?.id).toBe(4);
  });
  it('accepts `instances[]` (the spec)', () => {
    expect(VmGetResponse.parse({ status: true, message: 'ok', instances: [vm(5)] }).instances?.[0]?.id).toBe(
      5,
    );
  });
  it('rejects a body with neither, naming `instance`', () => {
    expect(firstIssue(VmGetResponse, { status: true, message: 'ok' }).path).toBe('instance');
    expect(firstIssue(VmGetResponse, { status: true, instances: [] }).path).toBe('instance');
  });
  it('rejects a broken instance at its field', () => {
    expect(firstIssue(VmGetResponse, { instance: { ...vm(1), name: null } }).path).toBe('instance.name');
  });
});

describe('VmCreateResponse', () => {
  it('accepts the created VMs', () => {
    const r = VmCreateResponse.parse({
      status: true,
      message: 'ok',
      instances: [vm(1, { status: 'CREATING' })],
    });
    expect(r.instances[0]!.status).toBe('CREATING');
  });
  it('rejects a body without instances', () => {
    expect(firstIssue(VmCreateResponse, { status: true }).path).toBe('instances');
  });
});
