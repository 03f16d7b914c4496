import type { Firewall } from '../../src/api/schemas/firewall.js';
import type { Image } from '../../src/api/schemas/image.js';
import type { Profile } from '../../src/api/schemas/profile.js';
import type { Vm, VmCreateInput } from '../../src/api/schemas/vm.js';
import { SSH_RULE } from '../../src/domain/firewall-rule.js';
import { perHour } from '../../src/domain/format.js';
import { LEASE_HOURS, leaseLabel, parseLeaseInput } from '../../src/domain/lease.js';
import {
  charCount,
  PROFILE_NAME_MAX,
  plainNameError,
  VM_NAME_MAX,
  vmNameError,
  vmNamesFor,
} from '../../src/domain/names.js';
import { flavorHourly, priceMap } from '../../src/domain/pricing.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { bootVolumeBlocker, imageFlavorBlocker } from '../../src/domain/vm-blockers.js';
import { followVms } from '../../src/store/actions/follow-kinds.js';
import {
  envNamed,
  type FormContext,
  type FormData,
  flavorsIn,
  imagesIn,
  loadFormData,
} from '../../src/store/actions/form-data.js';
import { addToList } from '../../src/store/actions/list-update.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate, runAction } from '../../src/store/actions/mutate.js';
import { nameCheck } from '../../src/store/actions/name-check.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FieldOption, FieldSpec, FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';
import { flavorField } from './flavor-field.js';
import { IMPORT_KEY, inlineImporter, inlineImportFields, keypairField } from './keypair-import.js';
import { fileProblem, readSmallFile } from './keypair-source.js';
import {
  PROFILE_KEYS,
  type ProfileSaver,
  pickProfile,
  profileDataOf,
  profileSaver,
  type VmValues,
  valuesFromProfile,
} from './profile-data.js';
import { IMPORT_KEY_FIELDS, serviceFieldsByRequest } from './service-fields.js';
import { loadVmQuotas, vmQuotaError, vmQuotaText } from './vm-quota.js';

/** User data larger than this is refused before sending (the service's own limit is not documented). */
export const USER_DATA_MAX = 64 * 1024;
/**
 * Most VMs one request creates. The OpenAPI gives `count` no maximum; the service refuses more than 20 (the
 * simulator, which answers as the service does, says "count must be at most 20"), the same 20 the OpenAPI sets
 * for a cluster node group (`max_count`). Nothing in the form works per VM beyond it (the names list).
 */
export const VM_COUNT_MAX = 20;
/** The pricebook entry of a public IP, when the pricebook has one. */
export const PUBLIC_IP_PRICE = 'public-ip';

/** The count to work with: a whole number within 1…VM_COUNT_MAX, else 1 (the field shows its own error). */
const countOf = (v: number | undefined): number =>
  v !== undefined && Number.isInteger(v) && v >= 1 && v <= VM_COUNT_MAX ? v : 1;

// ── the form ─────────────────────────────────────────────────────────────────────────────────────────────

export interface CreateVmOptions {
  /** Pre-fill the form from this provisioning profile. */
  profile?: Profile | undefined;
  /** Environment chosen when the form opens. */
  environment?: string | undefined;
  /** Flavor chosen when the form opens (a stock watch that came in), with an environment of its region. */
  flavor?: { name: string; region: string } | undefined;
  /** Called with the VMs the service created (all CREATING), after they were put in the list: select them. */
  onCreated?: (vms: readonly Vm[]) => void;
}

/** The names of the VMs that exist now (the live list when the store has it). */
function takenNames(ctx: FormContext): Set<string> {
  const live = readData(ctx.deps.store, 'vms');
  return new Set((live ?? ctx.data.vms ?? []).map((v) => v.name));
}

/** "gpu-vm-3": the first name of that form no VM has yet (→ takes it in the form). */
export function freeName(taken: ReadonlySet<string>): string {
  let n = 1;
  while (taken.has(`gpu-vm-${n}`)) n++;
  return `gpu-vm-${n}`;
}

/** The live check of the user data field. */
function userDataError(value: string, values: VmValues): string | undefined {
  if (value !== '' && value === values[PROFILE_KEYS.userDataLabel]) return undefined;
  if (value.startsWith('@')) {
    const path = value.slice(1).trim();
    if (!path) return 'type a file path after @ (e.g. @~/cloud-init.yaml)';
    return fileProblem(path, USER_DATA_MAX);
  }
  const n = Buffer.byteLength(value, 'utf8');
  return n > USER_DATA_MAX
    ? `too long (${Math.ceil(n / 1024)} KiB, at most ${USER_DATA_MAX / 1024} KiB)`
    : undefined;
}

