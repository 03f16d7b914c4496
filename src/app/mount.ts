// Everything that draws: Ink, React, the app and its screens. run.ts loads this module only after it has sent the
// first screen's requests, so they travel while this code loads.
import { render } from 'ink';
import { createElement } from 'react';
import { INK_OPTIONS } from './ink-options.js';
import { NoKey } from './NoKey.js';
import { ProfilePicker } from './ProfilePicker.js';
import { Root, type RootProps } from './Root.js';

export { preloadApi } from '../api/client.js';
export { preloadLazyCode } from '../store/actions/lazy-code.js';
export { loadDialogKit } from './dialogs.js';
export { loadScreens, preloadScreens } from './screens.js';

export interface Mounted {
  unmount(): void;
  waitUntilExit(): Promise<unknown>;
}

/** Asks which profile (several, none the default); resolves undefined when the user leaves. */
export async function pickProfile(
  profiles: readonly string[],
  configPath: string,
): Promise<string | undefined> {
  let chosen: string | undefined;
  const ink = render(
    createElement(ProfilePicker, {
      profiles,
      configPath,
      onDone: (p) => {
        chosen = p;
      },
    }),
    INK_OPTIONS,
  );
  await ink.waitUntilExit();
  ink.unmount();
  return chosen;
}

/** The app over a profile that `:ctx NAME` can change. */
export function mountRoot(props: RootProps): Mounted {
  return render(createElement(Root, props), INK_OPTIONS);
}

export function mountNoKey(configPath: string): Mounted {
  return render(createElement(NoKey, { configPath }), INK_OPTIONS);
}
