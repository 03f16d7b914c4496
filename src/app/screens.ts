import type { ComponentType } from 'react';
import { SCREEN_REGISTRY, type ScreenDef } from '../../screens/registry.js';
import type { ScreenProps } from '../ui/screen/context.js';

/** A registered screen with its component loaded. */
export interface LoadedScreen {
  def: ScreenDef;
  Component: ComponentType<ScreenProps>;
}

/** Every registered screen's component (the app mounts once they are all here). */
export function loadScreens(): Promise<readonly LoadedScreen[]> {
  return Promise.all(SCREEN_REGISTRY.map(async (def) => ({ def, Component: await def.load() })));
}