/** The user data to send: the typed text, the file's content (read now), or the profile's text. */
function userDataFor(values: VmValues): string | undefined {
  const value = values.user_data;
  if (value === '') return undefined;
  if (value === values[PROFILE_KEYS.userDataLabel]) return values[PROFILE_KEYS.userData] ?? '';
  if (!value.startsWith('@')) return value;
  const read = readSmallFile(value.slice(1), USER_DATA_MAX);
  if (!read.ok) throw new Error(`user data: ${read.error}`);
  return read.text;
}

/**
 * An image as a select option: refused, saying which flavors it runs on, when the chosen flavor is not one of them
 * (a `hard` flavor restriction). So the image field's error follows the flavor live, whichever is chosen first.
 */
function imageOption(i: Image, flavor: string): FieldOption {
  const hint = [i.type, i.version, i.display_size].filter(Boolean).join(' · ');
  const option: FieldOption = hint
    ? { label: i.name, value: i.name, hint }
    : { label: i.name, value: i.name };
  const blocked = flavor ? imageFlavorBlocker(i, flavor) : undefined;
  // "image X runs only on …" → "X runs only on …" (a reason that starts with the label is shown as it is)
  if (blocked) option.disabled = blocked.startsWith('image ') ? blocked.slice('image '.length) : blocked;
  return option;
}

/** Why the chosen flavor cannot boot from a volume, when the toggle asks for it. */
function bootVolumeError(data: FormData, region: string | undefined, values: VmValues): string | undefined {
  if (!values.boot_volume) return undefined;
  const flavor = flavorsIn(data, region).find((f) => f.name === values.flavor);
  return flavor ? bootVolumeBlocker(flavor) : undefined;
}

/** The first environment of a region (for a flavor chosen before the form opens). */
function envIn(ctx: FormContext, region: string | undefined): string | undefined {
  return region ? ctx.data.environments?.find((e) => e.region === region)?.name : undefined;
}

/** The environment chosen when the form opens: asked for, the only one, or the only one of the region filter. */
function defaultEnv(ctx: FormContext, wanted: string | undefined): string | undefined {
  const envs = ctx.data.environments ?? [];
  if (wanted && envs.some((e) => e.name === wanted)) return wanted;
  if (envs.length === 1) return envs[0]?.name;
  const region = ctx.deps.store.getState().region;
  const inRegion = envs.filter((e) => e.region === region);
  return inRegion.length === 1 ? inRegion[0]?.name : undefined;
}

/** The lease: none, some hours, or until a date (a label every operator sees; `guard` acts on it). */
function leaseFields(): FieldSpec<VmValues>[] {
  return [
    {
      id: 'lease',
      kind: 'select',
      label: 'Lease',
      help: 'An end time in a label (lease-until=…) every operator sees; `guard` hibernates the VM once it is over.',
      options: () => [
        { label: 'none', value: 'none' },
        ...LEASE_HOURS.map((h) => ({ label: `${h} h`, value: String(h) })),
        { label: 'until a date…', value: 'date' },
      ],
    },
    {
      id: 'lease_until',
      kind: 'text',
      label: 'Lease until',
      placeholder: '2026-12-01 18:00 (UTC)',
      hidden: (values) => values.lease !== 'date',
      validate: (v) => {
        const at = parseLeaseInput(v, Date.now());
        return typeof at === 'string' ? at : undefined;
      },
    },
  ];
}

