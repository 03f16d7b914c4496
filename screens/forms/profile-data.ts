/**
 * Provisioning profiles and the Create VM form: a profile pre-fills the form ("from profile"), and the form's
 * "Save as profile" field stores what is being created as a new profile.
 */
import type { Profile, ProfileData } from '../../src/api/schemas/profile.js';
import type { VmCreateInput } from '../../src/api/schemas/vm.js';
import { SSH_RULE } from '../../src/domain/firewall-rule.js';
import { sanitize } from '../../src/domain/sanitize.js';
import { loadFormData } from '../../src/store/actions/form-data.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import { cleanInput } from '../../src/ui/TextInput.js';
import type { KeypairChoice } from './keypair-import.js';

/** Extra form values (not fields) that carry what a profile holds beyond the fields. */
export const PROFILE_KEYS = {
  /** The profile's multi-line user data, sent as is while the user data field still shows its label. */
  userData: '$profile_user_data',
  /** The label the user data field shows for it. */
  userDataLabel: '$profile_user_data_label',
  callbackUrl: '$callback_url',
  volumeName: '$volume_name',
} as const;

/** The Create VM form's values: its fields by id, and what a profile holds beyond them (PROFILE_KEYS). */
export type VmValues = KeypairChoice & {
  name: string;
  environment: string | undefined;
  image: string | undefined;
  flavor: string | undefined;
  count: number | undefined;
  public_ip: boolean;
  /** A rule on each new VM letting SSH (tcp/22) in from anywhere, sent with the create. */
  open_ssh: boolean;
  /** Firewalls (ids) of the environment attached to each new VM right after the create. */
  firewalls: readonly string[];
  boot_volume: boolean;
  user_data: string;
  /** 'none', hours ('4', '8', '24') or 'date' (then lease_until). */
  lease: string | undefined;
  lease_until: string;
  save_profile: string;
  [PROFILE_KEYS.userData]?: string;
  [PROFILE_KEYS.userDataLabel]?: string;
  [PROFILE_KEYS.callbackUrl]?: string;
  [PROFILE_KEYS.volumeName]?: string;
};

/** The Create VM form's values for a profile: fields by id, plus the PROFILE_KEYS extras. */
export function valuesFromProfile(p: Profile): Partial<VmValues> {
  const d: ProfileData = p.data ?? {};
  const out: { -readonly [K in keyof VmValues]?: VmValues[K] } = {};
  if (d.environment_name) out.environment = d.environment_name;
  if (d.image_name) out.image = d.image_name;
  if (d.flavor_name) out.flavor = d.flavor_name;
  if (d.key_name) out.keypair = d.key_name;
  if (typeof d.count === 'number' && d.count >= 1) out.count = d.count;
  out.public_ip = d.assign_floating_ip === true;
  out.open_ssh = hasSshRule(d.security_rules);
  out.boot_volume = d.create_bootable_volume === true;
  const ud = d.user_data ?? '';
  if (ud !== '' && cleanInput(ud) !== ud) {
    // A one-line field would turn its line breaks into spaces: keep the text aside, show a label instead.
    const lines = ud.replace(/\n$/, '').split('\n').length;
    const label = `(user data of profile ${cleanInput(p.name)}: ${lines} line${lines === 1 ? '' : 's'})`;
    out.user_data = label;
    out[PROFILE_KEYS.userData] = ud;
    out[PROFILE_KEYS.userDataLabel] = label;
  } else if (ud !== '') {
    out.user_data = ud;
  }
  if (d.callback_url) out[PROFILE_KEYS.callbackUrl] = d.callback_url;
  if (d.volume_name) out[PROFILE_KEYS.volumeName] = d.volume_name;
  return out;
}

