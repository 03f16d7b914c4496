import type { UserPermission } from '../src/api/schemas/access.js';
import type { Invite, Organization, OrganizationMember, Policy } from '../src/api/schemas/auth.js';
import { age, dateTime, money, NONE } from '../src/domain/format.js';
import { sanitize } from '../src/domain/sanitize.js';
import { type ActionDeps, confirmThenRun } from '../src/store/actions/mutate.js';
import { removeMember } from '../src/store/actions/org-actions.js';
import { chooseRoleFor, removeRole } from '../src/store/actions/rbac-actions.js';
import { readData, storeKey } from '../src/store/state/resources.js';
import { type DetailLine, field, section, text } from '../src/ui/DetailPane.js';
import { type ScreenProps, useWatch } from '../src/ui/screen/context.js';
import { useSlice } from '../src/ui/screen/hooks.js';
import { declaredBindings, type ResourceSpec, type ScreenAction } from '../src/ui/screen/ResourceScreen.js';
import { type ViewKey, viewBindings } from '../src/ui/screen/useViews.js';
import { ViewsScreen } from '../src/ui/screen/ViewsScreen.js';
import { openInvite } from './forms/invite-create.js';
import { openRenameOrg } from './forms/org-rename.js';
import {
  INVITES_LIST,
  type InviteRow,
  inviteStatus,
  MEMBERS_LIST,
  POLICIES_LIST,
  permissionsByResource,
  rolesOf,
} from './lists/org.js';
import { permissionLines } from './permission-lines.js';

type View = 'members' | 'invites' | 'policies';
const VIEWS: readonly ViewKey<View>[] = [
  { key: 'm', view: 'members' },
  { key: 'i', view: 'invites' },
  { key: 'p', view: 'policies' },
];

// ── the organization ────────────────────────────────────────────────────────────────────────────────────────────

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The two lines about the organization: who it is and its credit; what it has. */
export function orgLines(
  org: Organization | undefined,
  invites: readonly Invite[] | undefined,
  loading: boolean,
): [string, string] {
  if (!org) return [loading ? 'loading the organization…' : 'organization: not loaded', ''];
  const created = org.created_at ? ` · since ${dateTime(org.created_at).slice(0, 10)}` : '';
  const credit = org.credit != null ? ` · credit ${money(org.credit)}` : '';
  const threshold = org.threshold != null ? ` · alert below ${money(org.threshold)}` : '';
  const parts = [
    plural(org.users?.length ?? 0, 'member'),
    ...(invites ? [`${invites.filter((i) => i.status === 'pending').length} invited`] : []),
    ...(org.total_instances != null ? [plural(org.total_instances, 'VM')] : []),
    ...(org.total_volumes != null ? [plural(org.total_volumes, 'volume')] : []),
    ...(org.total_clusters != null ? [plural(org.total_clusters, 'cluster')] : []),
    ...(org.total_containers ? [plural(org.total_containers, 'container')] : []),
  ];
  // Each line within 80 columns: the date closes the counts' line (on the first it was cut to "since 20…").
  return [`${org.name} (id ${org.id})${credit}${threshold}`, parts.join(' · ') + created];
}

// ── members ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function memberDetailLines(m: OrganizationMember, now: number): DetailLine[] {
  const when = (iso: string | null | undefined) => (iso ? `${dateTime(iso)} (${age(iso, now)} ago)` : NONE);
  const roles = rolesOf(m);
  const lines: DetailLine[] = [
    section(`Member ${m.name ?? m.email ?? m.id ?? ''}`),
    field('E-mail', m.email ?? NONE),
    field('User name', m.username ?? NONE),
    field('Role', m.role ?? NONE),
    field('Joined', when(m.joined_at)),
    field('Last login', m.last_login ? when(m.last_login) : 'never'),
    field('User id', m.id ?? NONE),
    section(`RBAC roles (${roles.length})`),
  ];
  if (roles.length === 0) {
    lines.push(
      text(
        'none: the service refuses this member every action until an organization admin assigns a role.',
        'warn',
      ),
    );
  } else for (const r of roles) lines.push(text(r));
  return lines;
}

/** What the member may do (List_User_Permissions, read while their detail is open). */
function memberPermissionLines(perms: readonly UserPermission[] | undefined): DetailLine[] {
  if (perms === undefined) return [section('Permissions'), text('loading…', 'dim')];
  return [
    section(`Permissions (${perms.length}), from their role`),
    ...permissionLines({ permissions: perms }),
  ];
}

const inviteAction: ScreenAction = {
  key: 'n',
  label: 'invite a member',
  mutation: true,
  run: (app) => openInvite(app.deps),
};

const renameAction: ScreenAction = {
  key: 'N',
  label: 'rename organization',
  mutation: true,
  run: (app) => openRenameOrg(app.deps, readData(app.deps.store, 'organization')),
};

export const MEMBERS_SPEC: ResourceSpec<OrganizationMember, 'organization'> = {
  ...MEMBERS_LIST,
  title: 'Members',
  note: (ms) => {
    const bare = ms.filter((m) => rolesOf(m).length === 0).length;
    return bare > 0
      ? `${plural(bare, 'member has', 'members have')} no RBAC role: the service refuses them every action until an admin assigns one`
      : undefined;
  },
  emptyText: 'no members',
  detail: {
    title: (m) => `member ${m.name ?? m.email ?? ''}`,
    watch: (m) => (m.id == null ? [] : [storeKey('user-permissions', m.id)]),
    lines: (m, slice, now) => [
      ...memberDetailLines(m, now),
      ...(m.id == null ? [] : memberPermissionLines(slice(storeKey('user-permissions', m.id)).data)),
    ],
    raw: (m) => m,
  },
  actions: [
    { key: 'a', label: 'assign role', mutation: true, run: (m, app) => void chooseRoleFor(app.deps, m) },
    {
      key: 'X',
      label: 'remove role',
      mutation: true,
      when: (m) => rolesOf(m).length > 0,
      unavailable: () => 'they hold no RBAC role (a gives them one)',
      run: (m, app) => removeRole(app.deps, m),
    },
    { key: 'D', label: 'remove member', mutation: true, run: (m, app) => removeMember(app.deps, m) },
  ],
  screenActions: [inviteAction, renameAction],
};

