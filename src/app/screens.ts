import { Text } from 'ink';
import { type ComponentType, createElement, useContext, useEffect, useState } from 'react';
import { SCREEN_REGISTRY, type ScreenDef } from '../../screens/registry.js';
import { turnOfTheLoop } from '../domain/event-loop.js';
import { AppContext, type ScreenProps } from '../ui/screen/context.js';

/** A registered screen with its component (loaded, or loading itself when first shown: see lazyScreen). */
export interface LoadedScreen {
  def: ScreenDef;
  Component: ComponentType<ScreenProps>;
  /** Loads the component's code now (nothing when it is loaded). */
  preload(): Promise<unknown>;
}

/**
 * Every registered screen. With `first`, only that one's code is loaded before this resolves: the others load
 * when first shown, or when `preload()` asks (the app does once its first frame is drawn), so a start compiles
 * the code of one screen, not eleven. Without it (tests), all are loaded.
 */
export async function loadScreens(first?: string): Promise<readonly LoadedScreen[]> {
  return Promise.all(
    SCREEN_REGISTRY.map(async (def): Promise<LoadedScreen> => {
      if (first !== undefined && def.name !== first) return lazyScreen(def);
      const Component = await def.load();
      return { def, Component, preload: () => Promise.resolve() };
    }),
  );
}

/** Loads every screen not loaded yet, one after another (each a short turn of the thread, between keys). */
export async function preloadScreens(screens: readonly LoadedScreen[]): Promise<void> {
  for (const s of screens) {
    await s.preload();
    await turnOfTheLoop(); // a key typed meanwhile is handled now
  }
}

/** A screen whose code loads when it is first shown (a line says so meanwhile, its data already asked for) or preloaded. */
function lazyScreen(def: ScreenDef): LoadedScreen {
  let loaded: ComponentType<ScreenProps> | undefined;
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  const preload = () => {
    loading ??= def.load().then((c) => {
      loaded = c;
      return c;
    });
    return loading;
  };
  function LazyScreen(props: ScreenProps) {
    const [ready, setReady] = useState(false);
    const [failed, setFailed] = useState<string>();
    const poller = useContext(AppContext)?.deps.poller;
    const [owner] = useState(() => ({}));
    useEffect(() => {
      if (loaded) return;
      let live = true;
      // Its data is asked for while its code loads, not once it has.
      poller?.watchFor(owner, def.first);
      preload().then(
        () => live && setReady(true),
        (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
      );
      return () => {
        live = false;
        poller?.release(owner);
      };
    }, [poller, owner]);
    // Drawn, the screen watches what it needs itself (its effects ran before this one).
    useEffect(() => {
      if (ready) poller?.release(owner);
    }, [ready, poller, owner]);
    if (loaded) return createElement(loaded, props);
    return createElement(
      Text,
      null,
      failed ? `${def.title}: cannot load (${failed})` : `loading ${def.title}…`,
    );
  }
  return { def, Component: LazyScreen, preload };
}