/** What a profile saves of a create-VM request (everything but the name). */
export function profileDataOf(body: VmCreateInput, volumeName?: string): ProfileData {
  const d: ProfileData = {
    environment_name: body.environment_name,
    image_name: body.image_name,
    flavor_name: body.flavor_name,
    key_name: body.key_name,
    count: body.count,
    assign_floating_ip: body.assign_floating_ip ?? false,
    create_bootable_volume: body.create_bootable_volume ?? false,
  };
  if (body.security_rules?.length) d.security_rules = body.security_rules;
  if (body.user_data !== undefined) d.user_data = body.user_data;
  if (body.callback_url !== undefined) d.callback_url = body.callback_url;
  if (volumeName) d.volume_name = volumeName;
  return d;
}

/** "gpu-dev — 1 × n3-H100x1 in research-norway: Interactive dev box": a profile in one line. */
export function profileLine(p: Profile): string {
  const d = p.data ?? {};
  const what = d.flavor_name ? `${d.count ?? 1} × ${d.flavor_name}` : 'no flavor';
  const where = d.environment_name ? ` in ${d.environment_name}` : '';
  return `${p.name} — ${what}${where}${p.description ? `: ${p.description}` : ''}`;
}

/**
 * The "save as profile" step of the Create VM submit. Saves before the VMs are created (a refused profile name
 * then costs nothing); remembers what it saved, so a second submit after the creation failed does not save it
 * twice, and replaces it (delete, save again) if the form was changed in between.
 */
export interface ProfileSaver {
  save(name: string, description: string, data: ProfileData): Promise<void>;
  /** The profile saved by this form, if any (its name is not "already taken" for this form). */
  saved(): { id: number; name: string } | undefined;
}

export function profileSaver(deps: ActionDeps): ProfileSaver {
  let saved: { id: number; name: string; json: string } | undefined;
  return {
    saved: () => saved,
    async save(name, description, data) {
      const json = JSON.stringify(data);
      if (saved && saved.name === name && saved.json === json) return;
      const previous = saved;
      if (previous && previous.name === name) {
        await mutate(deps, (api) => api.profiles.delete(previous.id), {
          doing: `Replacing profile ${name}`,
          done: `Profile ${name} removed, saving it again`,
        });
        saved = undefined;
      }
      const p = await mutate(deps, (api) => api.profiles.create({ name, description, data }), {
        doing: `Saving profile ${name}`,
        done: `Profile ${name} saved`,
        refresh: ['profiles'],
      });
      saved = { id: p.id, name: p.name, json };
    },
  };
}

/** Asks which profile to start from (a 'choose' dialog), then calls `then` with it. */
export async function pickProfile(deps: ActionDeps, then: (p: Profile) => void): Promise<void> {
  const data = await loadFormData(deps, ['profiles'], [], { title: 'Create VM from a profile' });
  if (!data) return;
  const profiles = [...(data.profiles ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  if (profiles.length === 0) {
    ui.say(
      deps.store,
      'no provisioning profile yet: fill "Save as profile" in the Create VM form (c)',
      'info',
    );
    return;
  }
  ui.openModal(deps.store, {
    kind: 'choose',
    title: 'Create VM from a profile',
    message: 'The form opens filled in from the profile; change anything before creating.',
    options: profiles.map((p) => ({ label: sanitize(profileLine(p)), value: String(p.id) })),
    onChoose: (value) => {
      const p = profiles.find((x) => String(x.id) === value);
      if (p) then(p);
    },
  });
}

/** A profile's rules hold the one that opens SSH from anywhere. */
function hasSshRule(rules: unknown): boolean {
  if (!Array.isArray(rules)) return false;
  return rules.some(
    (r: Partial<typeof SSH_RULE> | null) =>
      r?.direction === SSH_RULE.direction &&
      r.protocol === SSH_RULE.protocol &&
      r.port_range_min === SSH_RULE.port_range_min &&
      r.port_range_max === SSH_RULE.port_range_max &&
      r.remote_ip_prefix === SSH_RULE.remote_ip_prefix,
  );
}
