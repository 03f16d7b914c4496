/** Key pairs: which VMs were created with one, and deleting one (type its name to confirm). */
import type { Keypair } from '../../api/schemas/keypair.js';
import type { Vm } from '../../api/schemas/vm.js';
import { keypairEnvName } from '../../domain/keypairs.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { readData } from '../state/resources.js';
import { type ActionDeps, runAction } from './mutate.js';

/** VMs created with this key pair (same name, same environment), from the VM list when loaded. */
export function vmsUsing(kp: Keypair, vms: readonly Vm[] | undefined): Vm[] {
  const env = keypairEnvName(kp);
  return (vms ?? []).filter((v) => v.keypair?.name === kp.name && (!env || v.environment?.name === env));
}

/** Deletes a key pair after its name is typed. */
export function deleteKeypair(deps: ActionDeps, kp: Keypair): void {
  const name = sanitize(kp.name);
  const env = keypairEnvName(kp);
  const used = vmsUsing(kp, readData(deps.store, 'vms')).length;
  const usedText = used
    ? ` ${used} VM${used === 1 ? ' was' : 's were'} created with it: they keep the key, but it cannot be chosen for new ones.`
    : '';
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete key pair ${name}?`,
    message: `The public key is removed from ${sanitize(env ?? 'its environment')}.${usedText} Type its name to confirm.`,
    expected: kp.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.keypairs.delete(kp.id), {
        doing: `Deleting key pair ${name}`,
        done: `Key pair ${name} deleted`,
        refresh: ['keypairs'],
      }),
  });
}
