/**
 * "Invite a member": one e-mail address, checked live with the service's own rule and against the members and
 * the pending invitations the app knows. The service's invitation carries the address only (OpenAPI
 * InviteUserPayload): the invitee joins with no RBAC role, and an admin assigns one once they have joined.
 */
import { EMAIL_MAX, emailError } from '../../src/domain/email.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';

/** Why this address cannot be invited given what the app knows (a member, a pending invitation), or undefined. */
export function alreadyThere(deps: ActionDeps, email: string): string | undefined {
  const lower = email.toLowerCase();
  const member = readData(deps.store, 'organization')?.users?.find((u) => u.email?.toLowerCase() === lower);
  if (member) return `${email} is already a member${member.name ? ` (${member.name})` : ''}`;
  const invite = readData(deps.store, 'invites')?.find(
    (i) => i.email.toLowerCase() === lower && i.status === 'pending',
  );
  if (invite) return `${email} has a pending invitation already`;
  return undefined;
}

/** The form's values, by field id. */
type InviteValues = {
  email: string;
};

export function inviteForm(deps: ActionDeps): FormSpec<InviteValues> {
  const org = readData(deps.store, 'organization');
  return {
    title: `Invite a member${org ? ` to ${org.name}` : ''}`,
    notes: [
      'The service sends an invitation e-mail. It carries the address only: the invitee joins with no role, and an admin assigns one once they have joined.',
    ],
    fields: [
      {
        id: 'email',
        kind: 'text',
        label: 'E-mail',
        placeholder: 'name@example.com',
        maxLength: EMAIL_MAX,
        validate: (v) => {
          const email = v;
          return emailError(email) ?? alreadyThere(deps, email);
        },
      },
    ],
    initial: { email: '' },
    summary: (values) => (emailError(values.email) ? undefined : `invite ${values.email}`),
    submitLabel: 'Invite',
    onSubmit: async (values) => {
      const email = values.email;
      await mutate(deps, (api) => api.auth.invites.create(email), {
        doing: `Inviting ${email}`,
        done: `Invitation sent to ${email}: pending until they accept`,
        refresh: ['invites'],
      });
    },
  };
}

/** Opens "Invite a member" (refused in read-only mode by the dispatcher, and by mutate). */
export function openInvite(deps: ActionDeps): void {
  ui.openForm(deps.store, inviteForm(deps));
}
