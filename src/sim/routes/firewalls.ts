/** Firewalls, their rules and their attachments to VMs. */
import * as op from '../../api/operations.gen.js';
import { type RouteDef, serve } from '../route.js';
import { invalid } from '../world/errors.js';
import {
  addFirewallRule,
  createFirewall,
  deleteFirewall,
  deleteFirewallRule,
  updateAttachments,
} from '../world/firewalls.js';
import { findEnvByName, requireFirewall } from '../world/lookup.js';
import { parseRule } from '../world/rules.js';
import { body, idParam, ok, optStr, pageOk, refusedAs400, reqInt, reqStr } from './body.js';
import { firewallJson, ruleJson } from './view-core.js';

export const firewallRoutes: RouteDef[] = [
  serve(op.List_existing_firewalls, {
    handle: (req, world) => {
      const envName = req.query.get('environment');
      const envId = envName ? (findEnvByName(world, envName)?.id ?? -1) : undefined;
      const all = [...world.firewalls.values()].filter((f) => envId === undefined || f.envId === envId);
      return pageOk(req, all, {
        message: 'Getting firewalls successful',
        key: 'firewalls',
        json: (f) => firewallJson(world, f),
        name: (f) => f.name,
      });
    },
  }),
  serve(op.Create_firewall, {
    handle: (req, world) => {
      const b = body(req);
      const fw = createFirewall(world, {
        name: reqStr(b, 'name'),
        description: optStr(b, 'description') ?? '',
        environmentId: reqInt(b, 'environment_id'),
      });
      return ok(`Firewall ${fw.name} created successfully.`, { firewall: firewallJson(world, fw, false) });
    },
  }),
  serve(op.Get_firewall, {
    handle: (req, world) =>
      ok('Getting firewall successful', {
        firewall: firewallJson(world, requireFirewall(world, idParam(req))),
      }),
  }),
  serve(op.Delete_existing_firewall, {
    handle: (req, world) => {
      const fw = requireFirewall(world, idParam(req));
      deleteFirewall(world, fw);
      return ok(`Firewall ${fw.name} deleted successfully.`);
    },
  }),
  serve(op.Add_rule_to_firewall, {
    // Add_rule_to_firewall documents no 404: an unknown firewall is a 400
    handle: refusedAs400([404], (req, world) => {
      const fw = requireFirewall(world, idParam(req, 'firewall_id'));
      const rule = addFirewallRule(world, fw, parseRule(body(req)));
      return ok('Firewall rule added successfully.', { firewall_rule: ruleJson(rule) });
    }),
  }),
  serve(op.Delete_rule_from_firewall, {
    handle: (req, world) => {
      const fw = requireFirewall(world, idParam(req, 'firewall_id'));
      deleteFirewallRule(fw, idParam(req, 'firewall_rule_id'));
      return ok('Firewall rule deleted successfully.');
    },
  }),
  serve(op.Attach_firewall_to_VMs, {
    handle: (req, world) => {
      const fw = requireFirewall(world, idParam(req, 'firewall_id'));
      const vms = body(req).vms;
      if (!Array.isArray(vms) || !vms.every((v) => Number.isInteger(v))) {
        throw invalid('vms is required and must be an array of VM ids (integers).');
      }
      updateAttachments(world, fw, vms as number[]);
      return ok(`Firewall ${fw.name} attachments updated.`);
    },
  }),
];
