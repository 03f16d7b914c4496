import { ui } from '../state/app-store.js';
import type { ResourceKey } from '../state/resources.js';
import type { Modal } from '../state/ui-state.js';
import { type ActionDeps, failureText } from './mutate.js';

/** Data whose content changes by the minute (stock) is loaded again when older than this. */
export const FRESH_MS = 60_000;

export interface EnsureOptions {
  /** What is being opened, for the "loading …" dialog and the messages ("Create VM"). */
  title: string;
  /** Loaded too, but the caller can do without them (no pricebook: prices show as unknown). */
  optional?: readonly ResourceKey[];
  /** Loaded again when older than FRESH_MS. */
  volatile?: readonly ResourceKey[];
  /** How a key is named to the user ("key pairs" for keypairs); default the key. */
  names?: Readonly<Partial<Record<string, string>>>;
  now?: number;
}

/**
 * THE way to "load a list, then act" (open a form, a chooser): what is not loaded yet (and volatile data gone
 * stale) is loaded first. Resolves true when every `required` key has data; otherwise the status line says what
 * could not load, and it resolves false.
 *
 * While anything loads (a slow or faulty service may retry for a minute), a "loading …" dialog shows what and for
 * how long, and Esc cancels: this then resolves false, and the late data opens nothing (it still lands in the
 * store, for the next time). A dialog rather than the form opened at once with empty lists: forms are built from
 * their lists (defaults, options, prices, the names taken), so a form open before them would offer nothing to
 * choose and change under the user's keys as they arrive.
 */
export async function ensureLoaded(
  deps: ActionDeps,
  required: readonly ResourceKey[],
  o: EnsureOptions,
): Promise<boolean> {
  const { store, poller } = deps;
  const now = o.now ?? Date.now();
  const name = (k: ResourceKey) => o.names?.[k] ?? k;
  const stale = [...required, ...(o.optional ?? [])].filter((k) => {
    const slice = store.getState().slices[k];
    if (slice?.data === undefined) return true;
    return (
      o.volatile?.includes(k) === true && (slice.updatedAt === undefined || now - slice.updatedAt > FRESH_MS)
    );
  });
  if (stale.length > 0) {
    const what = stale.map(name).join(', ');
    let cancelled = false;
    const loading: Modal = {
      kind: 'loading',
      title: o.title,
      what,
      startedAt: Date.now(),
      onCancel: () => {
        cancelled = true;
        ui.say(store, `cancelled: ${o.title} not opened (still loading ${what})`, 'info');
      },
    };
    ui.openModal(store, loading);
    await Promise.all(stale.map((k) => poller.refresh(k)));
    // Cancelled, or another dialog took its place: nothing may open over whatever is there now.
    if (cancelled || store.getState().modal !== loading) return false;
    ui.closeModal(store);
  }
  const missing = required.filter((k) => store.getState().slices[k]?.data === undefined);
  if (missing.length > 0) {
    const why = missing
      .map((k) => {
        const err = store.getState().slices[k]?.error;
        return `${name(k)}${err ? ` (${failureText(err)})` : ''}`;
      })
      .join(', ');
    ui.say(store, `cannot open ${o.title}: could not load ${why}`, 'error');
    return false;
  }
  if (stale.length > 0) ui.say(store, `loaded ${stale.map(name).join(', ')}`, 'info');
  return true;
}
