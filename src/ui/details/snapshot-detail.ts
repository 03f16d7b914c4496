import type { Snapshot, SnapshotEvent } from '../../api/schemas/snapshot.js';
import { age, bytes, dateTime, NONE, perHour } from '../../domain/format.js';
import { pushAll } from '../../domain/lists.js';
import { newestFirst } from '../../domain/newest-first.js';
import { type DetailLine, field, section, text } from '../DetailPane.js';

export interface SnapshotDetailInput {
  snap: Snapshot;
  /** The VM it was taken of, as the VM list has it now (undefined: gone, or the list is not loaded). */
  vmName: string | undefined;
  region: string | undefined;
  /** Hourly price of its storage, when the pricebook says it. */
  hourly: number | undefined;
  events: readonly SnapshotEvent[] | undefined;
  eventsLoading: boolean;
  now: number;
}

/** A JSON-decoded object field of the detail (vm_flavor …): its `name`, else the text as sent. */
function nameOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'name' in v) {
    const n = (v as { name?: unknown }).name;
    return typeof n === 'string' ? n : undefined;
  }
  return undefined;
}

/** The image made of the snapshot, by name: "llama-base (#12, Snapshot, 20.0 GB, private)"; "no" when none was. */
export function imageText(snap: Pick<Snapshot, 'is_image' | 'custom_image'>): string {
  const img = snap.custom_image;
  if (typeof img === 'string') return img; // a bare name, as the OpenAPI's example sends it
  if (img) {
    const facts = [
      img.id != null ? `#${img.id}` : undefined,
      img.type ?? undefined,
      img.size != null ? bytes(img.size) : undefined,
      img.is_public == null ? undefined : img.is_public ? 'public' : 'private',
      img.region_name ?? undefined,
    ].filter((x) => x !== undefined);
    return `${img.name ?? NONE}${facts.length ? ` (${facts.join(', ')})` : ''}`;
  }
  return snap.is_image ? 'yes (the service does not say which)' : 'no';
}

/** Everything about a snapshot for the detail pane: its fields, where a restore puts the VM, and its events. */
export function snapshotDetailLines(p: SnapshotDetailInput): DetailLine[] {
  const { snap } = p;
  const labels = Array.isArray(snap.labels) ? snap.labels.join(', ') : snap.labels;
  const lines: DetailLine[] = [
    ...(snap.status === 'CREATING'
      ? [
          text(
            '◐ being taken: it can be restored, made into an image or deleted once it is SUCCESS (finished)',
            'warn',
          ),
        ]
      : []),
    // what an operator acts on first: is it ready, of what, how big, what it costs
    field('status', snap.status, /ERROR|FAIL/i.test(snap.status) ? 'error' : undefined),
    field('of VM', snap.vm_name ?? p.vmName),
    field('size', snap.size == null ? undefined : `${snap.size} GB`),
    field('cost', p.hourly === undefined ? 'not in the pricebook' : perHour(p.hourly)),
    field('region', p.region),
    section('Snapshot'),
    field('id', snap.id),
    field('name', snap.name),
    field('description', snap.description),
    field('labels', labels || undefined),
    field('image', imageText(snap)),
    field(
      'created',
      snap.created_at ? `${dateTime(snap.created_at)} (${age(snap.created_at, p.now)} ago)` : undefined,
    ),
    field('updated', snap.updated_at ? dateTime(snap.updated_at) : undefined),
  ];
  // the events before the source VM: what happened to it is what triage looks for
  pushAll(lines, eventLines(p.events, p.eventsLoading));
  lines.push(
    section('Source VM (a restore makes a VM like it)'),
    field('VM', `${snap.vm_name ?? p.vmName ?? NONE} (id ${snap.vm_id ?? NONE})`),
    field('VM status', snap.vm_status ?? (p.vmName ? undefined : 'not in the VM list')),
    field('environment', nameOf(snap.vm_environment)),
    field('flavor', nameOf(snap.vm_flavor)),
    field('image', nameOf(snap.vm_image)),
    field('key pair', nameOf(snap.vm_keypair)),
    field('public IP', snap.has_floating_ip == null ? undefined : snap.has_floating_ip ? 'yes' : 'no'),
  );
  return lines;
}

/** Newest first: time, reason, message; warnings stand out. */
function eventLines(events: readonly SnapshotEvent[] | undefined, loading: boolean): DetailLine[] {
  const out: DetailLine[] = [];
  out.push(section(`Events${events ? ` (${events.length})` : ''}`));
  if (!events) out.push(text(loading ? 'loading…' : 'not available', 'dim'));
  else if (events.length === 0) out.push(text('no events', 'dim'));
  else {
    const sorted = [...events].sort((a, b) => newestFirst(a.time, b.time));
    for (const e of sorted) {
      out.push(
        text(
          `${dateTime(e.time)}  ${e.reason ?? e.type ?? NONE}: ${e.message ?? ''}`,
          e.type === 'Warning' ? 'warn' : undefined,
        ),
      );
    }
  }
  return out;
}
