/** Billing: resource rates, contracts, usage and payments. */

import * as op from '../../api/operations.gen.js';
import {
  FLAVORS,
  flavorPrice,
  GPU_MODELS,
  PUBLIC_IP_RATE,
  round4,
  SNAPSHOT_GB_RATE,
  VOLUME_TYPES,
} from '../catalog.js';
import { type RouteDef, serve } from '../route.js';
import { invalid, notFound } from '../world/errors.js';
import { envOf, requireCluster, requireVm } from '../world/lookup.js';
import {
  actualPrice,
  clusterComponents,
  clusterPrice,
  listPrice,
  type PriceComponent,
  vmComponents,
  volumeGbRate,
} from '../world/pricing.js';
import { usageRecords } from '../world/usage.js';
import { volumeStatus } from '../world/volumes.js';
import type { World } from '../world.js';
import { idParam, ok, paginate } from './body.js';
import { contractJson } from './view-billing.js';

function componentJson(c: PriceComponent) {
  return {
    type: c.type,
    name: c.name,
    amount: c.amount,
    rate: c.rate,
    discounted_rate: c.discountedRate,
    price: round4(c.amount * c.rate),
    actual_price: round4(c.amount * c.discountedRate),
  };
}

function host(region: string, id: number): string {
  return `${region.slice(0, 2).toLowerCase()}1-compute-${String((id * 7) % 211).padStart(3, '0')}`;
}

function resourceBill(world: World, type: string, id: number) {
  switch (type) {
    case 'instance':
    case 'vm': {
      const vm = requireVm(world, id);
      const parts = vmComponents(world, vm, world.now());
      return {
        type: 'vm',
        name: vm.name,
        status: vm.status,
        host: host(envOf(world, vm.envId).region, vm.id),
        price: listPrice(parts),
        actual_price: actualPrice(parts),
        resources: parts.map(componentJson),
      };
    }
    case 'volume': {
      const v = world.volumes.get(id);
      if (!v) throw notFound(`Volume with id ${id} not found.`);
      const part: PriceComponent = {
        type: 'disk',
        name: `${v.volumeType} (GB)`,
        amount: v.size,
        rate: volumeGbRate(v),
        discountedRate: volumeGbRate(v),
      };
      return {
        type: 'volume',
        name: v.name,
        status: volumeStatus(v),
        host: host(envOf(world, v.envId).region, v.id),
        price: listPrice([part]),
        actual_price: actualPrice([part]),
        resources: [componentJson(part)],
      };
    }
    case 'cluster': {
      const c = requireCluster(world, id);
      const price = clusterPrice(c);
      return {
        type: 'cluster',
        name: c.name,
        status: c.status,
        host: host(envOf(world, c.envId).region, c.id),
        price,
        actual_price: price,
        resources: clusterComponents(c).map(componentJson),
      };
    }
    case 'container':
      throw notFound(`Container with id ${id} not found.`);
    default:
      throw invalid(`resource_type must be one of instance, volume, container, cluster; got "${type}".`);
  }
}

export const billingRoutes: RouteDef[] = [
  serve(op.Calculate_resource_billing_rate, {
    handle: (req, world) => {
      const id = idParam(req);
      const r = resourceBill(world, req.params.resource_type ?? '', id);
      return ok('Calculated resource billing rate', {
        calculated_resource_bills: {
          org_id: world.org.id,
          resource: { ...r, infrahub_id: id },
        },
      });
    },
  }),
  serve(op.Get_pricebook, {
    // A bare array, as the OpenAPI document says: GPU models per GPU-hour, CPU-only flavors, public IP, snapshot GB-hour.
    handle: (_req, world) => {
      const since = new Date(world.now() - 90 * 86_400_000).toISOString();
      const entries: Array<[string, number]> = [
        ...Object.entries(GPU_MODELS),
        ...FLAVORS.filter((f) => f.gpuCount === 0).map((f): [string, number] => [f.name, flavorPrice(f)]),
        ['public-ip', PUBLIC_IP_RATE],
        ['snapshot', SNAPSHOT_GB_RATE],
        // per GB-hour, named as the volume type is
        ...Object.entries(VOLUME_TYPES),
      ];
      const unique = new Map(entries);
      return {
        body: [...unique].map(([name, value], i) => ({
          id: i + 1,
          name,
          // per-GB prices are finer than a cent's hundredth: kept whole
          value: name in VOLUME_TYPES ? value : round4(value),
          original_value: name in VOLUME_TYPES ? value : round4(value),
          discount_applied: false,
          start_time: since,
          end_time: null,
        })),
      };
    },
  }),
  serve(op.List_customer_contracts, {
    handle: (req, world) => {
      const now = world.now();
      const page = paginate(req, [...world.contracts.values()]);
      return ok('Getting contracts successful', {
        count: page.count,
        contracts: page.items.map((c) => contractJson(world.org.id, c, now, true)),
      });
    },
  }),
  serve(op.Retrieve_contract, {
    handle: (req, world) => {
      const id = idParam(req, 'contract_id');
      const c = world.contracts.get(id);
      if (!c) throw notFound(`Contract with id ${id} not found.`);
      const json = contractJson(world.org.id, c, world.now(), false);
      // CustomerContractDetailResponseModel's `contracts` (one object; service-api.md says `contract`)
      return ok('Getting contract successful', { contracts: json });
    },
  }),
  serve(op.Get_usage, {
    handle: (req, world) => {
      const deleted = req.query.get('deleted');
      if (deleted !== null && deleted !== 'true' && deleted !== 'false') {
        throw invalid('deleted must be "true" or "false".');
      }
      const data = usageRecords(world, {
        deleted: deleted === 'true',
        environment: req.query.get('environment'),
      });
      return ok('Getting billing usage successful', { data });
    },
  }),
  serve(op.List_payment_details, {
    handle: (_req, world) =>
      ok('Getting payment details successful', { data: world.payments.map((p) => ({ ...p })) }),
  }),
];
