import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
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
    pricebook: (o?: CallOptions) => call(t, op.Get_pricebook, o, { schema: PricebookResponse }),

    /** Hourly rate of one resource, with its components and discounts. */
    resourceRate: (type: BillableResourceType, id: number, o?: CallOptions) =>
      call(t, op.Calculate_resource_billing_rate, o, {
        params: { resource_type: type, id },
        schema: ResourceRateResponse,
      }).then((r) => r.calculated_resource_bills),

    contracts: (o?: CallOptions) =>
      call(t, op.List_customer_contracts, o, { schema: ContractListResponse }).then((r) =>
        toPage(r.contracts, r),
      ),

    contract: (id: number, o?: CallOptions) =>
      call(t, op.Retrieve_contract, o, { params: { contract_id: id }, schema: ContractResponse })
        // the schema refuses a body with neither key
        .then((r) => (r.contract ?? r.contracts) as Contract),

    /** Usage cost per resource; `deleted: true` lists terminated resources instead of active ones. */
    usage: (o?: CallOptions & { deleted?: boolean; environment?: string | number }) =>
      call(t, op.Get_usage, o, {
        query: { deleted: o?.deleted, environment: o?.environment },
        schema: UsageResponse,
      }).then((r) => r.data),

    payments: (o?: CallOptions) =>
      call(t, op.List_payment_details, o, { schema: PaymentListResponse }).then((r) => r.data),
  };
}
