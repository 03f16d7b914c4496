/** The profile's stock watches on disk: loaded at start, saved as they change (a failure is said, not fatal). */
import { saveWatches } from '../config/watch-file.js';
import type { StockWatch } from '../domain/stock-watch.js';
import { type AppStore, ui } from '../store/state/app-store.js';

export { loadWatches } from '../config/watch-file.js';

export function watchSaver(env: NodeJS.ProcessEnv, profile: string, store: AppStore) {
  return (watches: readonly StockWatch[]) => {
    try {
      saveWatches(env, profile, watches);
    } catch (e) {
      ui.say(store, `watches not saved (they last until you quit): ${(e as Error).message}`, 'error');
    }
  };
}
