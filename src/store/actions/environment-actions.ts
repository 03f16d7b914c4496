/** Deleting an environment: refused before asking when the lists loaded here show it still holds something. */
import type { Environment } from '../../api/schemas/environment.js';
import { keypairEnvName } from '../../domain/keypairs.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { readData } from '../state/resources.js';
import { type ActionDeps, runAction } from './mutate.js';

/** What the loaded lists show in an environment ("2 virtual machines, 1 key pair"); the service has the last word. */
export function heldBy(deps: ActionDeps, env: Environment): string[] {
  const held: string[] = [];
  const count = (label: string, n: number) => {
    if (n > 0) held.push(`${n} ${label}${n === 1 ? '' : 's'}`);
  };
  const inEnv = (name: string | null | undefined) => name === env.name;
  count(
    'virtual machine',
    (readData(deps.store, 'vms') ?? []).filter((v) => inEnv(v.environment?.name)).length,
  );
  count('cluster', (readData(deps.store, 'clusters') ?? []).filter((c) => inEnv(c.environment_name)).length);
  count('key pair', (readData(deps.store, 'keypairs') ?? []).filter((k) => inEnv(keypairEnvName(k))).length);
  count(
    'firewall',
    (readData(deps.store, 'firewalls') ?? []).filter((f) => inEnv(f.environment?.name)).length,
  );
  return held;
}

/** Deletes an environment after its name is typed; says first what it still holds when that is known. */
export function deleteEnvironment(deps: ActionDeps, env: Environment): void {
  const name = sanitize(env.name);
  const held = heldBy(deps, env);
  if (held.length > 0) {
    const them = held.length === 1 && held[0]?.startsWith('1 ') ? 'it' : 'them';
    ui.say(deps.store, `Environment ${name} still holds ${held.join(', ')}: delete ${them} first`, 'error');
    return;
  }
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete environment ${name}?`,
    message: `${name} (${sanitize(env.region ?? 'its region')}) is removed. Type its name to confirm.`,
    expected: env.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.environments.delete(env.id), {
        doing: `Deleting environment ${name}`,
        done: `Environment ${name} deleted`,
        refresh: ['environments'],
      }),
  });
}
