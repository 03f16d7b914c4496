/**
 * Key pairs / Environments: every environment with its key pairs (an environment without one shows as its own
 * row: nothing can be created there until a key is imported). i imports a key pair (into the selected row's
 * environment), n renames one, D deletes one (type its name), E creates an environment, e renames the row's
 * environment, X deletes it (type its name; refused at once while the loaded lists show it holds something).
 */
import type { Environment } from '../src/api/schemas/environment.js';
import type { Vm } from '../src/api/schemas/vm.js';
import { age, dateTime, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { parsePublicKey } from '../src/domain/ssh-key.js';
import { GREEN_STATUS, wordFor } from '../src/domain/words.js';
import { deleteEnvironment } from '../src/store/actions/environment-actions.js';
import { deleteKeypair, vmsUsing } from '../src/store/actions/keypair-actions.js';
import { ui } from '../src/store/state/app-store.js';
import { readData, storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import type { AppContextValue, ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { openCreateEnvironment } from './forms/environment-create.js';
import { openRenameEnvironment } from './forms/environment-rename.js';
import { openImportKeypair } from './forms/keypair-import.js';
import { openRenameKeypair } from './forms/keypair-rename.js';
import { envName, KEYPAIRS_LIST, type KeyRow } from './lists/keypairs.js';

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
  ...KEYPAIRS_LIST,
  note: (rows) => {
    const bare = rows.filter((r) => r.kind === 'environment').length;
    return bare > 0
      ? `${bare} environment${bare === 1 ? ' has' : 's have'} no key pair: nothing can be created there until one is imported (i)`
      : undefined;
  },
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
