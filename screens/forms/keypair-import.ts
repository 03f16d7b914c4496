/**
 * Importing an SSH public key: the "Import key pair" form (Keys screen, i), and the same import inside the VM and
 * cluster forms, whose key pair field offers "＋ import a key pair…" (then two more fields ask for a name and the
 * key, and submit imports it before creating).
 *
 * The public key field takes the key line pasted, or the path of a .pub file (`~/.ssh/id_ed25519.pub`), which is
 * read and checked live, and read again at submit.
 */
import type { Keypair } from '../../src/api/schemas/keypair.js';
import { keypairNameError } from '../../src/domain/names.js';
import { describeKey, type PublicKey } from '../../src/domain/ssh-key.js';
import { envNamed, type FormContext, keypairsIn, loadFormData } from '../../src/store/actions/form-data.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { Field, FieldOption, FormSpec, FormValues } from '../../src/store/state/form-spec.js';
import { looksLikePath, resolvePublicKey } from './keypair-source.js';

/** The key pair option that asks for a new key instead of choosing one. */
export const IMPORT_KEY = '+import';
export const IMPORT_LABEL = '＋ import a key pair…';

/** The fields of a create form's key pair choice, and of its inline import. */
export type KeypairChoice = { keypair: string | undefined; new_key_name: string; public_key: string };

/** "ssh-ed25519 · 3f:9a:…": a short hint to tell key pairs apart. */
function keypairHint(k: Keypair): string | undefined {
  const type = k.public_key?.trim().split(/\s+/)[0];
  const fp = k.fingerprint ? `${k.fingerprint.slice(0, 17)}…` : undefined;
  return [type, fp].filter(Boolean).join(' · ') || undefined;
}

/** The live check of a public key field: the error, or undefined when the key (or file) is good. */
export function publicKeyError(value: string): string | undefined {
  const r = resolvePublicKey(value);
  return r.ok ? undefined : r.error;
}

/** The key a value stands for (re-reading a file), or an Error saying why not. */
export function publicKeyFor(value: string): PublicKey {
  const r = resolvePublicKey(value);
  if (!r.ok) throw new Error(`public key: ${r.error}`);
  return r.key;
}

/** A name not taken in that environment (names are unique per environment). */
function newKeyNameError(ctx: FormContext, name: string, env: string | undefined): string | undefined {
  const e = keypairNameError(name);
  if (e) return e;
  if (env && keypairsIn(ctx.data, env).some((k) => k.name === name)) {
    return `a key pair named ${name} already exists in ${env}`;
  }
  return undefined;
}

const PUBLIC_KEY_HELP =
  'Paste the public key line (ssh-ed25519 AAAA… you@host), or type the path of a .pub file (~/.ssh/id_ed25519.pub).';

/**
 * The key pair select of the VM and cluster forms: the environment's key pairs, then "＋ import a key pair…".
 * With no key pair in the environment the field says so and points at the import option.
 */
export function keypairField<V extends FormValues & KeypairChoice>(
  ctx: FormContext,
  envOf: (values: V) => string | undefined,
  label = 'Key pair',
): Field<V, 'keypair', 'select'> {
  return {
    id: 'keypair',
    kind: 'select',
    label,
    // its own "required", to say why a list is empty
    required: false,
    help: 'The public key put on the machines. Choose "＋ import a key pair…" to add one now.',
    options: (values): FieldOption[] => {
      const env = envOf(values);
      if (!env) return [];
      const mine: FieldOption[] = keypairsIn(ctx.data, env).map((k) => {
        const hint = keypairHint(k);
        return hint ? { label: k.name, value: k.name, hint } : { label: k.name, value: k.name };
      });
      return [
        ...mine,
        { label: IMPORT_LABEL, value: IMPORT_KEY, hint: 'paste a public key or give a .pub file' },
      ];
    },
    validate: (v, values) => {
      if (v) return undefined;
      const env = envOf(values);
      if (!env) return 'choose an environment first';
      if (keypairsIn(ctx.data, env).length === 0) {
        return `no key pair in ${env}: choose "${IMPORT_LABEL}" to import one`;
      }
      return 'required';
    },
  };
}

/** The two fields shown when "＋ import a key pair…" is chosen: the new key pair's name and its public key. */
export function inlineImportFields<V extends FormValues & KeypairChoice>(
  ctx: FormContext,
  envOf: (values: V) => string | undefined,
): [Field<V, 'new_key_name', 'text'>, Field<V, 'public_key', 'text'>] {
  const notImporting = (values: V) => values.keypair !== IMPORT_KEY;
  return [
    {
      id: 'new_key_name',
      kind: 'text',
      label: '  new key name',
      maxLength: 50,
      counter: true,
      placeholder: 'e.g. alice-laptop',
      hidden: notImporting,
      validate: (v, values) => newKeyNameError(ctx, v, envOf(values)),
    },
    {
      id: 'public_key',
      kind: 'text',
      label: '  public key',
      placeholder: 'ssh-ed25519 AAAA… or ~/.ssh/id_ed25519.pub',
      help: PUBLIC_KEY_HELP,
      hidden: notImporting,
      validate: (v) => publicKeyError(v),
    },
  ];
}

