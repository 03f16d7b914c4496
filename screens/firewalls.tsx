import type { Firewall } from '../src/api/schemas/firewall.js';
import { ensureLoaded } from '../src/store/actions/ensure-loaded.js';
import { deleteFirewall, deleteRule } from '../src/store/actions/firewall-actions.js';
import { ui } from '../src/store/state/app-store.js';
import { type DataOf, type ResourceKey, readData, storeKey } from '../src/store/state/resources.js';
import { firewallDetailLines } from '../src/ui/details/firewall-detail.js';
import type { AppContextValue, ScreenProps } from '../src/ui/screen/context.js';
import { fresher } from '../src/ui/screen/fresher.js';
import { declaredBindings, ResourceScreen, type ResourceSpec } from '../src/ui/screen/ResourceScreen.js';
import { firewallAttachForm } from './forms/firewall-attach.js';
import { firewallCreateForm } from './forms/firewall-create.js';
import { firewallRuleForm } from './forms/firewall-rule.js';
import { FIREWALLS_LIST } from './lists/firewalls.js';

/** Runs `then` with a list loaded (now, or after loading it once): the one ensureLoaded, then typed data. */
async function withList<K extends ResourceKey>(
  app: AppContextValue,
  key: K,
  title: string,
  then: (list: NonNullable<DataOf<K>>) => void,
): Promise<void> {
  if (!(await ensureLoaded(app.deps, [key], { title }))) return;
  const list = readData(app.deps.store, key);
  if (list) then(list);
}

export const FIREWALLS_SPEC: ResourceSpec<Firewall, 'firewalls'> = {
  ...FIREWALLS_LIST,
  emptyText: 'no firewalls (n creates one)',
  detail: {
    title: (f) => `firewall ${f.name}`,
    // The single read, kept fresh while open; the list's object until it lands (or if it fails).
    watch: (f) => [storeKey('firewall', f.id)],
    lines: (f, slice, now) =>
      firewallDetailLines(fresher(slice(storeKey('firewall', f.id)), slice('firewalls'), f), now),
    raw: (f) => f,
  },
  screenActions: [
    {
      key: 'n',
      label: 'new firewall',
      mutation: true,
      run: (app) =>
        void withList(app, 'environments', 'New firewall', (envs) =>
          ui.openForm(
            app.deps.store,
            firewallCreateForm(app.deps, envs, readData(app.deps.store, 'firewalls') ?? []),
          ),
        ),
    },
  ],
  actions: [
    {
      key: 'a',
      label: 'add rule',
      mutation: true,
      run: (f, app) => ui.openForm(app.deps.store, firewallRuleForm(app.deps, f)),
    },
    {
      key: 'x',
      label: 'delete rule',
      mutation: true,
      when: (f) => (f.rules?.length ?? 0) > 0,
      run: (f, app) => deleteRule(app.deps, f),
    },
    {
      key: 'A',
      label: 'attach VMs',
      mutation: true,
      run: (f, app) =>
        void withList(app, 'vms', 'Attach VMs', (vms) =>
          ui.openForm(app.deps.store, firewallAttachForm(app.deps, f, vms)),
        ),
    },
    {
      key: 'D',
      label: 'delete',
      mutation: true,
      // the service refuses to delete an attached firewall (a 400)
      blocked: (f) => {
        const n = f.attachments?.length ?? 0;
        return n > 0
          ? `it is attached to ${n} VM${n === 1 ? '' : 's'}: detach it first (A, choose none)`
          : undefined;
      },
      run: (f, app) => deleteFirewall(app.deps, f),
    },
  ],
};

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([FIREWALLS_SPEC]);

/** Firewalls: rules and attachments in the detail; create, add and delete rules, attach to VMs, delete. */
export function FirewallsScreen(props: ScreenProps) {
  return <ResourceScreen {...props} spec={FIREWALLS_SPEC} />;
}
