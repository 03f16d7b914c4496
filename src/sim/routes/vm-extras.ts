/** A VM's metrics, events, own firewall rules, public IP, callback and console. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { fieldInvalid } from '../world/errors.js';
import { requireVm } from '../world/lookup.js';
import { parseRule } from '../world/rules.js';
import {
  addVmRule,
  attachCallback,
  consoleJob,
  deleteCallback,
  deleteVmRule,
  requestConsole,
  setVmLabels,
  updateCallback,
  vncUrl,
} from '../world/vm-extras.js';
import { attachFloatingIp, detachFloatingIp } from '../world/vm-floating-ip.js';
import { requestVmLogs, vmLogs } from '../world/vm-logs.js';
import { parseDuration, vmMetrics } from '../world/vm-metrics.js';
import { body, idParam, ok, optInt, optStrArray, queryInt } from './body.js';
import { callbackRoutes } from './callback-routes.js';
import { ruleJson } from './view-core.js';
import { vmEventJson } from './view-vm.js';

export const vmExtraRoutes: RouteDef[] = [
  serve(op.Get_VM_metrics, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      // MetricsFields: the series as top-level keys, no status/message envelope
      return { body: vmMetrics(vm, parseDuration(req.query.get('duration')), world.now()) };
    },
  }),
  serve(op.List_VM_events, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      return ok('Getting instance events successful', {
        instance_events: vm.events.map((e) => vmEventJson(world, vm, e)),
      });
    },
  }),
  serve(op.Create_firewall_rule_for_VM, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const rule = addVmRule(world, vm, parseRule(body(req)));
      return ok('Firewall rule added successfully.', { security_rule: ruleJson(rule) });
    },
  }),
  serve(op.Delete_firewall_rule_for_VM, {
    handle: (req, world) => {
      deleteVmRule(world, requireVm(world, idParam(req, 'vm_id')), idParam(req, 'sg_rule_id'));
      return ok('Firewall rule deleted successfully.');
    },
  }),
  serve(op.Attach_public_IP_to_VM, {
    handle: (req, world) => ok(attachFloatingIp(world, requireVm(world, idParam(req, 'vm_id')))),
  }),
  serve(op.Detach_public_IP_from_VM, {
    handle: (req, world) => ok(detachFloatingIp(world, requireVm(world, idParam(req, 'vm_id')))),
  }),
  // a VM that already has a callback: 400 (Attach_callback_to_VM documents no 409)
  ...callbackRoutes(
    { attach: op.Attach_callback_to_VM, update: op.Update_VM_callback, remove: op.Delete_VM_callback },
    (req, world) => requireVm(world, idParam(req, 'vm_id')),
    { attach: attachCallback, update: updateCallback, remove: deleteCallback },
  ),
  serve(op.Add_VM_Label, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      setVmLabels(world, vm, optStrArray(body(req), 'labels') ?? []);
      return ok('Labels edited successfully');
    },
  }),
  serve(op.Request_VM_Logs, {
    // RequestInstanceLogsResponse: `request_id` only
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      return { body: { request_id: requestVmLogs(world, vm, optInt(body(req), 'length')).id } };
    },
  }),
  serve(op.Get_VM_Logs, {
    // GetInstanceLogsResponse: `logs` only
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const id = queryInt(req, 'request_id');
      if (id === undefined) throw fieldInvalid('request_id', 'Missing data for required field.');
      return { body: { logs: vmLogs(world, vm, id) } };
    },
  }),
  serve(op.Request_VM_Console, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const job = requestConsole(world, vm);
      // a path below the base URL, to GET next
      return ok('Console requested.', { url: `/core/virtual-machines/${vm.id}/console/${job.id}` });
    },
  }),
  serve(op.Get_VNC_URL, {
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req, 'vm_id'));
      const job = consoleJob(world, vm, idParam(req, 'job_id'));
      return ok('Getting VNC console link successful', {
        vnc_url: { id: job.id, vnc_url: vncUrl(world, job) },
      });
    },
  }),
];
