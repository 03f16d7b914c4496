import { findScreen } from '../../screens/registry.js';
import { redact } from '../api/errors.js';
import { preconnect } from '../api/preconnect.js';
import type { AppFlags } from '../config/args.js';
import { loadConfig } from '../config/config.js';
import { turnOfTheLoop } from '../domain/event-loop.js';
import type { Simulator } from '../sim/server.js';
import { mark, markBuiltins } from '../startup-trace.js';
import { ui } from '../store/state/app-store.js';
import { foldOutputToAscii, wantsAscii } from '../ui/ascii.js';
import { layoutEngine } from '../ui/layout-engine.js';
import { type Prepared, prepareStart } from './prepare.js';
import { depsOptions, sessionOf, themeOf } from './session.js';
import { enterFullScreen, installExitHandlers } from './terminal.js';

/** What to undo on the way out, last first; every exit path runs it once. */
class Cleanups {
  private readonly steps: Array<() => unknown> = [];
  add(...steps: Array<() => unknown>) {
    for (const step of steps) this.steps.push(step);
  }
  run = () => {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        step();
      } catch {
        // leaving anyway
      }
    }
  };
}

/** Starts the full-screen app; resolves with the exit code. */
export async function runApp(flags: AppFlags, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Ink's layout engine (WebAssembly) compiles off the main thread while the rest starts.
  const layout = layoutEngine();
  let secret: string | undefined;
  const prepared = await prepareStart(flags, env, layout);
  if (typeof prepared === 'number') return prepared;
  let { config } = prepared;
  const sim = config.demo ? await startDemo(flags) : undefined;
  if (sim) config = { ...config, baseUrl: sim.url, apiKey: sim.keys.admin, keySource: 'demo simulator' };
  // A terminal in a non-UTF-8 locale gets ASCII stand-ins for every glyph (same widths, same layout).
  if (wantsAscii(env)) foldOutputToAscii(process.stdout);
  const screen = enterFullScreen({ stdout: process.stdout, stdin: process.stdin });
  secret = config.apiKey;
  const cleanups = new Cleanups();
  if (prepared.log) cleanups.add(prepared.log.close);
  if (sim) cleanups.add(() => void sim.close());
  const removeHandlers = installExitHandlers(screen, {
    redact: (s) => redact(s, secret),
    beforeExit: cleanups.run,
  });
  try {
    if (!config.apiKey) {
      await layout;
      const { mountNoKey } = await import('./mount-prompts.js');
      const ink = mountNoKey(config.configPath);
      cleanups.add(() => ink.unmount());
      await ink.waitUntilExit();
      return 0;
    }
    await startApp({ ...prepared, config }, flags, env, cleanups, {
      layout,
      sim,
      switched: (key) => {
        secret = key ?? secret;
      },
    });
    return 0;
  } finally {
    cleanups.run();
    removeHandlers();
    screen.restore();
  }
}

/** `--demo`: the simulator in this process, on 127.0.0.1. */
async function startDemo(flags: AppFlags): Promise<Simulator> {
  const { startSimulator } = await import('../sim/server.js');
  const sim = await startSimulator({
    // the routes of what the first screen asks for load now, the others when first asked for
    lazyRoutes: true,
    // and the world's data likewise: what the first screen shows now, the rest when first asked for
    lazySeed: true,
    vmCount: flags.demoScale,
    timings: flags.demoVmSeconds ? { vmCreateMs: flags.demoVmSeconds * 1000 } : undefined,
    ...(flags.demoRestockSeconds !== undefined ? { restockMs: flags.demoRestockSeconds * 1000 } : {}),
  });
  mark('simulator');
  return sim;
}

/**
 * The app on its first screen, in the order that draws it soonest (ARCHITECTURE.md, "The bundle"); resolves when
 * the user leaves. `switched` gets the key of each profile `:ctx` switches to.
 */
