/** Resizing a VM: another flavor of its region, with what it does to the hourly price (Resize_VM, OpenAPI). */
import type { Flavor } from '../../src/api/schemas/flavor.js';
import type { Vm } from '../../src/api/schemas/vm.js';
import { money, perHour } from '../../src/domain/format.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { type FormContext, flavorsIn, loadFormData } from '../../src/store/actions/form-data.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { Field, FormSpec, FormValues } from '../../src/store/state/form-spec.js';
import { flavorField } from './flavor-field.js';

/** "+$1.35/h", "−$0.40/h", "same price". */
export function priceChange(from: number | undefined, to: number | undefined): string {
  if (from === undefined || to === undefined) return 'price change unknown';
  const d = Math.round((to - from) * 10_000) / 10_000;
  if (d === 0) return 'same price';
  return `${d > 0 ? '+' : '−'}${money(Math.abs(d))}/h`;
}

/** Each flavor option says first what it does to the hourly price ("+$1.35/h"). */
function withPriceChange<V extends FormValues, K extends keyof V & string>(
  field: Field<V, K, 'select'>,
  ctx: FormContext,
  region: string,
  prices: ReadonlyMap<string, number>,
  fromPrice: number | undefined,
): Field<V, K, 'select'> {
  const byName = new Map(flavorsIn(ctx.data, region).map((f) => [f.name, f]));
  return {
    ...field,
    options: (values) =>
      field.options(values).map((o) => {
        const f = byName.get(o.value);
        const change = f ? priceChange(fromPrice, flavorHourly(f, prices)) : undefined;
        return change ? { ...o, hint: `${change} · ${o.hint ?? ''}` } : o;
      }),
  };
}

/** "Resize VM": one field, the new flavor (the flavors of the VM's region, but its own). */
type ResizeValues = { flavor: string | undefined };

export function resizeVmForm(ctx: FormContext, vm: Vm, region: string): FormSpec<ResizeValues> {
  const prices = priceMap(ctx.data.pricebook);
  const current = vm.flavor?.name ?? '';
  const currentFlavor: Flavor | undefined = flavorsIn(ctx.data, region).find((f) => f.name === current);
  const fromPrice = currentFlavor ? flavorHourly(currentFlavor, prices) : undefined;
  const name = sanitize(vm.name);
  const flavorOf = (values: ResizeValues) =>
    flavorsIn(ctx.data, region).find((f) => f.name === values.flavor);
  const field = flavorField<ResizeValues, 'flavor'>({
    id: 'flavor',
    label: 'New flavor',
    help: `The flavors of ${region}: change of the hourly price · price (pricebook) · stock.`,
    data: ctx.data,
    prices,
    regionOf: () => region,
    only: (f) => f.name !== current,
  });
  return {
    title: `Resize ${name}`,
    notes: [
      `Now ${current || 'an unknown flavor'}${fromPrice !== undefined ? ` at ${perHour(fromPrice)}` : ''}, in ${region}. The VM is RESIZING for a few minutes, then back as it was (running or stopped).`,
    ],
    fields: [withPriceChange(field, ctx, region, prices, fromPrice)],
    initial: { flavor: undefined },
    summary: (values) => {
      const to = flavorOf(values);
      if (!to) return undefined;
      const toPrice = flavorHourly(to, prices);
      const price =
        toPrice === undefined
          ? 'price unknown'
          : `${fromPrice !== undefined ? `${perHour(fromPrice)} → ` : ''}${perHour(toPrice)}`;
      return `${current} → ${to.name} · ${price} (${priceChange(fromPrice, toPrice)})`;
    },
    submitLabel: 'Resize',
    serviceFields: { flavor_name: 'flavor', flavor: 'flavor' },
    onSubmit: async (values) => {
      const flavor = values.flavor ?? '';
      const key = `vm:${vm.id}`;
      // RESIZING in the list at once; the mark goes when the list shows the service's own status
      ui.markPending(ctx.deps.store, key, 'RESIZING', vm.status ?? undefined);
      const { store, poller } = ctx.deps;
      try {
        await mutate(ctx.deps, (api) => api.vms.resize(vm.id, flavor), {
          doing: `Resizing ${name} to ${flavor}`,
          done: `Resize of ${name} to ${flavor} requested: RESIZING, followed until it is done`,
          verify: ['vms'],
        });
      } catch (e) {
        ui.clearPending(store, key);
        throw e;
      }
      // A resize ends in the status it started from: the mark cannot wait for "another status", so it goes once the
      // list after the request is in (it shows RESIZING, followed fast until it settles).
      void poller
        .refreshAfter('vms', [vm.id])
        .then(() => {
          if (store.getState().slices.vms?.status === 'ok') ui.clearPending(store, key);
        })
        .catch(() => {});
    },
  };
}

/** Loads the flavors, stock and prices, then opens "Resize" for this VM. */
export async function openResizeVm(deps: ActionDeps, vm: Vm, region: string | undefined): Promise<void> {
  if (!region) {
    ui.say(deps.store, `cannot resize ${sanitize(vm.name)}: its region is not known yet`, 'error');
    return;
  }
  const data = await loadFormData(deps, ['flavors'], ['stocks', 'pricebook'], { title: `Resize ${vm.name}` });
  if (!data) return;
  ui.openForm(deps.store, resizeVmForm({ deps, data }, vm, region));
}