/** The fields of "Create VM": what each VM is, where, from what, and what else the request asks for. */
function vmFields(ctx: FormContext, profiles: ProfileSaver): FieldSpec<VmValues>[] {
  const { data, deps } = ctx;
  const envOf = (values: VmValues) => envNamed(data, values.environment)?.name;
  const regionOf = (values: VmValues) => envNamed(data, values.environment)?.region;
  return [
    {
      id: 'name',
      kind: 'text',
      label: 'Name',
      maxLength: VM_NAME_MAX,
      counter: true,
      placeholder: 'e.g. gpu-train-1',
      suggestion: freeName(takenNames(ctx)),
      help: 'Several VMs are named <name>-1 … <name>-N.',
      validate: (name, values) => {
        const e = vmNameError(name);
        if (e) return e;
        const taken = takenNames(ctx);
        const clash = vmNamesFor(name, countOf(values.count)).find((n) => taken.has(n));
        return clash ? `a VM named ${clash} already exists` : undefined;
      },
    },
    {
      id: 'environment',
      kind: 'select',
      label: 'Environment',
      help: 'Its region decides the images and flavors offered; its key pairs are the ones offered.',
      options: () =>
        (data.environments ?? []).map((e) => ({
          label: e.name,
          value: e.name,
          hint: [e.region, vmQuotaText(deps, e)].filter(Boolean).join(' · '),
        })),
      // A full environment is changed here; one with room for fewer than the count, in Count.
      validate: (_v, values) => vmQuotaError(deps, envNamed(data, values.environment), 1),
    },
    {
      id: 'image',
      kind: 'select',
      label: 'Image',
      help: 'An image restricted to some flavors is refused with the others.',
      options: (values) => imagesIn(data, regionOf(values)).map((i) => imageOption(i, values.flavor ?? '')),
      validate: (_v, values) => (regionOf(values) ? undefined : 'choose an environment first'),
    },
    flavorField({
      id: 'flavor',
      label: 'Flavor',
      help: 'GPU × count · CPU · RAM · disk · price per hour (pricebook) · stock.',
      data,
      prices: priceMap(data.pricebook),
      regionOf,
    }),
    keypairField(ctx, envOf),
    ...inlineImportFields(ctx, envOf),
    {
      id: 'count',
      kind: 'number',
      label: 'Count',
      min: 1,
      max: VM_COUNT_MAX,
      integer: true,
      help: `How many VMs (at most ${VM_COUNT_MAX} at once, and what the environment's quota leaves).`,
      validate: (v, values) => {
        const env = envNamed(data, values.environment);
        return vmQuotaError(deps, env, 1) ? undefined : vmQuotaError(deps, env, countOf(v));
      },
    },
    {
      id: 'public_ip',
      kind: 'toggle',
      label: 'Public IP',
      help: 'Assign a public (floating) IP to each VM.',
    },
    {
      id: 'open_ssh',
      kind: 'toggle',
      label: 'Open SSH',
      // Create_Instances_Payload's `security_rules`: the rule goes with the create, no second request.
      help: 'A rule on each VM letting SSH (tcp/22) in from anywhere (0.0.0.0/0), sent with the create.',
    },
    {
      id: 'firewalls',
      kind: 'multi-select',
      label: 'Firewalls',
      // No field of the create body attaches one: Attach_firewalls_to_VM follows the create, for each new VM.
      help: 'Attached to each new VM right after it is created (a second request, said in the status line).',
      hidden: (values) => firewallsIn(data, envOf(values)).length === 0,
      options: (values) =>
        firewallsIn(data, envOf(values)).map((f) => ({
          label: f.name,
          value: String(f.id),
          hint: `${f.rules?.length ?? 0} rule${f.rules?.length === 1 ? '' : 's'}`,
        })),
    },
    ...laterFields(ctx, profiles, regionOf),
  ];
}

/** The fields after where and what: how it boots, what runs at first boot, its lease, and saving it as a profile. */
function laterFields(
  ctx: FormContext,
  profiles: ProfileSaver,
  regionOf: (values: VmValues) => string | undefined,
): FieldSpec<VmValues>[] {
  const { data, deps } = ctx;
  return [
    {
      id: 'boot_volume',
      kind: 'toggle',
      label: 'Bootable volume',
      help: 'Boot from a volume (it outlives a rebuild) instead of the local disk.',
      validate: (_v, values) => bootVolumeError(data, regionOf(values), values),
    },
    {
      id: 'user_data',
      kind: 'text',
      label: 'User data',
      placeholder: 'optional: a script, or @path to send a file',
      // Room for the most the form sends (USER_DATA_MAX bytes); a larger paste is cut there, and the form says so.
      maxInput: USER_DATA_MAX,
      help: 'Run at first boot (cloud-init). Typed text is sent as one line; @path sends a file, e.g. @~/cloud-init.yaml (read when you create).',
      validate: userDataError,
    },
    ...leaseFields(),
    {
      id: 'save_profile',
      kind: 'text',
      label: 'Save as profile',
      maxLength: PROFILE_NAME_MAX,
      placeholder: 'optional: a profile name',
      help: 'Also saves this configuration (all but the name) as a provisioning profile.',
      validate: (name) => {
        if (name === '') return undefined;
        const e = plainNameError(name, PROFILE_NAME_MAX);
        if (e) return e;
        const mine = profiles.saved();
        const live = readData(deps.store, 'profiles') ?? data.profiles;
        const taken = (live ?? []).some((p) => p.name === name && p.id !== mine?.id);
        return taken
          ? `a profile named ${name} already exists (profiles cannot be changed: pick a new name)`
          : undefined;
      },
    },
  ];
}

