import { describe, expect, it } from 'vitest';
import {
  InviteListResponse,
  InviteResponse,
  OrganizationResponse,
  PolicyListResponse,
} from '../../src/api/schemas/auth.js';
import {
  ContractListResponse,
  ContractResponse,
  PaymentListResponse,
  ResourceRateResponse,
  UsageResponse,
} from '../../src/api/schemas/billing.js';
import { inviteBody, inviteListBody, organizationBody, policyListBody } from '../fixtures/api/auth.js';
import {
  contractListBody,
  contractOpenApiBody,
  contractSpecBody,
  paymentsBody,
  resourceRateBody,
  usageBody,
} from '../fixtures/api/billing.js';
import { clone, firstIssue } from '../fixtures/schema-helpers.js';

describe('billing', () => {
  it('resource rate: decimal strings become numbers, nulls pass', () => {
    const r = ResourceRateResponse.parse(resourceRateBody).calculated_resource_bills;
    expect(r.resource.price).toBe(1.45);
    expect(r.resource.infrahub_id).toBe(1);
    expect(r.resource.resources?.[1]).toMatchObject({ rate: 0.00672, discounted_rate: null });
  });
  it('resource rate: rejects a non-numeric price', () => {
    const body = clone(resourceRateBody);
    body.calculated_resource_bills.resource.resources[0]!.rate = 'n/a' as unknown as number;
    expect(firstIssue(ResourceRateResponse, body).path).toBe(
      'calculated_resource_bills.resource.resources[0].rate',
    );
  });
  it('contracts: count, fractional price_per_hour, discount nulls and strings', () => {
    const r = ContractListResponse.parse(contractListBody);
    expect(r.count).toBe(1);
    const c = r.contracts[0]!;
    expect(c.price_per_hour).toBe(1.08);
    expect(c.discounts?.[0]).toMatchObject({
      discount_amount: null,
      discount_percent: 20,
      validity_days: null,
    });
    expect(c.discounts?.[0]?.remaining_count).toBe(7);
  });
  it('one contract under `contract` (spec) or `contracts` (OpenAPI); neither is rejected', () => {
    expect(ContractResponse.parse(contractSpecBody).contract?.id).toBe(21);
    expect(ContractResponse.parse(contractOpenApiBody).contracts?.id).toBe(21);
    expect(firstIssue(ContractResponse, { status: true }).path).toBe('contract');
  });
  it('rejects a contract whose id is a string', () => {
    const body = clone(contractListBody);
    (body.contracts[0] as Record<string, unknown>).id = '21';
    expect(firstIssue(ContractListResponse, body).path).toBe('contracts[0].id');
  });
  it('usage: bill_per_minute null for terminated, strings to numbers', () => {
    const [a, b] = UsageResponse.parse(usageBody).data;
    expect(a).toMatchObject({ bill_per_minute: 0.02416, total_bill: 34.79, terminate_time: null });
    expect(b!.bill_per_minute).toBeNull();
  });
  it('usage: rejects a record without resource_type', () => {
    const body = clone(usageBody);
    delete (body.data[1] as Record<string, unknown>).resource_type;
    expect(firstIssue(UsageResponse, body).path).toBe('data[1].resource_type');
  });
  it('payments: nulls everywhere but the list', () => {
    const [a, b] = PaymentListResponse.parse(paymentsBody).data;
    expect(a).toMatchObject({ amount: 250, status: 'payment_initiated', tax_amount: 0 });
    expect(b!.amount).toBeNull();
    expect(firstIssue(PaymentListResponse, { status: true }).path).toBe('data');
  });
});

describe('auth', () => {
  it('organization with members, numeric strings', () => {
    const o = OrganizationResponse.parse(organizationBody).organization;
    expect(o.credit).toBe(1200.5);
    expect(o.users?.[0]?.rbac_roles).toEqual([{ name: 'admin' }]);
    expect(o.users?.[0]?.last_login).toBeNull();
  });
  it('organization without a name is rejected', () => {
    const body = clone(organizationBody);
    delete (body.organization as Record<string, unknown>).name;
    expect(firstIssue(OrganizationResponse, body).path).toBe('organization.name');
  });
  it('invites: list and created invite (or none echoed)', () => {
    expect(InviteListResponse.parse(inviteListBody).invites[0]!.email).toBe('new@acme.invalid');
    expect(InviteResponse.parse(inviteBody).invite?.id).toBe(4);
    expect(InviteResponse.parse({ status: true, message: 'ok' }).invite).toBeUndefined();
    expect(firstIssue(InviteListResponse, { invites: [{ id: 'x', email: 'a' }] }).path).toBe('invites[0].id');
  });
  it('policies with permissions; a permission must be a string', () => {
    expect(PolicyListResponse.parse(policyListBody).policies[0]!.permissions?.[0]?.permission).toBe(
      'environment:list',
    );
    const body = clone(policyListBody);
    (body.policies[0]!.permissions[0] as Record<string, unknown>).permission = 5;
    expect(firstIssue(PolicyListResponse, body).path).toBe('policies[0].permissions[0].permission');
  });
});
