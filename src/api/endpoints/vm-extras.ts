import { call } from '../operation.js';
import * as op from '../operations.gen.js';
import type { Transport } from '../request.js';
import { CallbackResponse } from '../schemas/callback.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import { VmEventsResponse } from '../schemas/events.js';
import { type FirewallRuleInput, SecurityRuleResponse } from '../schemas/firewall.js';
import { LogsRequestResponse, LogsResponse } from '../schemas/logs.js';
import { type MetricDuration, VmMetricsResponse } from '../schemas/metrics.js';
import { ackMessage, availability, type CallOptions } from './shared.js';

/** An operation on one VM answered by the envelope alone. */
type AckOperation =
  | typeof op.Attach_public_IP_to_VM
  | typeof op.Detach_public_IP_from_VM
  | typeof op.Delete_VM_callback;

const vm = (id: number) => ({ vm_id: id });

/** Metrics, event history, per-VM firewall rules, public IP and callback of one VM. */
export function vmExtraEndpoints(t: Transport) {
  const ack = (operation: AckOperation) => (id: number, o?: CallOptions) =>
    call(t, operation, o, { params: vm(id), schema: AckResponse }).then(ackMessage);
  const callback =
    (operation: typeof op.Attach_callback_to_VM | typeof op.Update_VM_callback) =>
    (id: number, url: string, o?: CallOptions) =>
      call(t, operation, o, { params: vm(id), body: { url }, schema: CallbackResponse }).then((r) => r.url);

  return {
    /** Series keyed by metric name (`cpu`, `memory.usages`, `network.in` …); `duration` limits the period. */
    metrics: (id: number, o?: CallOptions & { duration?: MetricDuration }) =>
      call(t, op.Get_VM_metrics, o, {
        params: vm(id),
        query: { duration: o?.duration },
        schema: VmMetricsResponse,
      }),

    events: (id: number, o?: CallOptions) =>
      call(t, op.List_VM_events, o, { params: vm(id), schema: VmEventsResponse }).then(
        (r) => r.instance_events,
      ),

    addRule: (id: number, rule: FirewallRuleInput, o?: CallOptions) =>
      call(t, op.Create_firewall_rule_for_VM, o, {
        params: vm(id),
        body: rule,
        schema: SecurityRuleResponse,
      }).then((r) => r.security_rule),

    deleteRule: (id: number, ruleId: number, o?: CallOptions) =>
      call(t, op.Delete_firewall_rule_for_VM, o, {
        params: { vm_id: id, sg_rule_id: ruleId },
        schema: AckResponse,
      }).then(ackMessage),

    /** Replaces the VM's labels (Add_VM_Label, OpenAPI: PUT …/label with `{ labels }`). */
    editLabels: (id: number, labels: readonly string[], o?: CallOptions) =>
      call(t, op.Add_VM_Label, o, {
        params: vm(id),
        body: { labels: [...labels] },
        schema: AckResponse,
      }).then(ackMessage),

    /** Asks for the last `length` lines of the VM's console log (Request_VM_Logs); returns the request's id. */
    requestLogs: (id: number, length: number, o?: CallOptions) =>
      call(t, op.Request_VM_Logs, o, { params: vm(id), body: { length }, schema: LogsRequestResponse }).then(
        (r) => r.request_id,
      ),

    /** The log lines of a request (Get_VM_Logs). */
    logs: (id: number, requestId: number, o?: CallOptions) =>
      call(t, op.Get_VM_Logs, o, {
        params: vm(id),
        query: { request_id: requestId },
        schema: LogsResponse,
      }).then((r) => r.logs ?? ''),

    // POST per the OpenAPI document (the spec leaves both methods out)
    attachFloatingIp: ack(op.Attach_public_IP_to_VM),
    detachFloatingIp: ack(op.Detach_public_IP_from_VM),

    /** Makes `firewallIds` the VM's firewalls: any not listed is detached from it. */
    attachFirewalls: (id: number, firewallIds: number[], o?: CallOptions) =>
      call(t, op.Attach_firewalls_to_VM, o, {
        params: vm(id),
        body: { firewalls: firewallIds },
        schema: AckResponse,
      }).then(ackMessage),

    /** Whether `count` VMs named from `name` can be created (`name`, or `name-1` … `name-N`). */
    nameAvailable: (name: string, count = 1, o?: CallOptions) =>
      call(t, op.Check_VM_name_availability, o, {
        params: { name },
        query: { count },
        schema: NameAvailableResponse,
      }).then(availability),

    /** Returns the URL now attached. */
    attachCallback: callback(op.Attach_callback_to_VM),
    updateCallback: callback(op.Update_VM_callback),
    deleteCallback: ack(op.Delete_VM_callback),
  };
}