/**
 * The import step of a create form's submit: imports the new key pair when "＋ import a key pair…" is chosen and
 * returns the key pair name to create with. Remembers what it imported, so a second submit after the create itself
 * failed (name taken, out of stock) does not import the same key again.
 */
export function inlineImporter(deps: ActionDeps): (values: KeypairChoice, env: string) => Promise<string> {
  let done: { name: string; env: string; line: string } | undefined;
  return async (values, env) => {
    const chosen = values.keypair ?? '';
    if (chosen !== IMPORT_KEY) return chosen;
    const name = values.new_key_name;
    const key = publicKeyFor(values.public_key);
    if (done && done.name === name && done.env === env && done.line === key.line) return name;
    await mutate(deps, (api) => api.keypairs.import({ name, environment_name: env, public_key: key.line }), {
      doing: `Importing key pair ${name} into ${env}`,
      done: `Key pair ${name} imported into ${env}`,
      refresh: ['keypairs'],
    });
    done = { name, env, line: key.line };
    return name;
  };
}

// ── the Import key pair form ─────────────────────────────────────────────────────────────────────────────

export interface ImportKeypairOptions {
  /** Environment chosen when the form opens. */
  environment?: string | undefined;
  /** Called with the imported key pair. */
  onImported?: (kp: Keypair) => void;
}

/** "Import key pair": name, environment, public key (pasted or read from a file). */
type ImportValues = { name: string; environment: string | undefined; public_key: string };

export function importKeypairForm(ctx: FormContext, opts: ImportKeypairOptions = {}): FormSpec<ImportValues> {
  const envs = ctx.data.environments ?? [];
  const initialEnv = opts.environment ?? (envs.length === 1 ? envs[0]?.name : undefined);
  return {
    title: 'Import key pair',
    notes: ['Only the public key is sent; the private key never leaves this machine.'],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'Name',
        maxLength: 50,
        counter: true,
        placeholder: 'e.g. alice-laptop',
        validate: (v, values) => newKeyNameError(ctx, v, values.environment || undefined),
      },
      {
        id: 'environment',
        kind: 'select',
        label: 'Environment',
        help: 'A key pair can be used by the VMs and clusters of its environment only.',
        options: () => envs.map((e) => ({ label: e.name, value: e.name, hint: e.region })),
      },
      {
        id: 'public_key',
        kind: 'text',
        label: 'Public key',
        placeholder: 'ssh-ed25519 AAAA… or ~/.ssh/id_ed25519.pub',
        help: PUBLIC_KEY_HELP,
        validate: (v) => publicKeyError(v),
      },
    ],
    initial: { name: '', environment: initialEnv, public_key: '' },
    summary: (values) => {
      const r = resolvePublicKey(values.public_key);
      if (!r.ok) return undefined;
      const env = envNamed(ctx.data, values.environment);
      const where = env ? ` into ${env.name} (${env.region})` : '';
      const from = looksLikePath(values.public_key) ? ` from ${values.public_key.trim()}` : '';
      const same = env
        ? keypairsIn(ctx.data, env.name).find(
            (k) => k.public_key?.trim().split(/\s+/)[1] === r.key.line.split(' ')[1],
          )
        : undefined;
      return `${describeKey(r.key)}${from}${where}${same ? ` · the same key is already imported as ${same.name}` : ''}`;
    },
    submitLabel: 'Import',
    serviceFields: { environment_name: 'environment' },
    onSubmit: async (values) => {
      const { name } = values;
      const env = values.environment ?? '';
      const key = publicKeyFor(values.public_key);
      const kp = await mutate(
        ctx.deps,
        (api) => api.keypairs.import({ name, environment_name: env, public_key: key.line }),
        {
          doing: `Importing key pair ${name} into ${env}`,
          done: `Key pair ${name} imported into ${env} (${key.type}, ${key.sha256})`,
          refresh: ['keypairs'],
        },
      );
      opts.onImported?.(kp);
    },
  };
}

/** Opens "Import key pair" (refused in read-only mode; loads the environments and key pairs first). */
export async function openImportKeypair(deps: ActionDeps, opts: ImportKeypairOptions = {}): Promise<void> {
  const data = await loadFormData(deps, ['environments', 'keypairs'], [], { title: 'Import key pair' });
  if (!data) return;
  if ((data.environments ?? []).length === 0) {
    ui.say(deps.store, 'no environment yet: create one first (E on the Keys screen)', 'error');
    return;
  }
  ui.openForm(deps.store, importKeypairForm({ deps, data }, opts));
}
