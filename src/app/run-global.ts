/** What a global command (commands.ts) does: the app root (App.tsx) runs it, with the parts it owns. */
import { type ActionDeps, failureText } from '../store/actions/mutate.js';
import { ui } from '../store/state/app-store.js';
import type { GlobalCommand } from './commands.js';
import type { LoadedScreen } from './screens.js';

/** The app root's parts a global command reaches: the help, the palette, the screen's keys and the menu. */
export interface GlobalEnv {
  deps: ActionDeps;
  screens: readonly LoadedScreen[];
  profile: string;
  /** The switch to another config profile (`:ctx NAME`), when there are several. */
  contexts: { switchTo(name: string): void } | undefined;
  quit(): void;
  /** Opens the action menu of the screen's selected row. */
  openMenu(): void;
  /** Sets the help and the palette back to their start (before they open). */
  resetHelp(): void;
  resetPalette(): void;
  /** Forgets the screen's keys: until the new screen registers its own, a key must not reach the one left. */
  leaveScreen(): void;
}

export function runGlobal(env: GlobalEnv, command: GlobalCommand): void {
  const { store, poller } = env.deps;
  switch (command.kind) {
    case 'screen':
      if (command.screen !== store.getState().screen) env.leaveScreen();
      ui.setScreen(store, command.screen);
      return;
    case 'region':
      store.setState({ region: command.region });
      return;
    case 'next-region':
      ui.nextRegion(store);
      return;
    case 'quit':
      env.quit();
      return;
    case 'ctx':
      if (command.profile === env.profile) ui.say(store, `already on profile ${env.profile}`, 'info');
      else env.contexts?.switchTo(command.profile);
      return;
    case 'help':
      env.resetHelp();
      ui.openOverlay(store, 'help');
      return;
    case 'palette':
      env.resetPalette();
      ui.openOverlay(store, 'palette');
      return;
    case 'menu':
      env.openMenu();
      return;
    case 'refresh':
      ui.say(store, 'refreshing…', 'pending');
      void poller.refreshWatched().then(() => {
        // The poller keeps failures in the slices: say so rather than "refreshed".
        const s = store.getState();
        const primary = env.screens.find((x) => x.def.name === s.screen)?.def.primary;
        const error = primary ? s.slices[primary]?.error : undefined;
        if (error) ui.say(store, `refresh failed: ${failureText(error)}`, 'error');
        else ui.say(store, 'refreshed', 'ok');
      });
  }
}
