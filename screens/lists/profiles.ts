/** The provisioning profiles list: its rows and columns, for the Profiles screen and `get profiles`. */
import type { Environment } from '../../src/api/schemas/environment.js';
import type { Profile } from '../../src/api/schemas/profile.js';
import { envRegionText } from '../../src/domain/format.js';
import { liveMark } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import { nameColumn } from '../../src/ui/table/name-column.js';
import type { Column } from '../../src/ui/table/types.js';
import { STATUS_SYMBOL, type Theme } from '../../src/ui/theme.js';

/** A profile with the region of its environment (from the environment list, when it has that environment). */
export interface ProfileRow {
  p: Profile;
  region: string | undefined;
  /** "deleting", from the moment D was confirmed until the profile is gone. */
  pending: string | undefined;
}

function columns(theme: Theme, now: number): Column<ProfileRow>[] {
  return [
    nameColumn((r) => r.p.name, 20),
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
  return ctx.data.map((p) => ({
    p,
    region: p.data?.environment_name ? envs.get(p.data.environment_name)?.region : undefined,
    pending: liveMark(ctx.pending, `profile:${p.id}`, 'saved', now)?.label,
  }));
}

export const PROFILES_LIST: ListSpec<ProfileRow, 'profiles'> = {
  resource: 'profiles',
  also: ['environments'],
  noun: 'profiles',
  columns,
  rowId: (r) => String(r.p.id),
  rows: profileRows,
  region: (r) => r.region,
  environment: (r) => r.p.data?.environment_name,
  raw: (r) => r.p,
};
