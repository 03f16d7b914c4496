/** A flavor field of a form (create VM, create cluster): the flavors of a region with price and stock. */
import type { Flavor } from '../../src/api/schemas/flavor.js';
import { gb, perHour } from '../../src/domain/format.js';
import { flavorHourly } from '../../src/domain/pricing.js';
import { isOutOfStock, stockText } from '../../src/domain/stock.js';
import { type FormData, flavorsIn } from '../../src/store/actions/form-data.js';
import type { Field, FieldOption, FormValues } from '../../src/store/state/form-spec.js';

/**
 * "$1.90/h · stock: 3 nodes · 1× H100-80G-PCIe · 28 CPU · 180 GB RAM · 100 GB disk": price and stock first, as they
 * tell flavors apart and a narrow list cuts the end of the line.
 */
export function flavorHint(
  f: Flavor,
  region: string,
  data: FormData,
  prices: ReadonlyMap<string, number>,
): string {
  const price = flavorHourly(f, prices);
  const parts = [price === undefined ? 'price ?' : perHour(price)];
  const stock = stockText(f, region, data.stocks);
  if (stock) parts.push(stock);
  parts.push(
    f.gpu && f.gpu_count ? `${f.gpu_count}× ${f.gpu}` : 'CPU only',
    `${f.cpu ?? '?'} CPU`,
    `${gb(f.ram)} RAM`,
    `${f.disk ?? '?'} GB disk`,
  );
  return parts.join(' · ');
}

/** A flavor as a select option: refused with "out of stock in <region>" when sold out. */
export function flavorOption(
  f: Flavor,
  region: string,
  data: FormData,
  prices: ReadonlyMap<string, number>,
): FieldOption {
  const option: FieldOption = { label: f.name, value: f.name, hint: flavorHint(f, region, data, prices) };
  if (isOutOfStock(f, region, data.stocks)) option.disabled = `out of stock in ${region}`;
  return option;
}

/** A select of the flavors of the chosen environment's region (optionally narrowed), stock and price shown. */
export function flavorField<V extends FormValues, K extends keyof V & string>(o: {
  id: K;
  label: string;
  help: string;
  data: FormData;
  prices: ReadonlyMap<string, number>;
  regionOf: (values: V) => string | undefined;
  only?: (f: Flavor) => boolean;
}): Field<V, K, 'select'> {
  return {
    id: o.id,
    kind: 'select',
    label: o.label,
    help: o.help,
    options: (values) => {
      const region = o.regionOf(values);
      if (!region) return [];
      const flavors = flavorsIn(o.data, region);
      return (o.only ? flavors.filter(o.only) : flavors).map((f) =>
        flavorOption(f, region, o.data, o.prices),
      );
    },
    validate: (_v, values) => (o.regionOf(values) ? undefined : 'choose an environment first'),
  };
}
