/**
 * Key pairs / Environments: every environment with its key pairs (an environment without one shows as its own
 * row: nothing can be created there until a key is imported). i imports a key pair (into the selected row's
 * environment), n renames one, D deletes one (type its name), E creates an environment, e renames the row's
 * environment, X deletes it (type its name; refused at once while the loaded lists show it holds something).
 */
import type { Environment } from '../src/api/schemas/environment.js';
import type { Keypair } from '../src/api/schemas/keypair.js';
import type { Vm } from '../src/api/schemas/vm.js';
import { age, dateTime, envRegionText, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { parsePublicKey } from '../src/domain/ssh-key.js';
import { GREEN_STATUS, wordFor } from '../src/domain/words.js';
import { deleteEnvironment } from '../src/store/actions/environment-actions.js';
import { keypairEnvName } from '../src/store/actions/form-data.js';
import { deleteKeypair, vmsUsing } from '../src/store/actions/keypair-actions.js';
import { ui } from '../src/store/state/app-store.js';
import { readData, storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { AppContextValue, ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import {
  declaredBindings,
  ResourceScreen,
  type ResourceSpec,
  type RowContext,
} from '../src/ui/screen/ResourceScreen.js';
import { ageColumn } from '../src/ui/table/age-column.js';
import type { Column } from '../src/ui/table/types.js';
import type { Theme } from '../src/ui/theme.js';
import { openCreateEnvironment } from './forms/environment-create.js';
import { openRenameEnvironment } from './forms/environment-rename.js';
import { openImportKeypair } from './forms/keypair-import.js';
import { openRenameKeypair } from './forms/keypair-rename.js';

/** A key pair, or an environment that has none. */
export type KeyRow =
  | { kind: 'keypair'; id: string; kp: Keypair; env: string | undefined; region: string | undefined }
  | { kind: 'environment'; id: string; env: Environment };

const envName = (r: KeyRow) => (r.kind === 'keypair' ? r.env : r.env.name);
const regionOf = (r: KeyRow) => (r.kind === 'keypair' ? r.region : r.env.region);

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
  if (ctx.region === 'ALL') return out;
  return out.filter((r) => !regionOf(r) || regionOf(r) === ctx.region);
}

function detailLines(r: KeyRow, vms: readonly Vm[] | undefined, now: number): DetailLine[] {
  if (r.kind === 'environment') {
    return [
      section(`Environment ${r.env.name}`),
      field('Region', r.env.region),
      field('Green status', wordFor(r.env.features?.green_status, GREEN_STATUS)),
      field('Created', `${dateTime(r.env.created_at)} (${age(r.env.created_at, now)} ago)`),
      text('No key pair: VMs and clusters cannot be created here until one is imported (i).', 'warn'),
    ];
  }
  const kp = r.kp;
  const parsed = kp.public_key ? parsePublicKey(kp.public_key) : undefined;
  const using = vmsUsing(kp, vms);
  const lines: DetailLine[] = [
    section(`Key pair ${kp.name}`),
    field('Environment', `${r.env ?? NONE}${r.region ? ` (${r.region})` : ''}`),
    field('Fingerprint', kp.fingerprint ?? NONE),
    field('Created', kp.created_at ? `${dateTime(kp.created_at)} (${age(kp.created_at, now)} ago)` : NONE),
  ];
  if (parsed?.ok) {
    lines.push(field('Key', `${parsed.key.type}, ${parsed.key.bits} bits, ${parsed.key.sha256}`));
    if (parsed.key.comment) lines.push(field('Comment', parsed.key.comment));
  } else if (parsed) {
    lines.push(field('Key', parsed.error, 'warn'));
  }
  lines.push(section('Public key'), text(kp.public_key ?? NONE));
  lines.push(section(`VMs created with it (${vms ? using.length : '…'})`));
  if (!vms) lines.push(text('loading the VM list…', 'dim'));
  else if (using.length === 0) lines.push(text('none', 'dim'));
  else for (const v of using) lines.push(text(`${v.name}  ${v.status}`));
  return lines;
}

export const KEYPAIRS_SPEC: ResourceSpec<KeyRow, 'keypairs'> = {
  resource: 'keypairs',
  also: ['environments'],
  noun: 'key pairs',
  note: (rows) => {
    const bare = rows.filter((r) => r.kind === 'environment').length;
    return bare > 0
      ? `${bare} environment${bare === 1 ? ' has' : 's have'} no key pair: nothing can be created there until one is imported (i)`
      : undefined;
  },
  columns,
  rowId: (r) => r.id,
  rows: keyRows,
  emptyText: 'no environment yet (E creates one)',
  detail: {
    title: (r) => (r.kind === 'keypair' ? `key pair ${r.kp.name}` : `environment ${r.env.name}`),
    // An environment's detail reads it alone (kept fresh while open); a key pair's, the VMs made with it.
    watch: (r) => (r.kind === 'keypair' ? ['vms'] : [storeKey('environment', r.env.id), 'environments']),
    lines: (r, slice, now) =>
      detailLines(
        r.kind === 'environment'
          ? { ...r, env: fresher(slice(storeKey('environment', r.env.id)), slice('environments'), r.env) }
          : r,
        slice('vms').data,
        now,
      ),
    raw: (r) => (r.kind === 'keypair' ? r.kp : r.env),
  },
  screenActions: [
    {
      key: 'E',
      label: 'new environment',
      mutation: true,
      run: (app) => void openCreateEnvironment(app.deps),
    },
  ],
  actions: [
    {
      key: 'i',
      label: 'import key pair',
      mutation: true,
      run: (r, app) => void openImportKeypair(app.deps, { environment: envName(r) }),
    },
    {
      key: 'n',
      label: 'rename',
      mutation: true,
      when: (r) => r.kind === 'keypair',
      run: (r, app) => {
        if (r.kind === 'keypair') openRenameKeypair(app.deps, r.kp);
      },
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      when: (r) => r.kind === 'keypair',
      run: (r, app) => {
        if (r.kind === 'keypair') deleteKeypair(app.deps, r.kp);
      },
    },
    // The row's environment (a key pair's too): renamed or deleted from any of its rows.
    {
      key: 'e',
      label: 'rename environment',
      mutation: true,
      when: (r) => r.kind === 'environment' || r.env !== undefined,
      run: (r, app) => withEnvironment(r, app, (env) => openRenameEnvironment(app.deps, env)),
    },
    {
      key: 'X',
      label: 'delete environment',
      mutation: true,
      when: (r) => r.kind === 'environment' || r.env !== undefined,
      run: (r, app) => withEnvironment(r, app, (env) => deleteEnvironment(app.deps, env)),
    },
  ],
};

/** The environment of a row, as the environment list has it. */
function withEnvironment(r: KeyRow, app: AppContextValue, then: (env: Environment) => void): void {
  const env =
    r.kind === 'environment'
      ? r.env
      : readData(app.deps.store, 'environments')?.find((e) => e.name === r.env);
  if (env) then(env);
  else
    ui.say(app.deps.store, `environment ${sanitize(r.env ?? '?')} is not in the environment list`, 'error');
}

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([KEYPAIRS_SPEC]);

/** Key pairs (by environment) and environments: import, rename, delete key pairs; create environments. */
export function KeypairsScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={KEYPAIRS_SPEC} />;
}
