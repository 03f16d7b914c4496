import type { Profile } from '../src/api/schemas/profile.js';
import { age, dateTime, envRegionText, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { type ActionDeps, runAction } from '../src/store/actions/mutate.js';
import { ui } from '../src/store/state/app-store.js';
import { storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { openScreenAt } from '../src/ui/screen/handoff.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { openCreateVm } from './forms/vm-create.js';
import { PROFILES_LIST, type ProfileRow } from './lists/profiles.js';

const yes = (v: boolean | null | undefined) => (v === true ? 'yes' : v === false ? 'no' : NONE);

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
  ...PROFILES_LIST,
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
