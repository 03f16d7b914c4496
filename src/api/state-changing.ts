/**
 * Which operations change state: all but GETs, and these GETs. The client never retries one of them (a retried
 * hard reboot is two reboots: `call`), and the simulator refuses them to the read-only key (`serve`), from this
 * one list.
 */
import type { OperationId } from './openapi-types.js';

export const STATE_CHANGING_GETS: ReadonlySet<OperationId> = new Set<OperationId>([
  'Start_VM',
  'Stop_VM',
  'Hard_reboot_VM',
  'Hibernate_VM',
  'Restore_VM_from_hibernation',
  'Request_VM_Console',
  'Accept_Invite',
]);

/** Of an operation of the table (src/api/operation.ts's Operation: its id and method are all this reads). */
export const changesState = (operation: { readonly id: OperationId; readonly method: string }): boolean =>
  operation.method !== 'GET' || STATE_CHANGING_GETS.has(operation.id);
