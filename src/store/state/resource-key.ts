/**
 * How a resource's argument becomes part of its store key and comes back: one encoding for every kind, so no
 * loader takes a key apart. A number stays readable ("vm-events:12"); an object is canonical JSON (keys sorted,
 * undefined left out), so two equal arguments always name the same slice.
 */

declare const KIND: unique symbol;

/** A store key of kind K with its argument, as `keyOf` builds it (a hand-written one does not compile). */
export type StoreKey<K extends string> = string & { readonly [KIND]: K };

/** JSON with object keys in order and undefined values left out. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k];
    if (x !== undefined) out[k] = canonical(x);
  }
  return out;
}

export function encodeKey(kind: string, arg: unknown): string {
  return arg === undefined ? kind : `${kind}:${JSON.stringify(canonical(arg))}`;
}

/** The kind and the argument of a key built by `encodeKey`. */
export function decodeKey(key: string): { kind: string; arg: unknown } {
  const i = key.indexOf(':');
  return i < 0 ? { kind: key, arg: undefined } : { kind: key.slice(0, i), arg: JSON.parse(key.slice(i + 1)) };
}
