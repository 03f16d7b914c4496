/** Removing a member from the organization: their e-mail typed to confirm (they lose access at once). */
import type { OrganizationMember } from '../../api/schemas/auth.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { type ActionDeps, runAction } from './mutate.js';

export function removeMember(deps: ActionDeps, m: OrganizationMember): void {
  const email = m.email ?? '';
  if (!email) {
    ui.say(deps.store, 'this member has no e-mail: the service removes members by e-mail', 'error');
    return;
  }
  const who = sanitize(m.name ? `${m.name} (${email})` : email);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Remove ${who}?`,
    message:
      'They leave the organization and lose access at once; what they created stays. Type their e-mail to confirm.',
    expected: email,
    onConfirm: () =>
      void runAction(deps, (api) => api.auth.removeMember(email), {
        doing: `Removing ${who}`,
        done: `${who} removed from the organization`,
        refresh: ['organization'],
      }),
  });
}