/** "Create VM", with the choices of `ctx.data`. */
export function createVmForm(ctx: FormContext, opts: CreateVmOptions = {}): FormSpec<VmValues> {
  const { data, deps } = ctx;
  const prices = priceMap(data.pricebook);
  const importKey = inlineImporter(deps);
  const profiles = profileSaver(deps);
  const nameFree = nameCheck('VM', (api, name, count) => api.vms.nameAvailable(name, count));
  const fromProfile = opts.profile ? valuesFromProfile(opts.profile) : {};
  const callbackUrl = fromProfile[PROFILE_KEYS.callbackUrl];

  const notes = ['The new VMs show at once as CREATING and are followed until ACTIVE.'];
  if (opts.profile) {
    notes.push(`Filled in from profile ${opts.profile.name}: change anything before creating.`);
    if (callbackUrl) notes.push(`The profile's callback ${callbackUrl} is attached to the new VMs.`);
  }

  return {
    title: opts.profile ? `Create VM from profile ${opts.profile.name}` : 'Create VM',
    notes,
    fields: vmFields(ctx, profiles),
    initial: {
      name: '',
      environment: defaultEnv(ctx, opts.environment ?? envIn(ctx, opts.flavor?.region)),
      image: undefined,
      flavor: opts.flavor?.name,
      keypair: undefined,
      new_key_name: '',
      public_key: '',
      count: 1,
      public_ip: false,
      open_ssh: false,
      firewalls: [],
      boot_volume: false,
      user_data: '',
      lease: 'none',
      lease_until: '',
      save_profile: '',
      ...fromProfile,
    },
    summary: (values) => summaryOf(data, prices, values),
    submitLabel: 'Create',
    // The body's names (VmCreateInput) that differ from the field ids; the key import and the profile's own.
    serviceFields: serviceFieldsByRequest(
      {
        environment_name: 'environment',
        image_name: 'image',
        flavor_name: 'flavor',
        key_name: 'keypair',
        assign_floating_ip: 'public_ip',
        create_bootable_volume: 'boot_volume',
      },
      { '/core/keypairs': IMPORT_KEY_FIELDS, '/core/profiles': { name: 'save_profile' } },
    ),
    onSubmit: async (values) => {
      const env = values.environment ?? '';
      // read before anything is sent: a file that cannot be read stops the submit here
      const userData = userDataFor(values);
      await nameFree(deps, values.name, countOf(values.count));
      const body: VmCreateInput = {
        name: values.name,
        environment_name: env,
        image_name: values.image ?? '',
        flavor_name: values.flavor ?? '',
        key_name: await importKey(values, env),
        count: countOf(values.count),
        assign_floating_ip: values.public_ip,
        create_bootable_volume: values.boot_volume,
      };
      if (values.open_ssh) body.security_rules = [{ ...SSH_RULE }];
      if (userData !== undefined) body.user_data = userData;
      const lease = leaseEnd(values, Date.now());
      if (lease !== undefined) body.labels = [leaseLabel(lease)];
      const callback = values[PROFILE_KEYS.callbackUrl];
      if (callback) body.callback_url = callback;
      if (values.save_profile) {
        const volume = values[PROFILE_KEYS.volumeName] || undefined;
        const what = `${body.count} × ${body.flavor_name} in ${env}`;
        await profiles.save(values.save_profile, what, profileDataOf(body, volume));
      }
      const vms = await createVms(deps, body, opts);
      const chosen = firewallsIn(data, env).filter((f) => values.firewalls.includes(String(f.id)));
      // After the form has closed: the VMs exist, so a refused attachment is said, never sent again by a resubmit.
      if (chosen.length > 0 && vms.length > 0) void attachFirewalls(deps, vms, chosen);
    },
  };
}

/** When the lease chosen ends (undefined: none), counted from `now`. */
function leaseEnd(values: VmValues, now: number): number | undefined {
  if (!values.lease || values.lease === 'none') return undefined;
  if (values.lease === 'date') {
    const at = parseLeaseInput(values.lease_until, now);
    if (typeof at === 'string') throw new Error(`lease: ${at}`);
    return at;
  }
  return now + Number(values.lease) * 3_600_000;
}

/** The firewalls of an environment (by name). */
function firewallsIn(data: FormData, env: string | undefined): Firewall[] {
  return env ? (data.firewalls ?? []).filter((f) => f.environment?.name === env) : [];
}

