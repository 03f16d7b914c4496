/** A config profile's session as the app shows it, and the wiring its config asks for. */

import type { Config } from '../config/config.js';
import type { ScreenName } from '../domain/registered.js';
import { createTheme } from '../ui/theme.js';
import type { AppDepsOptions } from './deps.js';
import type { Session } from './Root.js';
import { loadWatches, watchSaver } from './watches.js';

/** A profile's session as the app shows it: its wiring, colours, name, service and watches. */
export function sessionOf(
  c: Config,
  s: Pick<Session, 'deps' | 'transport'>,
  env: NodeJS.ProcessEnv,
): Session {
  return {
    ...s,
    theme: themeOf(c),
    profile: c.profile,
    baseUrl: c.baseUrl,
    refreshMs: c.refreshMs,
    saveWatches: watchSaver(env, c.profile, s.deps.store),
  };
}

export function themeOf(c: Config) {
  return createTheme({ color: !c.noColor, accent: c.accent, background: c.background });
}

/** What the app's wiring needs of a resolved config (the first profile, or one switched to). */
export function depsOptions(
  config: Config,
  screen: ScreenName,
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
    waste: config.waste,
  };
}
