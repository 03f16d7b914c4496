import { render } from 'ink';
import { createElement } from 'react';
import { RequestBudget } from '../api/budget.js';
import { createApi } from '../api/client.js';
import { redact } from '../api/errors.js';
import { createTransport } from '../api/transport.js';
import type { AppFlags } from '../config/args.js';
import { type Config, resolveConfig } from '../config/config.js';
import type { Simulator } from '../sim/server.js';
import { createAppStore, ui } from '../store/app-store.js';
import { Poller } from '../store/poller.js';
import { targetFor } from '../store/resources.js';
import { createTheme } from '../ui/theme.js';
import { App } from './App.js';
import { NoKey } from './NoKey.js';
import { SCREEN_DEFS } from './screens.js';
import { enterFullScreen, installExitHandlers } from './terminal.js';

/** Starts the full-screen app; resolves with the exit code. */
export async function runApp(flags: AppFlags, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: Config;
  try {
    config = resolveConfig(flags, env);
  } catch (e) {
    process.stderr.write(`hyperstack-tui: ${(e as Error).message}\n`);
    return 2;
  }
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      'hyperstack-tui: needs an interactive terminal (stdin and stdout must be a TTY); for a headless simulator run `hyperstack-tui simulate`\n',
    );
    return 2;
  }
  let sim: Simulator | undefined;
  if (config.demo) {
    const { startSimulator } = await import('../sim/server.js');
    sim = await startSimulator({
      vmCount: flags.demoScale,
      timings: flags.demoVmSeconds ? { vmCreateMs: flags.demoVmSeconds * 1000 } : undefined,
    });
    config = { ...config, baseUrl: sim.url, apiKey: sim.keys.admin, keySource: 'demo simulator' };
  }
  const theme = createTheme({ color: !config.noColor, accent: config.accent });
  const screen = enterFullScreen({ stdout: process.stdout, stdin: process.stdin });
  const secret = config.apiKey;
  const cleanups: Array<() => unknown> = [];
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
  const inkOptions = {
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: process.env.HS_INCR !== '0',
    maxFps: 20,
  } as const;

  try {
    if (!config.apiKey) {
      const ink = render(
        createElement(NoKey, { configPath: config.configPath, onQuit: () => {} }),
        inkOptions,
      );
      cleanups.push(() => ink.unmount());
      await ink.waitUntilExit();
      return 0;
    }
    const store = createAppStore({
      screen: config.screen ?? 'vms',
      readOnly: config.readOnly,
      region: config.region,
    });
    const transport = createTransport({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      budget: new RequestBudget({ perMinute: config.requestsPerMinute }),
      onExchange: (e) => ui.recordExchange(store, e),
    });
    const api = createApi(transport);
    const poller = new Poller(store, (key) => targetFor(api, key, store), { intervalMs: config.refreshMs });
    cleanups.push(
      () => poller.stop(),
      () => void transport.close(),
      () => void sim?.close(),
    );
    // Ask for the first screen's data now, so the requests run while Ink mounts (the screen joins them).
    poller.watch(SCREEN_DEFS[store.getState().screen].prefetch);
    for (const w of config.warnings) ui.say(store, w, 'error');
    if (sim)
      ui.say(store, 'demo: talking to the built-in simulator on 127.0.0.1 (nothing here is real)', 'info');
    const ink = render(
      createElement(App, {
        deps: { api, store, poller },
        theme,
        profile: config.profile,
        baseUrl: config.baseUrl,
        refreshMs: config.refreshMs,
        onQuit: () => {},
      }),
      inkOptions,
    );
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