/** Deletes an invitation after a confirmation: the link in the e-mail stops working. */
export function deleteInvite(deps: ActionDeps, inv: Invite): void {
  const email = sanitize(inv.email);
  confirmThenRun(deps, {
    title: `Delete the invitation of ${email}?`,
    message:
      inv.status === 'pending'
        ? 'The link in the e-mail stops working: they cannot join unless invited again.'
        : `It is ${sanitize(inv.status ?? 'not pending')}: deleting it only tidies the list.`,
    confirmLabel: 'delete invitation',
    danger: true,
    call: (api) => api.auth.invites.delete(inv.id),
    doing: `Deleting the invitation of ${email}`,
    done: `Invitation of ${email} deleted`,
    refresh: ['invites'],
    pending: { key: `invite:${inv.id}`, label: 'deleting', from: inv.status ?? undefined },
  });
}

/**
 * Accepts an invitation (Accept_Invite): the invitee's own step, which the e-mail's link takes. Here for an
 * invitation to this key's user, or one an admin accepts on the invitee's word: they join with no RBAC role.
 */
export function acceptInvite(deps: ActionDeps, inv: Invite): void {
  const email = sanitize(inv.email);
  confirmThenRun(deps, {
    title: `Accept the invitation of ${email}?`,
    message:
      'Accepting is the invitee’s step (the link in their e-mail): they join the organization, with no RBAC role until one is assigned (a on members).',
    confirmLabel: 'accept',
    call: (api) => api.auth.invites.accept(inv.id),
    doing: `Accepting the invitation of ${email}`,
    done: `Invitation of ${email} accepted`,
    refresh: ['invites', 'organization'],
    pending: { key: `invite:${inv.id}`, label: 'accepting', from: inv.status ?? undefined },
  });
}

export const INVITES_SPEC: ResourceSpec<InviteRow, 'invites'> = {
  ...INVITES_LIST,
  title: 'Invitations',
  note: (rows) => {
    const pending = rows.filter((r) => r.inv.status === 'pending').length;
    return pending > 0
      ? `${plural(pending, 'invitation')} waiting for the invitee to accept (they join with no RBAC role)`
      : undefined;
  },
  emptyText: 'no invitations (n invites someone)',
  pendingPrefix: 'invite',
  pending: { key: (r) => `invite:${r.inv.id}`, status: (r) => r.inv.status },
  detail: {
    title: (r) => `invitation of ${r.inv.email}`,
    watch: () => [],
    lines: (r, _slice, now) => [
      section(`Invitation of ${r.inv.email}`),
      field('Status', inviteStatus(r.inv.status)),
      field(
        'Sent',
        r.inv.created_at ? `${dateTime(r.inv.created_at)} (${age(r.inv.created_at, now)} ago)` : NONE,
      ),
      field('Id', r.inv.id),
    ],
    raw: (r) => r.inv,
  },
  actions: [
    {
      key: 'A',
      label: 'accept',
      mutation: true,
      when: (r) => r.inv.status === 'pending',
      unavailable: (r) => `it is ${r.inv.status ?? 'not pending'}: only a pending invitation is accepted`,
      run: (r, app) => acceptInvite(app.deps, r.inv),
    },
    { key: 'D', label: 'delete', mutation: true, run: (r, app) => deleteInvite(app.deps, r.inv) },
  ],
  screenActions: [inviteAction],
};

export const POLICIES_SPEC: ResourceSpec<Policy, 'policies'> = {
  ...POLICIES_LIST,
  title: 'Policies (the building blocks of RBAC roles)',
  emptyText: 'no policies',
  detail: {
    title: (p) => `policy ${p.name}`,
    watch: () => [],
    lines: (p) => {
      const lines: DetailLine[] = [
        section(`Policy ${p.name}`),
        field('Description', p.description || NONE),
        field('Created', p.created_at ? dateTime(p.created_at) : NONE),
        section(`Permissions (${p.permissions?.length ?? 0})`),
      ];
      const by = permissionsByResource(p);
      if (by.length === 0) lines.push(text('none', 'dim'));
      for (const [res, actions] of by) lines.push(field(res, actions.join(', ')));
      return lines;
    },
    raw: (p) => p,
  },
};

// ── the screen ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Every key this screen can bind (the keys config's actions). */
export const ACTIONS = declaredBindings([MEMBERS_SPEC, INVITES_SPEC, POLICIES_SPEC], viewBindings(VIEWS));

/** Organization and access: the organization on top; members, invitations or policies below. */
export function OrgScreen({ width, height, active }: ScreenProps) {
  useWatch(['organization', 'invites']);
  const org = useSlice('organization');
  const invites = useSlice('invites');
  const [line1, line2] = orgLines(org.data, invites.data, org.status === 'loading' || org.status === 'idle');
  return (
    <ViewsScreen
      heading="Organization and access"
      views={VIEWS}
      panes={{ members: MEMBERS_SPEC, invites: INVITES_SPEC, policies: POLICIES_SPEC }}
      top={[
        { text: line1, tone: 'bold' },
        { text: line2, tone: 'dim' },
      ]}
      width={width}
      height={height}
      active={active}
    />
  );
}
