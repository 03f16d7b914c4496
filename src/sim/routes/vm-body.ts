/** The create-VM request body, checked field by field; a named profile fills in what the body leaves out. */

import { invalid, notFound } from '../world/errors.js';
import { parseRule } from '../world/rules.js';
import type { CreateVmsInput } from '../world/vm-create.js';
import { checkCallbackUrl } from '../world/vm-extras.js';
import type { World } from '../world.js';
import { type Body, optBool, optStr, optStrArray, reqInt, reqObject, reqStr } from './body.js';

function withProfile(world: World, b: Body): Body {
  if (b.profile === undefined || b.profile === null) return b;
  const name = reqStr(reqObject(b, 'profile'), 'name');
  const p = [...world.profiles.values()].find((x) => x.name === name);
  if (!p) throw notFound(`Profile "${name}" not found.`);
  const merged: Body = { ...p.data };
  for (const [k, v] of Object.entries(b)) if (v !== undefined && v !== null) merged[k] = v;
  return merged;
}

export function parseCreateVm(world: World, raw: Body): CreateVmsInput {
  const b = withProfile(world, raw);
  const rules = b.security_rules;
  if (rules !== undefined && rules !== null && !Array.isArray(rules)) {
    throw invalid('security_rules must be an array of firewall rules.');
  }
  const callbackUrl = optStr(b, 'callback_url', 250);
  if (callbackUrl !== undefined) checkCallbackUrl(callbackUrl, 'callback_url');
  return {
    name: reqStr(b, 'name', 50),
    environmentName: reqStr(b, 'environment_name'),
    imageName: reqStr(b, 'image_name'),
    flavorName: reqStr(b, 'flavor_name'),
    keyName: reqStr(b, 'key_name'),
    count: reqInt(b, 'count', 1, 20),
    assignFloatingIp: optBool(b, 'assign_floating_ip') ?? false,
    // the document's default (Create_Instances_Payload): on
    portRandomization: optBool(b, 'enable_port_randomization') ?? true,
    createBootableVolume: optBool(b, 'create_bootable_volume') ?? false,
    userData: optStr(b, 'user_data') ?? null,
    callbackUrl: callbackUrl ?? null,
    labels: optStrArray(b, 'labels') ?? [],
    securityRules: (Array.isArray(rules) ? rules : []).map((r, i) => parseRule(r, `security_rules[${i}]`)),
  };
}
