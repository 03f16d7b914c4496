/**
 * Renaming the organization: 3–50 characters (UpdateOrganizationPayload's minLength and maxLength, which the
 * simulator enforces as the service does), a name other than its own.
 */
import type { Organization } from '../../src/api/schemas/auth.js';
import { type ActionDeps, mutate } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';
import type { FormSpec } from '../../src/store/state/form-spec.js';

export const ORG_NAME_MIN = 3;
export const ORG_NAME_MAX = 50;

/** The form's values, by field id. */
type RenameValues = {
  name: string;
};

export function renameOrgForm(deps: ActionDeps, org: Organization): FormSpec<RenameValues> {
  return {
    title: `Rename organization ${org.name}`,
    notes: ['Every member sees the new name; ids, members and resources stay as they are.'],
    fields: [
      {
        id: 'name',
        kind: 'text',
        label: 'New name',
        maxLength: ORG_NAME_MAX,
        counter: true,
        validate: (v) => {
          const name = v.trim();
          if (name === '') return 'type a name';
          if ([...name].length < ORG_NAME_MIN) return `at least ${ORG_NAME_MIN} characters`;
          if (name === org.name) return 'that is its name now: type a new one';
          return undefined;
        },
      },
    ],
    initial: { name: org.name },
    summary: (values) =>
      values.name.trim() !== org.name ? `${org.name} → ${values.name.trim()}` : undefined,
    submitLabel: 'Rename',
    onSubmit: async (values) => {
      const name = values.name.trim();
      await mutate(deps, (api) => api.auth.renameOrganization(name), {
        doing: `Renaming the organization ${org.name}`,
        done: `Organization renamed to ${name}`,
        refresh: ['organization'],
      });
    },
  };
}

/** Opens "Rename organization" once the organization is loaded. */
export function openRenameOrg(deps: ActionDeps, org: Organization | undefined): void {
  if (!org) ui.say(deps.store, 'the organization is not loaded yet', 'error');
  else ui.openForm(deps.store, renameOrgForm(deps, org));
}
