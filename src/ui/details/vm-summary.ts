/**
 * The first lines of a VM's detail: what triage asks first, in the order it asks it. Is it up (and since when),
 * how do I get in, what is it, what does it cost now, who can reach it, where is it. The rest follows below.
 */
import type { ResourceRate } from '../../api/schemas/billing.js';
import type { VmEvent } from '../../api/schemas/events.js';
import type { Vm } from '../../api/schemas/vm.js';
import { vmSshCommand } from '../../domain/address.js';
import { dateTime, duration, gb, NONE } from '../../domain/format.js';
import { leaseLeft, leaseOf, leaseState } from '../../domain/lease.js';
import { wrapWords } from '../../domain/text.js';
import { type FirewallLike, openingText, opensSsh, vmOpenings } from '../../domain/vm-reach.js';
import { stateSince } from '../../domain/vm-uptime.js';
import { type DetailLine, field, fieldValueWidth } from '../DetailPane.js';
import { statusLabel } from '../theme.js';
import { costNowText } from './rate.js';

export interface VmSummaryInput {
  vm: Vm;
  region: string | undefined;
  events: readonly VmEvent[] | undefined;
  rate: ResourceRate | undefined;
  rateLoading: boolean;
  /** The organisation's firewalls (those attached to the VM add their rules), undefined until loaded. */
  firewalls: readonly FirewallLike[] | undefined;
  now: number;
  /** Columns of the pane: the reach line wraps to it. */
  width: number;
}

/** What the state line adds to an ERROR VM: what can be done about it. */
const ERROR_HINT = 'b hard-reboots it, D deletes it';

/** "● ACTIVE · RUNNING · up 3h", "✖ ERROR · b hard-reboots it, D deletes it". */
function stateText(p: VmSummaryInput): string {
  const { vm } = p;
  const parts = [statusLabel(vm.status)];
  if (vm.power_state && vm.power_state.toUpperCase() !== vm.status.toUpperCase()) parts.push(vm.power_state);
  const since = stateSince(vm, p.events);
  if (since.at !== undefined) {
    const d = duration(Math.max(0, p.now - since.at));
    if (vm.status === 'ACTIVE') parts.push(since.reason ? `up ${d}` : `up ${d} (since created)`);
    else parts.push(`for ${d}`);
  }
  if (vm.locked) parts.push('locked');
  if (vm.status === 'ERROR') parts.push(ERROR_HINT);
  return parts.join(' · ');
}

/** "ssh ubuntu@1.2.3.4  (C copies)"; without a public IP, how to get one. */
function sshText(vm: Vm): string {
  const line = vmSshCommand(vm);
  if (line) return `${line}  (C copies)`;
  if (vm.floating_ip) return `— the public IP "${vm.floating_ip}" is not an address`;
  return vm.status === 'ACTIVE' ? '— no public IP (f attaches one)' : '— no public IP';
}

/** "1 × H100-80G-PCIe · n3-H100x1 · 28 vCPU / 180 GB"; "no GPU · n1-cpu-small · …". */
function machineText(vm: Vm): string {
  const f = vm.flavor;
  if (!f) return NONE;
  const gpu = f.gpu ? `${f.gpu_count ?? 1} × ${f.gpu}` : 'no GPU';
  return `${gpu} · ${f.name} · ${f.cpu ?? NONE} vCPU / ${gb(f.ram)}`;
}

/** The inbound openings, wrapped under one label; what is missing said in words. */
function reachLines(p: VmSummaryInput): DetailLine[] {
  const openings = vmOpenings(p.vm, p.firewalls ?? []);
  const notes: string[] = [];
  if (!p.vm.floating_ip) notes.push('no public IP: its private network only;');
  let body: string;
  if (openings.length === 0) body = 'nothing: no inbound rule (p opens SSH, a adds a rule)';
  else {
    body = openings.map(openingText).join(' · ');
    if (p.firewalls && !openings.some(opensSsh)) body += ' · not ssh (p opens it)';
  }
  if (p.firewalls === undefined) body += ' (its firewalls: loading…)';
  const tone = openings.length === 0 ? 'warn' : undefined;
  return wrapWords([...notes, body].join(' '), fieldValueWidth(p.width)).map((l, i) =>
    field(i === 0 ? 'reach' : '', l, tone),
  );
}

/** "lease  3 h 20 m left (until 2026-12-01 18:00 UTC)": only when the VM has one (e extends it: the footer says). */
function leaseLines(vm: Vm, now: number): DetailLine[] {
  const end = leaseOf(vm);
  if (end === undefined) return [];
  const state = leaseState(end, now);
  const until = `until ${dateTime(new Date(end).toISOString())} UTC`;
  return [
    field(
      'lease',
      `${leaseLeft(end, now)} (${until})${state === 'over' ? ': guard hibernates it' : ''}`,
      state === 'over' ? 'error' : state === 'ending' ? 'warn' : undefined,
    ),
  ];
}

export function vmSummaryLines(p: VmSummaryInput): DetailLine[] {
  const { vm } = p;
  const ips = [
    vm.floating_ip ? `${vm.floating_ip} public` : undefined,
    vm.fixed_ip ? `${vm.fixed_ip} private` : undefined,
  ].filter(Boolean);
  return [
    field('state', stateText(p), vm.status === 'ERROR' ? 'error' : undefined),
    field('ssh', sshText(vm)),
    field('GPU', machineText(vm)),
    field('cost', costNowText(p.rate, p.rateLoading)),
    ...leaseLines(vm, p.now),
    ...reachLines(p),
    field('IP', ips.length ? ips.join(' · ') : undefined),
    field('where', [vm.environment?.name, p.region].filter(Boolean).join(' · ') || undefined),
  ];
}
