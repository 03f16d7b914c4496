/** A user's or a role's permissions, said by resource: the roles screen, a member's detail on :org. */
import type { UserPermission } from '../src/api/schemas/access.js';
import { type DetailLine, field, text } from '../src/ui/DetailPane.js';
import { permissionsByResource } from './lists/org.js';

/** "12 permissions: billing (read), virtual-machine (create, delete)" — what a user may do, by resource. */
export function permissionsLine(perms: readonly UserPermission[] | undefined): string {
  if (perms === undefined) return 'loading…';
  if (perms.length === 0) return 'none: the service refuses every action';
  const by = permissionsByResource({ permissions: perms });
  return `${perms.length} permissions: ${by.map(([r, a]) => `${r} (${a.join(', ')})`).join(', ')}`;
}

/** The lines of a member's or role's permissions, one resource a line. */
export function permissionLines(perms: { permissions?: readonly UserPermission[] | null }): DetailLine[] {
  const by = permissionsByResource(perms);
  return by.length === 0 ? [text('none', 'dim')] : by.map(([res, actions]) => field(res, actions.join(', ')));
}
