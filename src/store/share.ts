/**
 * Structural sharing: returns `prev` (or parts of it) wherever `next` is deep-equal, so that an unchanged refresh
 * keeps every object's identity and selectors/React.memo see "nothing changed". Arrays of objects with an `id` are
 * matched by id, so an inserted or removed VM does not change the identity of the others.
 */
export function share<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next;
  if (Array.isArray(next)) return (Array.isArray(prev) ? shareArray(prev, next) : next) as T;
  if (Array.isArray(prev) || !isPlain(prev) || !isPlain(next)) return next;
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  let same = keys.length === Object.keys(p).length;
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = share(p[k], n[k]);
    out[k] = v;
    if (same && (!Object.is(v, p[k]) || !(k in p))) same = false;
  }
  return (same ? prev : out) as T;
}

function shareArray(prev: unknown[], next: unknown[]): unknown[] {
  const byId = idIndex(prev);
  let same = prev.length === next.length;
  const out = new Array<unknown>(next.length);
  for (let i = 0; i < next.length; i++) {
    const item = next[i];
    const id = idOf(item);
    const match = id !== undefined && byId ? byId.get(id) : prev[i];
    const v = share(match, item);
    out[i] = v;
    if (same && !Object.is(v, prev[i])) same = false;
  }
  return same ? prev : out;
}

function idIndex(items: unknown[]): Map<unknown, unknown> | undefined {
  if (items.length === 0 || idOf(items[0]) === undefined) return undefined;
  const m = new Map<unknown, unknown>();
  for (const it of items) {
    const id = idOf(it);
    if (id !== undefined) m.set(id, it);
  }
  return m;
}

function idOf(v: unknown): unknown {
  return typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : undefined;
}

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
