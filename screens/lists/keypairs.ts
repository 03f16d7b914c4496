/** The key pairs list (with the environments that have none): its rows and columns, for the Key pairs screen and `get keypairs`. */

import type { Environment } from '../../src/api/schemas/environment.js';
import type { Keypair } from '../../src/api/schemas/keypair.js';
import { envRegionText } from '../../src/domain/format.js';
import { keypairEnvName } from '../../src/domain/keypairs.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import { ageColumn } from '../../src/ui/table/age-column.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';

/** A key pair, or an environment that has none. */
export type KeyRow =
  | { kind: 'keypair'; id: string; kp: Keypair; env: string | undefined; region: string | undefined }
  | { kind: 'environment'; id: string; env: Environment };

export const envName = (r: KeyRow) => (r.kind === 'keypair' ? r.env : r.env.name);
export const regionOf = (r: KeyRow) => (r.kind === 'keypair' ? r.region : r.env.region);

/** "ssh-ed25519", from the public key line. */
function keyType(kp: Keypair): string | undefined {
  return kp.public_key?.trim().split(/\s+/)[0] || undefined;
}

function columns(theme: Theme, now: number): Column<KeyRow>[] {
  return [
    {
      id: 'name',
      title: 'NAME',
      value: (r) => (r.kind === 'keypair' ? r.kp.name : ''),
      text: (r) => (r.kind === 'keypair' ? r.kp.name : '(no key pair: i imports one)'),
      color: (r) => (r.kind === 'environment' ? theme.warn : undefined),
      minWidth: 12,
      priority: 0,
      identifies: true,
    },
    {
      id: 'env',
      title: 'ENVIRONMENT/REGION',
      value: (r) => envRegionText(envName(r), regionOf(r)),
      priority: 0,
    },
    {
      id: 'type',
      title: 'TYPE',
      value: (r) => (r.kind === 'keypair' ? (keyType(r.kp) ?? null) : null),
      priority: 2,
    },
    {
      id: 'fingerprint',
      title: 'FINGERPRINT',
      value: (r) => (r.kind === 'keypair' ? (r.kp.fingerprint ?? null) : null),
      priority: 1,
    },
    ageColumn((r) => (r.kind === 'keypair' ? r.kp.created_at : r.env.created_at), now),
  ];
}

/** Environments in name order, each followed by its key pairs; key pairs of an unknown environment last. */
export function keyRows(ctx: RowContext<'keypairs'>): readonly KeyRow[] {
  const kps = ctx.data;
  const envs = [...(ctx.also('environments') ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const byEnv = new Map<string, Keypair[]>();
  for (const kp of kps) {
    const e = keypairEnvName(kp) ?? '';
    byEnv.set(e, [...(byEnv.get(e) ?? []), kp]);
  }
  const out: KeyRow[] = [];
  const seen = new Set<string>();
  const push = (kp: Keypair, env: string | undefined, region: string | undefined) =>
    out.push({ kind: 'keypair', id: `kp:${kp.id}`, kp, env, region });
  for (const env of envs) {
    seen.add(env.name);
    const mine = [...(byEnv.get(env.name) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    if (mine.length === 0) out.push({ kind: 'environment', id: `env:${env.id}`, env });
    for (const kp of mine) push(kp, env.name, env.region);
  }
  for (const [env, list] of byEnv) {
    if (seen.has(env)) continue;
    for (const kp of list) {
      const e = kp.environment;
      push(kp, env || undefined, typeof e === 'object' && e ? (e.region ?? undefined) : undefined);
    }
  }
  return out;
}

export const KEYPAIRS_LIST: ListSpec<KeyRow, 'keypairs'> = {
  resource: 'keypairs',
  also: ['environments'],
  noun: 'key pairs',
  columns,
  rowId: (r) => r.id,
  rows: keyRows,
  region: regionOf,
  environment: envName,
  raw: (r) => (r.kind === 'keypair' ? r.kp : r.env),
};
