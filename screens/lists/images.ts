/** The images list (the organisation's own, then the public catalogue): rows and columns, for :images and `get images`. */
import type { Image } from '../../src/api/schemas/image.js';
import { bytes, NONE } from '../../src/domain/format.js';
import { listedMarks } from '../../src/store/state/pending.js';
import type { ListSpec, RowContext } from '../../src/ui/screen/list-spec.js';
import type { Column } from '../../src/ui/table/types.js';
import type { Theme } from '../../src/ui/theme.js';
import { pendingNameColumn } from './pending-name.js';

/** One image of the list. */
export interface ImageRow {
  image: Image;
  /** "deleting", from the moment D was confirmed until the image is gone. */
  pending: string | undefined;
}

export const own = (i: Image) => i.is_public === false;
export const createdAt = (i: Image) => {
  const v = (i as { created_at?: unknown }).created_at;
  return typeof v === 'string' ? v : null;
};
export const labelsOf = (i: Image) =>
  (i.labels ?? []).map((l) => (typeof l === 'string' ? l : l.label)).filter(Boolean);

function columns(theme: Theme): Column<ImageRow>[] {
  return [
    pendingNameColumn(theme, (r) => r.image.name, 24),
    {
      id: 'owner',
      title: 'OWNER',
      value: (r) => (own(r.image) ? 'organisation' : 'public'),
      minWidth: 12,
      priority: 0,
    },
    { id: 'region', title: 'REGION', value: (r) => r.image.region_name ?? null, minWidth: 9, priority: 0 },
    {
      id: 'os',
      title: 'OS',
      value: (r) => [r.image.type, r.image.version].filter(Boolean).join(' ') || null,
      minWidth: 12,
      priority: 1,
    },
    {
      id: 'size',
      title: 'SIZE',
      value: (r) => r.image.size ?? null,
      text: (r) => (r.image.size == null ? NONE : bytes(Number(r.image.size))),
      align: 'right',
      minWidth: 8,
      priority: 2,
    },
  ];
}

export function imageRows(ctx: RowContext<'images'>): readonly ImageRow[] {
  const mark = listedMarks(ctx.pending);
  const rows = ctx.data
    .flatMap((g) => g.images)
    .map((image) => ({ image, pending: mark(`image:${image.id}`) }));
  // the organisation's own images first, then the catalogue's
  return [...rows.filter((r) => own(r.image)), ...rows.filter((r) => !own(r.image))];
}

export const IMAGES_LIST: ListSpec<ImageRow, 'images'> = {
  resource: 'images',
  noun: 'images',
  columns,
  rowId: (r) => String(r.image.id),
  rows: imageRows,
  region: (r) => r.image.region_name,
  raw: (r) => r.image,
};
