import { findScreen } from '../../screens/registry.js';
import { redact } from '../api/errors.js';
import { preconnect } from '../api/preconnect.js';
import type { AppFlags } from '../config/args.js';
import { type Config, resolveConfig } from '../config/config.js';
import { sanitize } from '../domain/sanitize.js';
import type { Simulator } from '../sim/server.js';
import { mark } from '../startup-trace.js';
import { ui } from '../store/state/app-store.js';
import { foldOutputToAscii, wantsAscii } from '../ui/ascii.js';
import { createTheme } from '../ui/theme.js';
import { type ActionLogFile, openActionLog } from './action-log-file.js';
import type { AppDepsOptions } from './deps.js';
import { turnOfTheLoop } from './event-loop.js';
import type { Session } from './Root.js';
import { enterFullScreen, installExitHandlers } from './terminal.js';
import { loadWatches, watchSaver } from './watches.js';

/** The config's keys checked against every action of the app (loads the screens' action lists: only then). */
async function loadKeymap(keys: NonNullable<Config['keys']>, path: string) {
  const { actionCatalog, checkKeymap } = await import('./keymap-config.js');
  const { moveTableKeys } = await import('../ui/table/key-actions.js');
  const checked = checkKeymap(keys.section, await actionCatalog(), { path, lineOf: (a) => keys.lines[a] });
  moveTableKeys(checked.map);
  return checked;
}

