/**
 * The one declaration of a list (screens/lists/): where its rows come from, what a row is, its columns. A screen's
 * table (ResourceSpec extends it) and the CLI's `get` (src/commands/get.ts) both read it, so a list a screen shows
 * is a list `get` prints, with the same columns. No React here: `get` loads it without the UI.
 */
import type { RegionFilter } from '../../domain/region.js';
import type { PendingMark } from '../../store/state/pending.js';
import type { DataOf, ResourceKey } from '../../store/state/resources.js';
import type { Column } from '../table/types.js';
import type { Theme } from '../theme.js';

/** What rows are built from: the main data, the other watched data, the region filter, pending actions. */
export interface RowContext<K extends ResourceKey> {
  data: DataOf<K>;
  /** The data of one of the spec's `also` keys (undefined until loaded). */
  also<A extends ResourceKey>(key: A): DataOf<A> | undefined;
  region: RegionFilter;
  pending: Readonly<Record<string, PendingMark>>;
}

export interface ListSpec<T, K extends ResourceKey = ResourceKey> {
  resource: K;
  /** Other data the rows are built with (a VM's region from its environment, prices): `get` loads it too. */
  also?: readonly ResourceKey[];
  /** What the rows are, for "loading …" and "cannot load …" ("virtual machines"). */
  noun: string;
  /**
   * Columns: `priority` (0 always shown; higher ones drop out first, and `get` prints those up to
   * GET_PRIORITY, `-o wide` every one), `identifies` on the one that names a row (get's NAME filter and `-o name`),
   * `text` the plain text of a cell (the screen's and get's).
   */
  columns: (theme: Theme, now: number) => readonly Column<T>[];
  rowId: (row: T) => string;
  rows: (ctx: RowContext<K>) => readonly T[];
  /**
   * The region of a row: the header's region filter keeps the rows of its region and those of none (the kit
   * filters, after `rows`); `get --region` too. Absent: the list has no region, and `get --region` is refused.
   */
  region?: (row: T) => string | null | undefined;
  /** The name of a row's environment, for `get --environment` (absent: refused). */
  environment?: (row: T) => string | null | undefined;
  /** The service's object of a row: `get -o json` prints it (default: the row), and so does the detail's raw view. */
  raw?: (row: T) => unknown;
}

/** The rows of a list for a context: the list's own, then the region filter. */
export function listRows<T, K extends ResourceKey>(spec: ListSpec<T, K>, ctx: RowContext<K>): readonly T[] {
  const rows = spec.rows(ctx);
  const regionOf = spec.region;
  if (ctx.region === 'ALL' || !regionOf) return rows;
  return rows.filter((r) => {
    const region = regionOf(r);
    return !region || region === ctx.region;
  });
}

/** The column that names a row (the first `identifies`, else the first). */
export function identifyingColumn<T>(columns: readonly Column<T>[]): Column<T> | undefined {
  return columns.find((c) => c.identifies) ?? columns[0];
}
