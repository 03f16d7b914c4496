import { query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import {
  type BillableResourceType,
  type Contract,
  ContractListResponse,
  ContractResponse,
  PaymentListResponse,
  PricebookResponse,
  ResourceRateResponse,
  UsageResponse,
} from '../schemas/billing.js';
import { type CallOptions, toPage } from './shared.js';

/** Billing reads: resource rates, contracts, usage cost history and payments. */
export function billingEndpoints(t: Transport) {
  return {
    /** Hourly prices of what can be rented (GPU models by name …); not in the spec's list, from the OpenAPI. */
    pricebook: (o?: CallOptions) =>
      t.request({
        method: 'GET',
        path: '/pricebook',
        schema: PricebookResponse,
        retry: true,
        signal: o?.signal,
      }),

    /** Hourly rate of one resource, with its components and discounts. */
    resourceRate: (type: BillableResourceType, id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/pricebook/calculate/resource/${seg(type)}/${seg(id)}`,
          schema: ResourceRateResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.calculated_resource_bills),

    contracts: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/pricebook/contracts',
          schema: ContractListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => toPage(r.contracts, r)),

    contract: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: `/pricebook/contracts/${seg(id)}`,
          schema: ContractResponse,
          retry: true,
          signal: o?.signal,
        })
        // the schema refuses a body with neither key
        .then((r) => (r.contract ?? r.contracts) as Contract),

    /** Usage cost per resource; `deleted: true` lists terminated resources instead of active ones. */
    usage: (o?: CallOptions & { deleted?: boolean; environment?: string | number }) =>
      t
        .request({
          method: 'GET',
          path: '/billing/billing/usage',
          query: query('Get_usage', { deleted: o?.deleted, environment: o?.environment }),
          schema: UsageResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.data),

    payments: (o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: '/billing/payment/payment-details',
          schema: PaymentListResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.data),
  };
}