/** Attaches the chosen firewalls to each new VM (Attach_firewalls_to_VM), each outcome in the status line. */
async function attachFirewalls(
  deps: ActionDeps,
  vms: readonly Vm[],
  firewalls: readonly Firewall[],
): Promise<void> {
  const names = firewalls.map((f) => sanitize(f.name)).join(', ');
  const ids = firewalls.map((f) => f.id);
  for (const vm of vms) {
    await runAction(deps, (api) => api.vms.attachFirewalls(vm.id, ids), {
      doing: `Attaching ${names} to ${sanitize(vm.name)}`,
      done: `${names} attached to ${sanitize(vm.name)}`,
      refresh: [],
    });
  }
  // the firewalls' list once, after every VM's attachment (not a whole reload after each of up to 20)
  await deps.poller.refreshAfter('firewalls').catch(() => {});
}

/** Sends the create, puts the new VMs in the list and follows them; the VMs made. */
async function createVms(
  deps: ActionDeps,
  body: VmCreateInput,
  opts: CreateVmOptions,
): Promise<readonly Vm[]> {
  const { name, count } = body;
  const vms = await mutate(deps, (api) => api.vms.create(body), {
    doing: `Creating ${count === 1 ? `VM ${name}` : `${count} VMs ${name}-1 … ${name}-${count}`}`,
    done: (created: Vm[]) =>
      `${created.length === 1 ? `VM ${created[0]?.name}` : `${created.length} VMs`} CREATING: followed until ACTIVE`,
    verify: ['vms'],
  });
  addToList(deps.store, 'vms', vms);
  opts.onCreated?.(vms);
  // The form closes now; the list follows the new VMs in the background (a big list reads them alone; an
  // answer naming none: the list whole).
  const made = vms.map((v) => v.id);
  void deps.poller.refreshAfter('vms', made).catch(() => {});
  // "VM ux-test is ACTIVE after 20 s — C copies ssh", once, whichever screen is shown then
  if (vms.length > 0) followVms(deps, vms);
  return vms;
}

/** "2 × n3-H100x1 in CANADA-1 (prod-canada) · $3.80/h for all ($1.90/h each)". */
function summaryOf(
  data: FormData,
  prices: ReadonlyMap<string, number>,
  values: VmValues,
): string | undefined {
  const env = envNamed(data, values.environment);
  if (!env) return undefined;
  const flavor = flavorsIn(data, env.region).find((f) => f.name === values.flavor);
  if (!flavor) return `in ${env.region} (${env.name}): choose a flavor`;
  if (countOf(values.count) !== values.count) {
    return `${flavor.name} in ${env.region} (${env.name}): a count from 1 to ${VM_COUNT_MAX}`;
  }
  const count = countOf(values.count);
  const { name } = values;
  const names = count > 1 && name && charCount(name) <= VM_NAME_MAX ? ` as ${name}-1 … ${name}-${count}` : '';
  const head = `${count} × ${flavor.name} in ${env.region} (${env.name})${names}`;
  const each = flavorHourly(flavor, prices);
  if (each === undefined) return `${head} · price unknown (not in the pricebook)`;
  const ipPrice = values.public_ip ? prices.get(PUBLIC_IP_PRICE) : 0;
  const unit = each + (ipPrice ?? 0);
  const ipNote = values.public_ip
    ? ipPrice === undefined
      ? ', public IPs not priced'
      : ', public IPs included'
    : '';
  const total = Math.round(unit * count * 10_000) / 10_000;
  const ssh = values.open_ssh ? ' · SSH open to all' : '';
  return `${head} · ${perHour(total)} for all${count > 1 ? ` (${perHour(unit)} each)` : ''}${ipNote}${ssh}`;
}

/** Opens "Create VM" (refused in read-only mode; loads the lists it chooses from first). */
export async function openCreateVm(deps: ActionDeps, opts: CreateVmOptions = {}): Promise<void> {
  const data = await loadFormData(
    deps,
    ['environments', 'keypairs', 'images', 'flavors'],
    ['stocks', 'pricebook', 'profiles', 'vms', 'firewalls'],
    { title: opts.profile ? `Create VM from profile ${opts.profile.name}` : 'Create VM' },
  );
  if (!data) return;
  if ((data.environments ?? []).length === 0) {
    ui.say(deps.store, 'no environment yet: create one first (E on the Keys screen)', 'error');
    return;
  }
  loadVmQuotas(deps, data.environments ?? []);
  ui.openForm(deps.store, createVmForm({ deps, data }, opts));
}

/** Asks which provisioning profile to start from, then opens "Create VM" filled in from it. */
export async function openCreateVmFromProfile(deps: ActionDeps, opts: CreateVmOptions = {}): Promise<void> {
  await pickProfile(deps, (profile) => void openCreateVm(deps, { ...opts, profile }));
}

/** The key pair value that imports a new key (re-exported for the screens and tests). */
export { IMPORT_KEY };
