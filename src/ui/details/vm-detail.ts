import type { Contract, ResourceRate } from '../../api/schemas/billing.js';
import type { VmEvent } from '../../api/schemas/events.js';
import type { Firewall } from '../../api/schemas/firewall.js';
import type { Vm } from '../../api/schemas/vm.js';
import { dateOnly, discountText } from '../../domain/billing.js';
import { age, dateTime, gb } from '../../domain/format.js';
import { pushAll } from '../../domain/lists.js';
import { newestFirst } from '../../domain/newest-first.js';
import { SNAPSHOTTING_REASON } from '../../domain/vm-blockers.js';
import { firewallsOf } from '../../domain/vm-reach.js';
import { GREEN_STATUS, needsPublicIpText, portRandomizationText, wordFor } from '../../domain/words.js';
import { callbackPendingKey, rulePendingKey, ruleText } from '../../store/actions/vm-rules.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';
import { callbackField } from './callback-field.js';
import { rateLines } from './rate.js';
import { vmSummaryLines } from './vm-summary.js';

export interface VmDetailInput {
  vm: Vm;
  /** The contract it is billed under, once read. */
  contract?: Contract | undefined;
  region: string | undefined;
  events: VmEvent[] | undefined;
  eventsLoading: boolean;
  rate: ResourceRate | undefined;
  rateLoading: boolean;
  now: number;
  /** The metrics section, drawn by its own module (`vm-metrics.ts`). */
  metrics?: DetailLine[];
  /** Actions under way (a rule being deleted: "vm-rule:<id>"). */
  pending?: Readonly<Record<string, unknown>>;
  /** Sections of what the user asked for in the detail (the console), shown after the summary. */
  extra?: DetailLine[];
  /** The organisation's firewalls (those attached to it say who can reach it), undefined until loaded. */
  firewalls?: readonly Firewall[] | undefined;
  /** Columns of the pane (long lines wrap to it); default 80. */
  width?: number;
}

/** "#12 active · 2025-01-01 → 2026-01-01 · 20% off": the contract's terms, and its discount on this VM if any. */
function contractText(vm: Vm, c: Contract | undefined): string | number | null | undefined {
  if (vm.contract_id == null || !c || c.id !== vm.contract_id) return vm.contract_id;
  const mine = c.discounts?.find((d) => d.resource_id === vm.id) ?? c.discounts?.[0];
  const parts = [`#${c.id} ${c.status}`, `${dateOnly(c.start_date)} → ${dateOnly(c.end_date)}`];
  if (mine) parts.push(discountText(mine));
  return parts.join(' · ');
}

/**
 * A VM for the detail pane. First what triage asks (vm-summary.ts: state and uptime, ssh line, GPUs, cost now,
 * who can reach it, where), then what the user asked for (console, log), then every other field, metrics, volumes,
 * rules, events and the cost in parts.
 */
export function vmDetailLines(p: VmDetailInput): DetailLine[] {
  const { vm } = p;
  const f = vm.flavor;
  const lines: DetailLine[] = [
    ...(vm.is_snapshotting
      ? [text(`◐ ${SNAPSHOTTING_REASON} (every action is refused meanwhile)`, 'warn')]
      : []),
    ...vmSummaryLines({
      vm,
      region: p.region,
      events: p.events,
      rate: p.rate,
      rateLoading: p.rateLoading,
      firewalls: p.firewalls,
      now: p.now,
      width: p.width ?? 80,
    }),
    ...(p.extra ?? []),
    section('Virtual machine'),
    field('id', vm.id),
    field('vm state', vm.vm_state),
    field(
      'locked',
      vm.locked
        ? 'yes: power actions, resize and delete are refused'
        : vm.locked === false
          ? 'no'
          : undefined,
    ),
    ...(vm.cluster_id != null
      ? [field('cluster', `a node of cluster ${vm.cluster_id}: deleted with it`)]
      : []),
    field('CPU / RAM', `${f?.cpu ?? '—'} vCPU / ${gb(f?.ram)}`),
    field('disk', `${gb(f?.disk)} root${f?.ephemeral ? `, ${gb(f.ephemeral)} ephemeral` : ''}`),
    field('image', vm.image?.name),
    field('os', vm.os),
    field('key pair', vm.keypair?.name),
    field('floating IP status', vm.floating_ip_status),
    field('needs a public IP', needsPublicIpText(vm.requires_public_ip)),
    field('port randomization', portRandomizationText(vm.port_randomization, vm.port_randomization_status)),
    field('green status', wordFor(vm.environment?.features?.green_status, GREEN_STATUS)),
    field('contract', contractText(vm, p.contract)),
    callbackField(vm.callback_url, p.pending?.[callbackPendingKey(vm.id)] as { label?: string } | undefined),
    field('labels', vm.labels?.length ? vm.labels.join(', ') : undefined),
    field(
      'created',
      vm.created_at ? `${dateTime(vm.created_at)} (${age(vm.created_at, p.now)} ago)` : undefined,
    ),
  ];
  if (p.metrics) pushAll(lines, p.metrics);
  lines.push(section(`Volumes (${vm.volume_attachments?.length ?? 0})`));
  for (const a of vm.volume_attachments ?? []) {
    const v = a.volume;
    lines.push(
      text(
        `${v?.name ?? '—'}  ${v?.volume_type ?? ''}  ${gb(v?.size)}  ${a.status ?? ''}  ${a.device ?? ''}${a.protected ? '  protected' : ''}`.replace(
          / {3,}/g,
          '  ',
        ),
      ),
    );
  }
  lines.push(
    text(
      vm.volume_attachments?.length
        ? 'A attaches a volume, X detaches one, L opens one on the Volumes screen'
        : 'no volume attached (A attaches one)',
      'dim',
    ),
  );
  lines.push(section(`Security rules (${vm.security_rules?.length ?? 0})`));
  for (const r of vm.security_rules ?? []) {
    const deleting = p.pending?.[rulePendingKey(r.id)];
    lines.push(text(`${deleting ? '◐ deleting… ' : ''}${ruleText(r)}`, deleting ? 'warn' : undefined));
  }
  if (vm.security_rules?.length) lines.push(text('a adds a rule, d deletes one', 'dim'));
  pushAll(lines, firewallLines(vm.id, p.firewalls));
  lines.push(section('Events'));
  if (!p.events) lines.push(text(p.eventsLoading ? 'loading…' : 'not available', 'dim'));
  else if (p.events.length === 0) lines.push(text('no events', 'dim'));
  else {
    const sorted = [...p.events].sort((a, b) => newestFirst(a.time, b.time));
    for (const e of sorted)
      lines.push(text(`${dateTime(e.time)}  ${e.type ?? e.reason ?? ''}  ${e.message ?? ''}`));
  }
  pushAll(lines, rateLines(p.rate, p.rateLoading));
  return lines;
}

/** The firewalls attached to the VM and their rules (they apply to it as its own do). */
function firewallLines(vmId: number, firewalls: readonly Firewall[] | undefined): DetailLine[] {
  if (!firewalls) return [section('Firewalls'), text('loading…', 'dim')];
  const mine = firewallsOf(vmId, firewalls);
  const out: DetailLine[] = [section(`Firewalls (${mine.length})`)];
  if (mine.length === 0) out.push(text('none attached (on the Firewalls screen, A attaches one)', 'dim'));
  for (const fw of mine) {
    out.push(text(`${fw.name}: ${fw.rules?.length ?? 0} rules`));
    for (const r of fw.rules ?? []) out.push(text(`  ${ruleText(r)}`));
  }
  return out;
}
