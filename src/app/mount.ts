// Everything that draws the app: Ink, React, the app and its screens (the profile picker and the no-key screen are
// mount-prompts.ts). run.ts loads this module only after it has sent the first screen's requests, so they travel
// while this code loads.
import { render } from 'ink';
import { createElement } from 'react';
import { INK_OPTIONS } from './ink-options.js';
import { Root, type RootProps } from './Root.js';

export { preloadApi } from '../api/client.js';
export { preloadLazyCode } from '../store/actions/lazy-code.js';
export { loadDialogKit } from './dialogs.js';
export { loadScreens, preloadScreens } from './screens.js';

export interface Mounted {
  unmount(): void;
  waitUntilExit(): Promise<unknown>;
}

/** The app over a profile that `:ctx NAME` can change. */
export function mountRoot(props: RootProps): Mounted {
  return render(createElement(Root, props), INK_OPTIONS);
}