/** Starts the full-screen app; resolves with the exit code. */
export async function runApp(flags: AppFlags, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: Config;
  let secret: string | undefined;
  try {
    config = resolveConfig(flags, env);
  } catch (e) {
    // A config error may quote what the user typed or a file held: one inert line.
    process.stderr.write(`hyperstack-tui: ${sanitize((e as Error).message)}\n`);
    return 2;
  }
  const keymap = config.keys ? await loadKeymap(config.keys, config.configPath) : undefined;
  if (keymap && keymap.problems.length > 0) {
    for (const p of keymap.problems) process.stderr.write(`hyperstack-tui: ${sanitize(p)}\n`);
    return 2;
  }
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      'hyperstack-tui: needs an interactive terminal (stdin and stdout must be a TTY); for a headless simulator run `hyperstack-tui simulate`\n',
    );
    return 2;
  }
  if (!config.demo && !config.profileNamed && config.profileNames.length > 1) {
    const { pickProfile } = await import('./mount.js');
    const picked = await pickProfile(config.profileNames, config.configPath);
    if (picked === undefined) return 0;
    try {
      config = resolveConfig({ ...flags, profile: picked }, env);
    } catch (e) {
      process.stderr.write(`hyperstack-tui: ${sanitize((e as Error).message)}\n`);
      return 2;
    }
  }
  let log: ActionLogFile | undefined;
  if (flags.log) {
    try {
      // no entry holds a body; the key (of the profile in use) is taken out all the same
      log = openActionLog(flags.log, (s) => redact(s, secret));
    } catch (e) {
      process.stderr.write(
        `hyperstack-tui: --log: cannot open ${sanitize(flags.log)}: ${sanitize((e as Error).message)}\n`,
      );
      return 2;
    }
  }
  let sim: Simulator | undefined;
  if (config.demo) {
    const { startSimulator } = await import('../sim/server.js');
    sim = await startSimulator({
      vmCount: flags.demoScale,
      timings: flags.demoVmSeconds ? { vmCreateMs: flags.demoVmSeconds * 1000 } : undefined,
      ...(flags.demoRestockSeconds !== undefined ? { restockMs: flags.demoRestockSeconds * 1000 } : {}),
    });
    mark('simulator');
    config = { ...config, baseUrl: sim.url, apiKey: sim.keys.admin, keySource: 'demo simulator' };
  }
  // A terminal in a non-UTF-8 locale gets ASCII stand-ins for every glyph (same widths, same layout).
  if (wantsAscii(env)) foldOutputToAscii(process.stdout);
  const screen = enterFullScreen({ stdout: process.stdout, stdin: process.stdin });
  secret = config.apiKey;
  const cleanups: Array<() => unknown> = [];
  if (log) cleanups.push(log.close);
  const finish = () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        c();
      } catch {
        // leaving anyway
      }
    }
  };
  const removeHandlers = installExitHandlers(screen, {
    redact: (s) => redact(s, secret),
    beforeExit: finish,
  });

  try {
    if (!config.apiKey) {
      const { mountNoKey } = await import('./mount.js');
      const ink = mountNoKey(config.configPath);
      cleanups.push(() => ink.unmount());
      await ink.waitUntilExit();
      return 0;
    }
    const first = config.screen ?? 'vms';
    // The handshakes with the service (name lookup, TCP, TLS) go on while the rest of the app loads: one
    // connection for each request the first screen sends at once.
    const preconnection = preconnect(config.baseUrl, { count: findScreen(first)?.first.length ?? 1, env });
    // Node starts a connection (and each step of its handshakes) only when the event loop turns: between the
    // long stretches of compiling below, it turns once.
    await turnOfTheLoop();
    // The header first, drawn by Ink alone; then the HTTP client, zod and the screens load (see Starting.tsx).
    const { showStarting } = await import('./Starting.js');
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
    cleanups.push(() => starting.unmount());
    mark('starting');
    await turnOfTheLoop();
    const { createAppDeps, prefetchFirstScreen } = await import('./deps.js');
    const onAction = log?.write;
    const { deps, transport } = createAppDeps({
      ...depsOptions(config, first, env, onAction),
      ...(preconnection ? { preconnection } : {}),
    });
    const { store } = deps;
    cleanups.push(
      () => deps.poller.stop(),
      () => void transport.close().catch(() => {}),
      () => void sim?.close(),
    );
    // The first screen's requests leave first, and get as far as the network (name lookup, connection) before the
    // UI code takes the thread to load: with a service far away, that time is no longer added to the first frame.
    const firstData = prefetchFirstScreen(deps, 300);
    await turnOfTheLoop();
    mark('requests');
    const { mountRoot, loadScreens, preloadScreens } = await import('./mount.js');
    const screens = await loadScreens(first);
    mark('ui');
    await firstData;
    mark('data');
    for (const w of config.warnings) ui.say(store, w, 'error');
    if (log?.warning) ui.say(store, log.warning, 'warn');
    if (sim)
      ui.say(store, 'demo: talking to the built-in simulator on 127.0.0.1 (nothing here is real)', 'info');
    // The session shown now (`:ctx` changes it): the exit stops its poller and closes its client.
    let live = { deps, transport };
    const keys = new WeakMap<object, string>();
    cleanups.push(() => {
      if (live.transport === transport) return;
      live.deps.poller.stop();
      void live.transport.close().catch(() => {});
    });
    const ink = mountRoot({
      first: sessionOf(config, { deps, transport }, env),
      screens,
      ...(keymap ? { keymap: keymap.map } : {}),
      // --demo talks to its own simulator: the config file's profiles are another service.
      profiles: config.demo ? [] : config.profileNames,
      open: (name, at) => {
        const c = resolveConfig({ ...flags, profile: name }, env);
        if (!c.apiKey) throw new Error(`no API key (set apiKey or apiKeyEnv in ${c.configPath})`);
        const s = createAppDeps(depsOptions(c, at, env, onAction));
        keys.set(s.transport, c.apiKey);
        return sessionOf(c, s, env);
      },
      onSwitch: (s) => {
        live = s;
        secret = keys.get(s.transport) ?? secret;
      },
    });
    mark('rendered');
    // The other screens' code, once the first frame is out: switching to one then finds it ready.
    setTimeout(() => void preloadScreens(screens), 300).unref();
    // Runs first on a signal or crash: Ink draws its last frame while still in the alternate screen. Left to
    // its own exit hook, Ink would draw it AFTER the restore, clearing the user's normal screen and scrollback.
    cleanups.push(() => ink.unmount());
    await ink.waitUntilExit();
    return 0;
  } finally {
    finish();
    removeHandlers();
    screen.restore();
  }
}

/** A profile's session as the app shows it: its wiring, colours, name, service and watches. */
function sessionOf(c: Config, s: Pick<Session, 'deps' | 'transport'>, env: NodeJS.ProcessEnv): Session {
  return {
    ...s,
    theme: themeOf(c),
    profile: c.profile,
    baseUrl: c.baseUrl,
    refreshMs: c.refreshMs,
    saveWatches: watchSaver(env, c.profile, s.deps.store),
  };
}

function themeOf(c: Config) {
  return createTheme({ color: !c.noColor, accent: c.accent, background: c.background });
}

/** What the app's wiring needs of a resolved config (the first profile, or one switched to). */
function depsOptions(
  config: Config,
  screen: string,
  env: NodeJS.ProcessEnv,
  onAction: AppDepsOptions['onAction'],
): AppDepsOptions {
  return {
    profile: config.profile,
    ...(onAction ? { onAction } : {}),
    baseUrl: config.baseUrl,
    apiKey: config.apiKey ?? '',
    screen,
    readOnly: config.readOnly,
    readOnlyBy: config.readOnlyBy,
    region: config.region,
    refreshMs: config.refreshMs,
    requestsPerMinute: config.requestsPerMinute,
    watches: loadWatches(env, config.profile),
  };
}
