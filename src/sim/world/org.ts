/** The organisation: its name, members and invitations. */
import type { World } from '../world.js';
import { alreadyExists, invalid, notFound } from './errors.js';
import type { InviteRecord, MemberRecord } from './types.js';

/** How long after it was sent a pending invitation is accepted (the invitee follows the e-mail's link). */
export const INVITE_ACCEPT_MS = 2 * 60_000;

/** The service's own e-mail pattern (InviteUserPayload). */
const EMAIL =
  /^[A-Za-z0-9](?:[A-Za-z0-9._+-]{0,62}[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export function renameOrg(world: World, name: string): void {
  // UpdateOrganizationPayload: minLength 3, maxLength 50
  if (name.trim().length < 3 || name.length > 50) throw invalid('name must be 3 to 50 characters.');
  world.org.name = name;
}

export function removeMember(world: World, email: string): void {
  const i = world.org.members.findIndex((m) => m.email.toLowerCase() === email.toLowerCase());
  if (i < 0) throw notFound(`No member with e-mail ${email} in organization ${world.org.name}.`);
  const m = world.org.members[i]!;
  if (m.role === 'owner') throw invalid(`${email} is the owner of the organization and cannot be removed.`);
  if (m.id === world.userId) throw invalid('You cannot remove yourself from the organization.');
  world.org.members.splice(i, 1);
}

export function invite(world: World, email: string): InviteRecord {
  if (email.length > 254 || !EMAIL.test(email))
    throw invalid(`email "${email}" is not a valid e-mail address.`);
  const lower = email.toLowerCase();
  if (world.org.members.some((m) => m.email.toLowerCase() === lower)) {
    throw alreadyExists(`${email} is already a member of the organization.`);
  }
  if (world.org.invites.some((i) => i.email.toLowerCase() === lower && i.status === 'pending')) {
    throw alreadyExists(`${email} has already been invited.`);
  }
  const inv: InviteRecord = { id: world.nextId('invite'), email, status: 'pending', createdAt: world.now() };
  world.org.invites.push(inv);
  scheduleAcceptance(world, inv, inv.createdAt + INVITE_ACCEPT_MS);
  return inv;
}

/**
 * At `at`, the invitee accepts: the invitation shows "accepted" and they are a member, with no RBAC role yet (an
 * admin assigns one). Nothing happens if the invitation was deleted (or is no longer pending) by then.
 */
export function scheduleAcceptance(world: World, inv: InviteRecord, at: number): void {
  world.at(at, (when) => {
    if (world.org.invites.includes(inv) && inv.status === 'pending') accept(world, inv, when);
  });
}

/** Accept_Invite: the pending invitation is accepted now. */
export function acceptInvite(world: World, id: number): InviteRecord {
  const inv = world.org.invites.find((i) => i.id === id);
  if (!inv) throw notFound(`Invitation with id ${id} not found.`);
  if (inv.status !== 'pending')
    throw invalid(`The invitation to ${inv.email} is ${inv.status}: it cannot be accepted.`);
  accept(world, inv, world.now());
  return inv;
}

function accept(world: World, inv: InviteRecord, when: number): void {
  inv.status = 'accepted';
  const lower = inv.email.toLowerCase();
  if (world.org.members.some((m) => m.email.toLowerCase() === lower)) return;
  const user = inv.email.slice(0, inv.email.indexOf('@'));
  const member: MemberRecord = {
    id: world.nextId('user'),
    name: user
      .split(/[._+-]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
    email: inv.email,
    username: user,
    role: 'member',
    rbacRoles: [],
    joinedAt: when,
    lastLogin: when,
    sub: `00000000-0000-4000-a000-${String(inv.id).padStart(12, '0')}`,
  };
  world.org.members.push(member);
}

export function deleteInvite(world: World, id: number): void {
  const i = world.org.invites.findIndex((inv) => inv.id === id);
  if (i < 0) throw notFound(`Invitation with id ${id} not found.`);
  world.org.invites.splice(i, 1);
}
