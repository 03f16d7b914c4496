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
  // Built only from the first difference on: an unchanged refresh of 10,000 VMs allocates nothing here.
  let out: Record<string, unknown> | undefined;
  if (keys.length !== Object.keys(p).length) out = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = share(p[k], n[k]);
    if (!out && (!Object.is(v, p[k]) || !Object.hasOwn(p, k))) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j] as string] = p[keys[j] as string];
    }
    if (out) out[k] = v;
  }
  return (out ?? prev) as T;
}

function shareArray(prev: unknown[], next: unknown[]): unknown[] {
  // Items are matched by id: by position while the order holds (the usual refresh), through an index of the
  // previous items only once it does not.
  let byId: Map<unknown, unknown> | undefined;
  let out: unknown[] | undefined;
  if (prev.length !== next.length) out = new Array<unknown>(next.length);
  for (let i = 0; i < next.length; i++) {
    const item = next[i];
    const id = idOf(item);
    let match = prev[i];
    if (id !== undefined && idOf(match) !== id) {
      byId ??= idIndex(prev);
      match = byId.get(id);
    }
    const v = share(match, item);
    if (!out && !Object.is(v, prev[i])) {
      out = new Array<unknown>(next.length);
      for (let j = 0; j < i; j++) out[j] = prev[j];
    }
    if (out) out[i] = v;
  }
  return out ?? prev;
}

function idIndex(items: unknown[]): Map<unknown, unknown> {
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
