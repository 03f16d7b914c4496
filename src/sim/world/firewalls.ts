/** Firewalls: rule sets in an environment, attached to VMs of that environment. */
import type { World } from '../world.js';
import { alreadyExists, invalid, notFound, wrongState } from './errors.js';
import { envOf, requireEnv } from './lookup.js';
import { makeRule, type RuleInput } from './rules.js';
import type { FirewallRecord, RuleRecord, VmRecord } from './types.js';

export function createFirewall(
  world: World,
  input: { name: string; description: string; environmentId: number },
): FirewallRecord {
  const env = requireEnv(world, input.environmentId);
  for (const f of world.firewalls.values()) {
    if (f.envId === env.id && f.name === input.name) {
      throw alreadyExists(`A firewall named "${input.name}" already exists in environment "${env.name}".`);
    }
  }
  const fw: FirewallRecord = {
    id: world.nextId('firewall'),
    name: input.name,
    description: input.description,
    envId: env.id,
    status: 'SUCCESS',
    createdAt: world.now(),
    rules: [],
    attachments: [],
  };
  world.firewalls.set(fw.id, fw);
  return fw;
}

export function addFirewallRule(world: World, fw: FirewallRecord, input: RuleInput): RuleRecord {
  const rule = makeRule(world, input, world.now());
  fw.rules.push(rule);
  return rule;
}

export function deleteFirewallRule(fw: FirewallRecord, ruleId: number): void {
  const i = fw.rules.findIndex((r) => r.id === ruleId);
  if (i < 0) throw notFound(`Firewall rule with id ${ruleId} not found in firewall "${fw.name}".`);
  fw.rules.splice(i, 1);
}

/** Makes `vmIds` the firewall's attachments: VMs not listed are detached, new ones attached. */
export function updateAttachments(world: World, fw: FirewallRecord, vmIds: number[]): void {
  const env = envOf(world, fw.envId);
  for (const id of vmIds) {
    const vm = world.vms.get(id);
    if (!vm) throw notFound(`Virtual machine with id ${id} not found.`);
    if (vm.envId !== fw.envId) {
      throw invalid(`VM ${vm.name} is not in environment "${env.name}" of firewall "${fw.name}".`);
    }
    if (vm.status === 'DELETING') throw invalid(`VM ${vm.name} is being deleted.`);
  }
  const now = world.now();
  const keep = new Map(fw.attachments.map((a) => [a.vmId, a]));
  fw.attachments = [...new Set(vmIds)].map(
    (vmId) => keep.get(vmId) ?? { id: world.nextId('attachment'), vmId, createdAt: now },
  );
}

export function deleteFirewall(world: World, fw: FirewallRecord): void {
  if (fw.attachments.length > 0) {
    throw wrongState(
      `Firewall "${fw.name}" is attached to ${fw.attachments.length} virtual machine(s). Detach it first.`,
    );
  }
  world.firewalls.delete(fw.id);
}

/** Makes `firewallIds` the VM's firewalls (Attach_firewalls_to_VM): those not listed are detached from it. */
export function setVmFirewalls(world: World, vm: VmRecord, firewallIds: number[]): void {
  const env = envOf(world, vm.envId);
  for (const id of firewallIds) {
    const fw = world.firewalls.get(id);
    if (!fw) throw notFound(`Firewall with id ${id} not found.`);
    if (fw.envId !== vm.envId)
      throw invalid(`Firewall "${fw.name}" is not in environment "${env.name}" of VM ${vm.name}.`);
  }
  if (vm.status === 'DELETING') throw invalid(`VM ${vm.name} is being deleted.`);
  const wanted = new Set(firewallIds);
  const now = world.now();
  for (const fw of world.firewalls.values()) {
    const attached = fw.attachments.some((a) => a.vmId === vm.id);
    if (attached && !wanted.has(fw.id)) fw.attachments = fw.attachments.filter((a) => a.vmId !== vm.id);
    if (!attached && wanted.has(fw.id))
      fw.attachments.push({ id: world.nextId('attachment'), vmId: vm.id, createdAt: now });
  }
}
