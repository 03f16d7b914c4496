/**
 * Newest first, for the service's timestamps (ISO 8601 text of one shape, whose text order is time order).
 * Compared as text, not with localeCompare: a process's first localeCompare builds an ICU collator, 25-50 ms on a
 * busy machine, which a VM's detail paid when its events first came (right after the first frame: issue 28).
 */
export function newestFirst(a: string | null | undefined, b: string | null | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x === y ? 0 : x < y ? 1 : -1;
}
