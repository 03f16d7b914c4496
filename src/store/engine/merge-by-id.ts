import { share } from './share.js';

/** The id → position index of a list, kept per list object (a list is immutable once in the store). */
const indexes = new WeakMap<readonly unknown[], Map<number, number>>();

/** Each item's position in the list, by id (built once per list). */
export function positionsOf(list: readonly { id: number }[]): ReadonlyMap<number, number> {
  let index = indexes.get(list);
  if (!index) {
    index = new Map(list.map((x, i) => [x.id, i]));
    indexes.set(list, index);
  }
  return index;
}

/** `to` holds the same ids at the same positions as `from` (items replaced in place): it shares `from`'s index. */
export function keepPositions(from: readonly unknown[], to: readonly unknown[]): void {
  const index = indexes.get(from);
  if (index) indexes.set(to, index);
}

/**
 * Lays items read one by one over a list (undefined: the service says it is gone, so it is removed). Costs what
 * was read, not the list's length, when nothing changed: an item equal to the one held keeps its identity, and
 * the list itself stays the same object, so nothing re-renders. Items not in the list are left to the next full
 * load (it knows where they go), unless `add`: read after an action that made them, they go at the end (the
 * service lists the oldest first).
 */
export function mergeById<T extends { id: number }>(
  list: readonly T[],
  read: ReadonlyMap<number, unknown>,
  o: { add?: boolean } = {},
): T[] {
  const index = positionsOf(list);
  let out: T[] | undefined;
  let gone = false;
  const added: T[] = [];
  for (const [id, item] of read) {
    const at = index.get(id);
    if (at === undefined) {
      if (o.add && item !== undefined) added.push(item as T);
      continue;
    }
    const old = list[at] as T;
    if (item === undefined) {
      gone = true;
      continue;
    }
    const next = share(old, item as T);
    if (next === old) continue;
    out ??= [...list];
    out[at] = next;
  }
  if (out && !gone && added.length === 0) keepPositions(list, out); // a tick's changed rows: no index rebuilt
  if (gone) out = (out ?? [...list]).filter((x) => !(read.has(x.id) && read.get(x.id) === undefined));
  if (added.length > 0) out = [...(out ?? list), ...added];
  return out ?? (list as T[]);
}