async function startApp(
  { config, keymap, log }: Prepared,
  flags: AppFlags,
  env: NodeJS.ProcessEnv,
  cleanups: Cleanups,
  o: { layout: Promise<void>; sim: Simulator | undefined; switched: (apiKey: string | undefined) => void },
): Promise<void> {
  const first = config.screen ?? 'vms';
  // The handshakes with the service (name lookup, TCP, TLS) go on while the rest of the app loads: one
  // connection for each request the first screen sends at once.
  const preconnection = preconnect(config.baseUrl, { count: findScreen(first)?.first.length ?? 1, env });
  // Node starts a connection (and each step of its handshakes) only when the event loop turns: between the
  // long stretches of compiling below, it turns once.
  await turnOfTheLoop();
  // The header first, drawn by Ink alone; then the HTTP client, zod and the screens load (see Starting.tsx).
  const { showStarting } = await import('./Starting.js');
  await o.layout;
  const starting = showStarting({
    theme: themeOf(config),
    profile: config.profile,
    baseUrl: config.baseUrl,
    region: config.region ?? 'ALL',
    screen: first,
    readOnly: config.readOnly,
    refreshMs: config.refreshMs,
  });
  // Should the rest fail to load, Ink lets go of the terminal before it is restored (once mounted, a no-op).
  cleanups.add(() => starting.unmount());
  mark('starting');
  await turnOfTheLoop();
  const { createAppDeps, prefetchFirstScreen } = await import('./deps.js');
  const onAction = log?.write;
  const { deps, transport } = createAppDeps({
    ...depsOptions(config, first, env, onAction),
    ...(preconnection ? { preconnection } : {}),
  });
  cleanups.add(
    () => deps.poller.stop(),
    () => void transport.close().catch(() => {}),
  );
  // The first screen's requests leave first, and get as far as the network (name lookup, connection) before the
  // UI code takes the thread to load: with a service far away, that time is no longer added to the first frame.
  const firstData = prefetchFirstScreen(deps, 300);
  await turnOfTheLoop();
  mark('requests');
  const { mountRoot, loadScreens, preloadScreens, loadDialogKit, preloadLazyCode, preloadApi } = await import(
    './mount.js'
  );
  const screens = await loadScreens(first);
  mark('ui');
  await firstData;
  mark('data');
  for (const w of config.warnings) ui.say(deps.store, w, 'error');
  if (log?.warning) ui.say(deps.store, log.warning, 'warn');
  if (o.sim)
    ui.say(deps.store, 'demo: talking to the built-in simulator on 127.0.0.1 (nothing here is real)', 'info');
  // The session shown now (`:ctx` changes it): the exit stops its poller and closes its client.
  let live = { deps, transport };
  const keys = new WeakMap<object, string>();
  cleanups.add(() => {
    if (live.transport === transport) return;
    live.deps.poller.stop();
    void live.transport.close().catch(() => {});
  });
  const ink = mountRoot({
    first: sessionOf(config, { deps, transport }, env),
    screens,
    ...(keymap ? { keymap: keymap.map } : {}),
    // --demo talks to its own simulator: the config file's profiles are another service.
    profiles: o.sim ? [] : config.profileNames,
    open: async (name, at) => {
      const c = await loadConfig({ ...flags, profile: name }, env);
      if (!c.apiKey) throw new Error(`no API key (set apiKey or apiKeyEnv in ${c.configPath})`);
      const s = createAppDeps(depsOptions(c, at, env, onAction));
      keys.set(s.transport, c.apiKey);
      return sessionOf(c, s, env);
    },
    onSwitch: (s) => {
      live = s;
      o.switched(keys.get(s.transport));
    },
  });
  // the built-ins first: a reader that stops at "rendered" then has them too (one mark after it could be missed)
  markBuiltins();
  mark('rendered');
  // What the first frame did not need, once it is out: each is then ready, and all of it in the code cache. The
  // other screens first (the number keys and Tab, the likeliest next keys), then the api's and the demo's routes
  // their data needs, then the dialogs and what keys load; a piece per turn of the thread, so a key is not kept
  // waiting behind them.
  setTimeout(
    () =>
      void preloadScreens(screens)
        .then(preloadApi)
        .then(() => o.sim?.preloadRoutes())
        .then(loadDialogKit)
        .then(preloadLazyCode)
        .then(() => mark('preloaded')),
    300,
  ).unref();
  // Runs first on a signal or crash: Ink draws its last frame while still in the alternate screen. Left to
  // its own exit hook, Ink would draw it AFTER the restore, clearing the user's normal screen and scrollback.
  cleanups.add(() => ink.unmount());
  await ink.waitUntilExit();
}
