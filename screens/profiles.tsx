/**
 * Provisioning profiles: saved VM configurations. The list shows what each would create (flavor, image, where);
 * Enter shows the decoded configuration, c opens Create VM filled in from the selected profile, D deletes one
 * (type its name). The service sends a profile's configuration as a JSON string (the old spec: an object): both
 * are decoded by the schema, and a profile whose configuration cannot be read is listed and says so.
 */
import type { Environment } from '../src/api/schemas/environment.js';
import type { Profile } from '../src/api/schemas/profile.js';
import { age, dateTime, envRegionText, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { ui } from '../src/store/state/app-store.js';
import { liveMark } from '../src/store/state/pending.js';
import { storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { openScreenAt } from '../src/ui/screen/handoff.js';
import {
  declaredBindings,
  ResourceScreen,
  type ResourceSpec,
  type RowContext,
} from '../src/ui/screen/ResourceScreen.js';
import { ageColumn } from '../src/ui/table/age-column.js';
import type { Column } from '../src/ui/table/types.js';
import { STATUS_SYMBOL, type Theme } from '../src/ui/theme.js';
import { openCreateVm } from './forms/vm-create.js';

/** A profile with the region of its environment (from the environment list, when it has that environment). */
export interface ProfileRow {
  p: Profile;
  region: string | undefined;
  /** "deleting", from the moment D was confirmed until the profile is gone. */
  pending: string | undefined;
}

const yes = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : NONE);

function columns(theme: Theme, now: number): Column<ProfileRow>[] {
  return [
    {
      id: 'name',
      title: 'NAME',
      value: (r) => r.p.name,
      minWidth: 20,
      priority: 0,
    },
    {
      id: 'env',
      title: 'ENVIRONMENT/REGION',
      value: (r) => (r.p.data?.environment_name ? envRegionText(r.p.data.environment_name, r.region) : null),
      minWidth: 24,
      priority: 0,
    },
    {
      id: 'flavor',
      title: 'FLAVOR',
      value: (r) =>
        r.p.data?.flavor_name
          ? `${(r.p.data.count ?? 1) > 1 ? `${r.p.data.count} × ` : ''}${r.p.data.flavor_name}`
          : null,
      minWidth: 14,
      priority: 0,
    },
    {
      id: 'image',
      title: 'IMAGE',
      value: (r) => r.p.data?.image_name ?? null,
      minWidth: 16,
      maxWidth: 40,
      priority: 2,
    },
    {
      id: 'description',
      title: 'DESCRIPTION',
      value: (r) => r.p.description || null,
      text: (r) =>
        r.pending
          ? `${STATUS_SYMBOL.busy} ${r.pending}…`
          : r.p.data
            ? (r.p.description ?? '')
            : '(configuration unreadable)',
      color: (r) => (r.pending || !r.p.data ? theme.warn : undefined),
      minWidth: 14,
      maxWidth: 40,
      priority: 3,
    },
    // the least telling column here: it gives way before the description
    { ...ageColumn((r: ProfileRow) => r.p.created_at, now), priority: 4 },
  ];
}

export function profileRows(ctx: RowContext<'profiles'>): readonly ProfileRow[] {
  const envs = new Map<string, Environment>((ctx.also('environments') ?? []).map((e) => [e.name, e]));
  const now = Date.now();
  const rows = ctx.data.map((p) => ({
    p,
    region: p.data?.environment_name ? envs.get(p.data.environment_name)?.region : undefined,
    pending: liveMark(ctx.pending, `profile:${p.id}`, 'saved', now)?.label,
  }));
  if (ctx.region === 'ALL') return rows;
  return rows.filter((r) => !r.region || r.region === ctx.region);
}

export function profileDetailLines(r: ProfileRow, now: number): DetailLine[] {
  const { p } = r;
  const d = p.data;
  const lines: DetailLine[] = [
    section(`Profile ${p.name}`),
    field('Description', p.description || NONE),
    field('Created', p.created_at ? `${dateTime(p.created_at)} (${age(p.created_at, now)} ago)` : NONE),
  ];
  if (!d) {
    lines.push(
      text(
        'Its configuration is not a JSON object: it cannot fill in the Create VM form (y shows it as the service sent it).',
        'warn',
      ),
    );
    return lines;
  }
  lines.push(
    section('Creates'),
    field('Environment', d.environment_name ? envRegionText(d.environment_name, r.region) : NONE),
    field('Flavor', d.flavor_name ?? NONE),
    field('Count', d.count ?? 1),
    field('Image', d.image_name ?? NONE),
    field('Key pair', d.key_name ?? NONE),
    field('Public IP', yes(d.assign_floating_ip)),
    field('Boot volume', yes(d.create_bootable_volume)),
  );
  if (d.volume_name) lines.push(field('Volume', d.volume_name));
  if (d.callback_url) lines.push(field('Callback URL', d.callback_url));
  lines.push(section('User data'));
  if (!d.user_data) lines.push(text('none', 'dim'));
  else for (const l of d.user_data.replace(/\n$/, '').split('\n')) lines.push(text(l));
  return lines;
}

/** Deletes a profile after its name is typed. VMs created from it are not touched. */
export function deleteProfile(deps: ActionDeps, p: Profile): void {
  const name = sanitize(p.name);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete profile ${name}?`,
    message:
      'Only the saved configuration goes: VMs created from it are not touched. Type its name to confirm.',
    expected: p.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.profiles.delete(p.id), {
        doing: `Deleting profile ${name}`,
        done: `Profile ${name} deleted`,
        refresh: ['profiles'],
        pending: { key: `profile:${p.id}`, label: 'deleting', from: 'saved' },
      }),
  });
}

export const PROFILES_SPEC: ResourceSpec<ProfileRow, 'profiles'> = {
  resource: 'profiles',
  also: ['environments'],
  noun: 'profiles',
  columns,
  rowId: (r) => String(r.p.id),
  rows: profileRows,
  emptyText:
    'no provisioning profile yet: fill "Save as profile" in the Create VM form (c on the VMs screen)',
  pendingPrefix: 'profile',
  pending: { key: (r) => `profile:${r.p.id}`, status: () => 'saved' },
  detail: {
    title: (r) => `profile ${r.p.name}`,
    // The profile read alone while open (GET /core/profiles/{id}); the list's until it lands.
    watch: (r) => [storeKey('profile', r.p.id)],
    lines: (r, slice, now) =>
      profileDetailLines(
        { ...r, p: fresher(slice(storeKey('profile', r.p.id)), slice('profiles'), r.p) },
        now,
      ),
    raw: (r) => r.p,
  },
  actions: [
    {
      key: 'c',
      label: 'create VM from it',
      mutation: true,
      blocked: (r) => (r.p.data ? undefined : 'its configuration cannot be read: nothing to fill in'),
      run: (r, app) =>
        void openCreateVm(app.deps, {
          profile: r.p,
          // the new VMs show CREATING on the VMs screen, the first selected, followed until ACTIVE
          onCreated: (vms) =>
            vms[0] ? openScreenAt(app, 'vms', 'vms', String(vms[0].id)) : ui.setScreen(app.deps.store, 'vms'),
        }),
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      run: (r, app) => deleteProfile(app.deps, r.p),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([PROFILES_SPEC]);

/** Provisioning profiles: inspect, create a VM from one, delete. */
export function ProfilesScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={PROFILES_SPEC} />;
}
