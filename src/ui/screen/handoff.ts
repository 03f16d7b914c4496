/**
 * Going to another screen with a row of it selected (a snapshot restored → the VMs screen, on the new VM). Only the
 * shown screen is mounted, so the wish waits here until the list of that resource mounts and takes it.
 */
import type { ScreenName } from '../../domain/registered.js';
import type { AppStore } from '../../store/state/app-store.js';
import { ui } from '../../store/state/app-store.js';
import type { ResourceKey } from '../../store/state/resources.js';
import type { AppContextValue } from './context.js';

const wishes = new WeakMap<AppStore, { resource: ResourceKey; id: string }>();

/** Shows `screen` with the row `id` of `resource` selected as soon as it is in the list. */
export function openScreenAt(
  app: AppContextValue,
  screen: ScreenName,
  resource: ResourceKey,
  id: string,
): void {
  const { store } = app.deps;
  wishes.set(store, { resource, id });
  // as the app does for a screen key: no key may reach the screen being left before the next one registers its own
  app.setScreenKeys({ bindings: [], handle: () => false });
  ui.setScreen(store, screen);
}

/** The row a screen of `resource` was opened to select (once), or null. */
export function takeWantedRow(store: AppStore, resource: ResourceKey): string | null {
  const w = wishes.get(store);
  if (!w || w.resource !== resource) return null;
  wishes.delete(store);
  return w.id;
}
