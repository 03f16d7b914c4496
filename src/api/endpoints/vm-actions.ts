import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { AckResponse } from '../schemas/common.js';
import { ConsoleRequestResponse, ConsoleUrlResponse } from '../schemas/console.js';
import { ackMessage, type CallOptions } from './shared.js';

/** A power action: a GET by its operation. */
type PowerOperation =
  | typeof op.Start_VM
  | typeof op.Stop_VM
  | typeof op.Hard_reboot_VM
  | typeof op.Restore_VM_from_hibernation;

/**
 * Power actions are GETs but change state: never retried (a retried hard reboot is two reboots).
 * Each returns the service's message.
 */
export function vmActionEndpoints(t: Transport) {
  const action = (operation: PowerOperation) => (id: number, o?: CallOptions) =>
    call(t, operation, o, { params: { vm_id: id }, schema: AckResponse }).then(ackMessage);

  return {
    start: action(op.Start_VM),
    stop: action(op.Stop_VM),
    hardReboot: action(op.Hard_reboot_VM),

    /** `retainIp` keeps the public IP while hibernated (query `retain_ip`). */
    hibernate: (id: number, o?: CallOptions & { retainIp?: boolean }) =>
      call(t, op.Hibernate_VM, o, {
        params: { vm_id: id },
        query: { retain_ip: o?.retainIp },
        schema: AckResponse,
      }).then(ackMessage),

    hibernateRestore: action(op.Restore_VM_from_hibernation),

    /** The service takes the new flavor in a POST body (the spec's bare GET cannot say which flavor). */
    resize: (id: number, flavorName: string, o?: CallOptions) =>
      call(t, op.Resize_VM, o, {
        params: { vm_id: id },
        body: { flavor_name: flavorName },
        schema: AckResponse,
      }).then(ackMessage),

    /** Starts a console job; returns the path to request next (it names the job). */
    requestConsole: (id: number, o?: CallOptions) =>
      call(t, op.Request_VM_Console, o, {
        params: { vm_id: id },
        schema: ConsoleRequestResponse,
      }).then((r) => r.url),

    /** The VNC console URL of a console job (a read). */
    consoleUrl: (id: number, jobId: number | string, o?: CallOptions) =>
      call(t, op.Get_VNC_URL, o, { params: { vm_id: id, job_id: jobId }, schema: ConsoleUrlResponse }).then(
        (r) => (typeof r.vnc_url === 'string' ? r.vnc_url : r.vnc_url.vnc_url),
      ),
  };
}
