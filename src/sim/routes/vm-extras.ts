/** A VM's metrics, events, own firewall rules, public IP, callback and console. */
import type { RouteDef } from '../route.js';
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
import { body, idParam, ok, optInt, optStrArray, queryInt, reqStr } from './body.js';
import { ruleJson } from './view-core.js';
import { vmEventJson } from './view-vm.js';

export const vmExtraRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/core/virtual-machines/:id/metrics',
    mutation: false,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      // MetricsFields: the series as top-level keys, no status/message envelope
      return { body: vmMetrics(vm, parseDuration(req.query.get('duration')), world.now()) };
    },
  },
  {
    method: 'GET',
    path: '/core/virtual-machines/:id/events',
    mutation: false,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      return ok('Getting instance events successful', {
        instance_events: vm.events.map((e) => vmEventJson(world, vm, e)),
      });
    },
  },
  {
    method: 'POST',
    path: '/core/virtual-machines/:id/sg-rules',
    mutation: true,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      const rule = addVmRule(world, vm, parseRule(body(req)));
      return ok('Firewall rule added successfully.', { security_rule: ruleJson(rule) });
    },
  },
  {
    method: 'DELETE',
    path: '/core/virtual-machines/:id/sg-rules/:sg_rule_id',
    mutation: true,
    handle: (req, world) => {
      deleteVmRule(world, requireVm(world, idParam(req)), idParam(req, 'sg_rule_id'));
      return ok('Firewall rule deleted successfully.');
    },
  },
  {
    method: 'POST',
    path: '/core/virtual-machines/:id/attach-floatingip',
    mutation: true,
    handle: (req, world) => ok(attachFloatingIp(world, requireVm(world, idParam(req)))),
  },
  {
    method: 'POST',
    path: '/core/virtual-machines/:id/detach-floatingip',
    mutation: true,
    handle: (req, world) => ok(detachFloatingIp(world, requireVm(world, idParam(req)))),
  },
  {
    method: 'POST',
    path: '/core/virtual-machines/:id/attach-callback',
    mutation: true,
    // a VM that already has a callback: 400 (Attach_callback_to_VM documents no 409)
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      const url = reqStr(body(req), 'url');
      attachCallback(world, vm, url);
      return ok('Callback attached successfully.', { url });
    },
  },
  {
    method: 'PUT',
    path: '/core/virtual-machines/:id/update-callback',
    mutation: true,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      const url = reqStr(body(req), 'url');
      updateCallback(world, vm, url);
      return ok('Callback updated successfully.', { url });
    },
  },
  {
    method: 'DELETE',
    path: '/core/virtual-machines/:id/delete-callback',
    mutation: true,
    handle: (req, world) => {
      deleteCallback(world, requireVm(world, idParam(req)));
      return ok('Callback deleted successfully.');
    },
  },
  {
    method: 'PUT',
    path: '/core/virtual-machines/:id/label',
    mutation: true,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      setVmLabels(world, vm, optStrArray(body(req), 'labels') ?? []);
      return ok('Labels edited successfully');
    },
  },
  {
    method: 'POST',
    path: '/core/virtual-machines/:id/logs',
    mutation: true,
    // RequestInstanceLogsResponse: `request_id` only
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      return { body: { request_id: requestVmLogs(world, vm, optInt(body(req), 'length')).id } };
    },
  },
  {
    method: 'GET',
    path: '/core/virtual-machines/:id/logs',
    mutation: false,
    // GetInstanceLogsResponse: `logs` only
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      const id = queryInt(req, 'request_id');
      if (id === undefined) throw fieldInvalid('request_id', 'Missing data for required field.');
      return { body: { logs: vmLogs(world, vm, id) } };
    },
  },
  {
    method: 'GET',
    path: '/core/virtual-machines/:id/request-console',
    mutation: true,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      const job = requestConsole(world, vm);
      // a path below the base URL, to GET next
      return ok('Console requested.', { url: `/core/virtual-machines/${vm.id}/console/${job.id}` });
    },
  },
  {
    method: 'GET',
    path: '/core/virtual-machines/:id/console/:job_id',
    mutation: false,
    handle: (req, world) => {
      const vm = requireVm(world, idParam(req));
      const job = consoleJob(world, vm, idParam(req, 'job_id'));
      return ok('Getting VNC console link successful', {
        vnc_url: { id: job.id, vnc_url: vncUrl(world, job) },
      });
    },
  },
];
