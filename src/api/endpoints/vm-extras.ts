import { body, query } from '../openapi-types.js';
import type { Transport } from '../request.js';
import { seg } from '../request.js';
import { CallbackResponse } from '../schemas/callback.js';
import { AckResponse, NameAvailableResponse } from '../schemas/common.js';
import { VmEventsResponse } from '../schemas/events.js';
import { type FirewallRuleInput, SecurityRuleResponse } from '../schemas/firewall.js';
import { LogsRequestResponse, LogsResponse } from '../schemas/logs.js';
import { type MetricDuration, VmMetricsResponse } from '../schemas/metrics.js';
import { ackMessage, availability, type CallOptions, read, vmPath, write } from './shared.js';

/** Metrics, event history, per-VM firewall rules, public IP and callback of one VM. */
export function vmExtraEndpoints(t: Transport) {
  const ack = (method: 'POST' | 'DELETE', rest: string) => (id: number, o?: CallOptions) =>
    t
      .request({ method, path: vmPath(id, rest), schema: AckResponse, retry: false, signal: o?.signal })
      .then(ackMessage);
  const callback = (method: 'POST' | 'PUT', rest: string) => (id: number, url: string, o?: CallOptions) =>
    t
      .request({
        method,
        path: vmPath(id, rest),
        body: body('Attach_callback_to_VM', { url }),
        schema: CallbackResponse,
        retry: false,
        signal: o?.signal,
      })
      .then((r) => r.url);

  return {
    /** Series keyed by metric name (`cpu`, `memory.usages`, `network.in` …); `duration` limits the period. */
    metrics: (id: number, o?: CallOptions & { duration?: MetricDuration }) =>
      t.request({
        method: 'GET',
        path: vmPath(id, 'metrics'),
        query: query('Get_VM_metrics', { duration: o?.duration }),
        schema: VmMetricsResponse,
        retry: true,
        signal: o?.signal,
      }),

    events: (id: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: vmPath(id, 'events'),
          schema: VmEventsResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.instance_events),

    addRule: (id: number, rule: FirewallRuleInput, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: vmPath(id, 'sg-rules'),
          body: body('Create_firewall_rule_for_VM', rule),
          schema: SecurityRuleResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.security_rule),

    deleteRule: (id: number, ruleId: number, o?: CallOptions) =>
      t
        .request({
          method: 'DELETE',
          path: vmPath(id, `sg-rules/${seg(ruleId)}`),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Replaces the VM's labels (Add_VM_Label, OpenAPI: PUT …/label with `{ labels }`). */
    editLabels: (id: number, labels: readonly string[], o?: CallOptions) =>
      t
        .request({
          method: 'PUT',
          path: vmPath(id, 'label'),
          body: body('Add_VM_Label', { labels: [...labels] }),
          schema: AckResponse,
          retry: false,
          signal: o?.signal,
        })
        .then(ackMessage),

    /** Asks for the last `length` lines of the VM's console log (Request_VM_Logs); returns the request's id. */
    requestLogs: (id: number, length: number, o?: CallOptions) =>
      t
        .request({
          method: 'POST',
          path: vmPath(id, 'logs'),
          body: body('Request_VM_Logs', { length }),
          schema: LogsRequestResponse,
          retry: false,
          signal: o?.signal,
        })
        .then((r) => r.request_id),

    /** The log lines of a request (Get_VM_Logs). */
    logs: (id: number, requestId: number, o?: CallOptions) =>
      t
        .request({
          method: 'GET',
          path: vmPath(id, 'logs'),
          query: query('Get_VM_Logs', { request_id: requestId }),
          schema: LogsResponse,
          retry: true,
          signal: o?.signal,
        })
        .then((r) => r.logs ?? ''),

    // POST per the OpenAPI document (the spec leaves both methods out)
    attachFloatingIp: ack('POST', 'attach-floatingip'),
    detachFloatingIp: ack('POST', 'detach-floatingip'),

    /** Makes `firewallIds` the VM's firewalls: any not listed is detached from it. */
    attachFirewalls: (id: number, firewallIds: number[], o?: CallOptions) =>
      write(
        t,
        'POST',
        vmPath(id, 'attach-firewalls'),
        AckResponse,
        body('Attach_firewalls_to_VM', { firewalls: firewallIds }),
        o,
      ).then(ackMessage),

    /** Whether `count` VMs named from `name` can be created (`name`, or `name-1` … `name-N`). */
    nameAvailable: (name: string, count = 1, o?: CallOptions) =>
      read(
        t,
        `/core/virtual-machines/name-availability/${seg(name)}`,
        NameAvailableResponse,
        o,
        query('Check_VM_name_availability', { count }),
      ).then(availability),

    /** Returns the URL now attached. */
    attachCallback: callback('POST', 'attach-callback'),
    updateCallback: callback('PUT', 'update-callback'),
    deleteCallback: ack('DELETE', 'delete-callback'),
  };
}
