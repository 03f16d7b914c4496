/**
 * How a big list is kept fresh (see docs/ARCHITECTURE.md, "Big lists"): the full list is loaded at an interval
 * that follows what the last full load cost, and between full loads the items that matter (changing state,
 * on screen) are read one by one, as many as the request budget allows.
 */

export interface ListIntervalOptions {
  /** The normal refresh interval: a cheap list is loaded this often. */
  baseMs: number;
  /** Without a byte count: wall time between full loads per ms one took (default 100: ≤ 1% of the time loading). */
  factor?: number;
  /** With a byte count: the average rate the list may cost (default 64 KB/s: 10,000 VMs, ~16 MB, every ~4 min). */
  bytesPerSecond?: number;
  /** Longest interval however costly the list (default 5 min). */
  maxMs?: number;
}

/** What the last full load of a list cost: the bytes received while it ran (when counted), and its duration. */
export interface ListCost {
  ms: number;
  bytes?: number | undefined;
}

/**
 * The interval between full loads of a list, from what its last one cost. Bytes when counted: they grow with the
 * list alone, where a duration also grows with whatever else the machine is doing (a cold start, a busy CPU).
 */
export function listInterval(cost: ListCost, o: ListIntervalOptions): number {
  const want =
    cost.bytes !== undefined
      ? (cost.bytes * 1000) / (o.bytesPerSecond ?? 64 * 1024)
      : cost.ms * (o.factor ?? 100);
  const max = Math.max(o.baseMs, o.maxMs ?? 5 * 60_000);
  return Math.min(max, Math.max(o.baseMs, Math.round(want)));
}

/** Single reads per tick of `tickMs` that stay within `perMinute` reads a minute (at least one). */
export function readsPerTick(perMinute: number, tickMs: number): number {
  return Math.max(1, Math.floor((perMinute * tickMs) / 60_000));
}

/**
 * The items to read this tick, at most `cap`: first the ones both urgent (changing state, an action under way) and
 * on screen, then urgent and visible ones in turn (so neither group starves the other), each group the one read
 * longest ago first, so every item gets its turn.
 */
export function pickReads(
  urgent: readonly number[],
  visible: readonly number[],
  lastRead: ReadonlyMap<number, number>,
  cap: number,
): number[] {
  const onScreen = new Set(visible);
  const isUrgent = new Set(urgent);
  const oldestFirst = (ids: Iterable<number>) =>
    [...new Set(ids)].sort((a, b) => (lastRead.get(a) ?? -Infinity) - (lastRead.get(b) ?? -Infinity));
  const both = oldestFirst(urgent.filter((id) => onScreen.has(id)));
  const u = oldestFirst(urgent.filter((id) => !onScreen.has(id)));
  const v = oldestFirst(visible.filter((id) => !isUrgent.has(id)));
  const out = [...both];
  for (let i = 0; i < Math.max(u.length, v.length); i++) {
    if (i < u.length) out.push(u[i] as number);
    if (i < v.length) out.push(v[i] as number);
  }
  return out.slice(0, Math.max(0, cap));
}
