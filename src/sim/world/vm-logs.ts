/** A VM's console log (Request_VM_Logs, then Get_VM_Logs with the request id): a boot and a workload, by its clock. */
import type { World } from '../world.js';
import { fieldInvalid, notFound } from './errors.js';
import type { VmRecord } from './types.js';

interface LogRequest {
  id: number;
  vmId: number;
  length: number;
  at: number;
}

const requests = new WeakMap<World, Map<number, LogRequest>>();
const of = (world: World) => {
  const m = requests.get(world) ?? new Map<number, LogRequest>();
  requests.set(world, m);
  return m;
};

export const LOG_LENGTH_MAX = 10_000;

export function requestVmLogs(world: World, vm: VmRecord, length: number | undefined): LogRequest {
  const n = length ?? 100;
  if (!Number.isInteger(n) || n < 1 || n > LOG_LENGTH_MAX)
    throw fieldInvalid('length', `Must be between 1 and ${LOG_LENGTH_MAX}.`);
  const req = { id: world.nextId('consoleJob'), vmId: vm.id, length: n, at: world.now() };
  of(world).set(req.id, req);
  return req;
}

const BOOT = [
  '[    0.000000] Linux version 5.15.0-91-generic (buildd@lcy02-amd64-045) (gcc 11.4.0)',
  '[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-91-generic root=LABEL=cloudimg-rootfs ro console=ttyS0',
  '[    0.412093] PCI: Using configuration type 1 for base access',
  '[    1.203311] nvidia: loading out-of-tree module taints kernel.',
  '[    1.388420] nvidia-nvlink: Nvlink Core is being initialized',
  '[    2.019384] EXT4-fs (vda1): mounted filesystem with ordered data mode.',
  "cloud-init[812]: Cloud-init v. 23.4.4 running 'init'",
  'cloud-init[812]: ci-info: ++++++++++++++++++++Net device info+++++++++++++++++++++',
  'cloud-init[812]: Generating public/private ed25519 key pair.',
  "cloud-init[1024]: Cloud-init v. 23.4.4 running 'modules:final'",
  'nvidia-persistenced[1102]: Started nvidia-persistenced.',
  'systemd[1]: Started OpenBSD Secure Shell server.',
];

/** The log of a VM up to `now`: its boot, then a line every few minutes of a training job. */
function logLines(vm: VmRecord, now: number): string[] {
  const lines = BOOT.map((l) => l.replace('ci-info:', `ci-info: ${vm.name}`));
  lines.push(`Ubuntu 22.04.3 LTS ${vm.name} ttyS0`, `${vm.name} login: `);
  const start = Math.max(vm.createdAt, now - 24 * 3_600_000);
  let step = 0;
  for (let t = start + 5 * 60_000; t <= now && lines.length < 2_000; t += 5 * 60_000) {
    step++;
    const at = new Date(t).toISOString();
    const loss = (2.5 * Math.exp(-step / 120) + (0.05 * ((vm.id * 31 + step * 17) % 10)) / 10).toFixed(4);
    if (step % 36 === 0)
      lines.push(`${at} train.py[2211]: checkpoint saved to /ephemeral/ckpt/step-${step * 100}.pt`);
    else if ((vm.id + step) % 97 === 0)
      lines.push(`${at} kernel: NVRM: Xid (PCI:0000:00:05): 79, GPU has fallen off the bus.`);
    else lines.push(`${at} train.py[2211]: step ${step * 100} loss ${loss} lr 3.0e-4`);
  }
  return lines;
}

export function vmLogs(world: World, vm: VmRecord, requestId: number): string {
  const req = of(world).get(requestId);
  if (!req || req.vmId !== vm.id) throw notFound(`Log request ${requestId} not found for VM ${vm.name}.`);
  return logLines(vm, req.at).slice(-req.length).join('\n');
}
