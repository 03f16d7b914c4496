// What is drawn instead of the app: the profile picker (several profiles, none the default) and the no-key screen.
// Kept out of mount.ts so that a start that draws the app compiles neither (nor ink-select-input and figures).
import { render } from 'ink';
import { createElement } from 'react';
import { INK_OPTIONS } from './ink-options.js';
import type { Mounted } from './mount.js';
import { NoKey } from './NoKey.js';
import { ProfilePicker } from './ProfilePicker.js';

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

export function mountNoKey(configPath: string): Mounted {
  return render(createElement(NoKey, { configPath }), INK_OPTIONS);
}
