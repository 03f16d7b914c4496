import type { ResourceRate } from '../../api/schemas/billing.js';
import type { Volume } from '../../api/schemas/volume.js';
import { age, dateTime, gb, NONE, perHour } from '../../domain/format.js';
import { pushAll } from '../../domain/lists.js';
import { volumeMoving } from '../../domain/volumes.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';
import { callbackField } from './callback-field.js';
import { rateLines } from './rate.js';

export interface VolumeDetailInput {
  v: Volume;
  /** VM id → name, from the VM list when loaded. */
  vmName: (id: number) => string | undefined;
  /** Its hourly price from the pricebook (per GB of its type), when the pricebook says it. */
  hourly: number | undefined;
  rate: ResourceRate | undefined;
  rateLoading: boolean;
  now: number;
  /** The pending change of its callback URL, if one is under way. */
  callbackMark?: { label?: string } | undefined;
}

const vmOf = (p: VolumeDetailInput, id: number | null | undefined) =>
  id == null ? NONE : (p.vmName(id) ?? `VM #${id}`);

/** "train-1 /dev/vdb": the VMs it is attached to, or undefined. */
function attachedTo(p: VolumeDetailInput): string | undefined {
  const all = (p.v.attachments ?? []).map((a) =>
    [vmOf(p, a.instance_id), a.device].filter(Boolean).join(' '),
  );
  return all.length ? all.join(', ') : undefined;
}

/** Everything about a volume for the detail pane: its fields, its attachment and what it costs. */
export function volumeDetailLines(p: VolumeDetailInput): DetailLine[] {
  const { v } = p;
  const status = v.status ?? undefined;
  const lines: DetailLine[] = [
    ...(volumeMoving(status) ? [text(`◐ ${status}: followed until it settles`, 'warn')] : []),
    // what an operator acts on first: its state, where it is attached, its size and price
    field('status', status, status === 'error' ? 'error' : undefined),
    field('attached to', attachedTo(p) ?? 'nothing (a attaches it to a VM)'),
    field('size', `${gb(v.size)}${v.volume_type ? ` · ${v.volume_type}` : ''}`),
    field('price', p.hourly === undefined ? NONE : perHour(p.hourly)),
    field('where', [v.environment?.name, v.environment?.region].filter(Boolean).join(' · ') || undefined),
    section('Volume'),
    field('id', v.id),
    field('name', v.name),
    field('description', v.description || undefined),
    field('bootable', v.bootable == null ? undefined : v.bootable ? 'yes' : 'no'),
    field('image', v.os_image ?? (v.image_id == null ? undefined : `#${v.image_id}`)),
    field(
      'created',
      v.created_at ? `${dateTime(v.created_at)} (${age(v.created_at, p.now)} ago)` : undefined,
    ),
    field('updated', v.updated_at ? dateTime(v.updated_at) : undefined),
    callbackField(v.callback_url, p.callbackMark),
    section(`Attachments (${v.attachments?.length ?? 0})`),
  ];
  if (!v.attachments?.length) lines.push(text('not attached (a attaches it to a VM)', 'dim'));
  for (const a of v.attachments ?? []) {
    const vm = vmOf(p, a.instance_id);
    const parts = [vm, a.device, a.status, a.protected ? 'protected' : undefined].filter(Boolean);
    lines.push(text(parts.join('  ')));
  }
  if (v.attachments?.length) lines.push(text('v goes to the VM, x detaches, p (un)protects', 'dim'));
  pushAll(lines, rateLines(p.rate, p.rateLoading));
  return lines;
}
