/** A VM's own firewall rules, its callback URL and its VNC console. */
import type { World } from '../world.js';
import { fieldInvalid, invalid, notFound } from './errors.js';
import { makeRule, type RuleInput } from './rules.js';
import type { ConsoleJob, RuleRecord, VmRecord } from './types.js';
import { addVmEvent } from './vm-events.js';
import { refuse } from './vm-state.js';

export function addVmRule(world: World, vm: VmRecord, input: RuleInput): RuleRecord {
  if (vm.status === 'DELETING') throw refuse(vm, 'given new firewall rules', []);
  const now = world.now();
  const rule = makeRule(world, input, now);
  vm.rules.push(rule);
  addVmEvent(world, vm, now, 'SecurityRuleAdded', `Firewall rule ${rule.id} added to VM ${vm.name}.`);
  return rule;
}

export function deleteVmRule(world: World, vm: VmRecord, ruleId: number): void {
  const i = vm.rules.findIndex((r) => r.id === ruleId);
  if (i < 0) throw notFound(`Firewall rule with id ${ruleId} not found on VM ${vm.name}.`);
  vm.rules.splice(i, 1);
  addVmEvent(
    world,
    vm,
    world.now(),
    'SecurityRuleDeleted',
    `Firewall rule ${ruleId} removed from VM ${vm.name}.`,
  );
}

/** A callback URL: http(s), at most 250 characters. */
export function checkCallbackUrl(url: string, field = 'url'): void {
  if (url.length > 250) throw invalid(`${field} must be at most 250 characters.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`${field} "${url}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`${field} must be an http or https URL.`);
  }
}

export function attachCallback(world: World, vm: VmRecord, url: string): void {
  checkCallbackUrl(url);
  if (vm.callbackUrl !== null) {
    throw invalid(`VM ${vm.name} already has a callback URL; change it with update-callback.`);
  }
  vm.callbackUrl = url;
  addVmEvent(world, vm, world.now(), 'CallbackAttached', `Callback URL attached to VM ${vm.name}.`);
}

export function updateCallback(world: World, vm: VmRecord, url: string): void {
  checkCallbackUrl(url);
  if (vm.callbackUrl === null) throw notFound(`VM ${vm.name} has no callback URL to update.`);
  vm.callbackUrl = url;
  addVmEvent(world, vm, world.now(), 'CallbackUpdated', `Callback URL of VM ${vm.name} updated.`);
}

export function deleteCallback(world: World, vm: VmRecord): void {
  if (vm.callbackUrl === null) throw notFound(`VM ${vm.name} has no callback URL.`);
  vm.callbackUrl = null;
  addVmEvent(world, vm, world.now(), 'CallbackDeleted', `Callback URL of VM ${vm.name} deleted.`);
}

/** Starts a console job; the service answers with the path to ask next. */
export function requestConsole(world: World, vm: VmRecord): ConsoleJob {
  if (vm.status !== 'ACTIVE') throw refuse(vm, 'opened in a console', ['ACTIVE']);
  const job: ConsoleJob = { id: world.nextId('consoleJob'), vmId: vm.id, createdAt: world.now() };
  world.consoleJobs.set(job.id, job);
  return job;
}

export function consoleJob(world: World, vm: VmRecord, jobId: number): ConsoleJob {
  const job = world.consoleJobs.get(jobId);
  if (!job || job.vmId !== vm.id) throw notFound(`Console job ${jobId} not found for VM ${vm.name}.`);
  return job;
}

export function vncUrl(world: World, job: ConsoleJob): string {
  const token = ((job.id * 2_654_435_761) ^ world.seed ^ job.createdAt).toString(16).replace('-', '');
  return `https://console.hyperstack.sim/vnc_auto.html?path=%3Ftoken%3D${token}${job.id}`;
}

/** A label: 1 to 50 characters, no spaces (the service splits labels on spaces). */
export const LABEL_MAX = 50;
export const LABELS_MAX = 20;

/** Replaces a VM's labels (Add_VM_Label: the labels sent are the VM's labels after). */
export function setVmLabels(world: World, vm: VmRecord, labels: readonly string[]): void {
  if (vm.status === 'DELETING') throw refuse(vm, 'labelled', []);
  if (labels.length > LABELS_MAX) throw fieldInvalid('labels', `At most ${LABELS_MAX} labels.`);
  for (const l of labels) {
    if (l.length < 1 || l.length > LABEL_MAX)
      throw fieldInvalid('labels', `Label "${l}": length must be between 1 and ${LABEL_MAX}.`);
    if (/\s/.test(l)) throw fieldInvalid('labels', `Label "${l}" must not contain spaces.`);
  }
  vm.labels = [...new Set(labels)];
  addVmEvent(world, vm, world.now(), 'LabelsEdited', `Labels of VM ${vm.name} edited.`);
}
