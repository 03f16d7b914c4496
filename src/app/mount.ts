// Everything that draws: Ink, React, the app and its screens. run.ts loads this module only after it has sent the
// first screen's requests, so they travel while this code loads.
import { render } from 'ink';
import { createElement } from 'react';
import { App, type AppProps } from './App.js';
import { Root, type RootProps } from './Root.js';

export { loadScreens } from './screens.js';

import { NoKey } from './NoKey.js';

export const INK_OPTIONS = {
  exitOnCtrlC: false,
  patchConsole: false,
  // Redraw only the lines that changed, at most 20 times a second: kind to slow SSH links.
  incrementalRendering: true,
  maxFps: 20,
} as const;

export interface Mounted {
  unmount(): void;
  waitUntilExit(): Promise<unknown>;
}

export function mountApp(props: AppProps): Mounted {
  return render(createElement(App, props), INK_OPTIONS);
}

/** The app over a profile that `:ctx NAME` can change. */
export function mountRoot(props: RootProps): Mounted {
  return render(createElement(Root, props), INK_OPTIONS);
}

export function mountNoKey(configPath: string): Mounted {
  return render(createElement(NoKey, { configPath }), INK_OPTIONS);
}
