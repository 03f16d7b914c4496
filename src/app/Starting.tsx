/**
 * The app's first frame, drawn while the rest of it loads: its header (tabs, profile, service, "loading…"), with
 * nothing heavier than Ink behind it. On a first start (no code cache) the HTTP client, zod and the screens take
 * longer to compile than Ink takes to draw; the user sees where the app is going at once, then the full frame
 * (the same Ink instance: only the lines that changed are written).
 */

import { type Instance, render } from 'ink';
import { createElement } from 'react';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import type { Region } from '../domain/region.js';
import type { ScreenName } from '../domain/registered.js';
import { NO_HEALTH } from '../store/state/transport-health.js';
import { Header, tabsOf } from '../ui/Header.js';
import { isTooSmall, TooSmall } from '../ui/TooSmall.js';
import type { Theme } from '../ui/theme.js';
import { INK_OPTIONS } from './ink-options.js';

export interface StartingProps {
  width: number;
  height: number;
  theme: Theme;
  profile: string;
  baseUrl: string;
  region: Region | 'ALL';
  screen: ScreenName;
  readOnly: boolean;
  refreshMs: number;
}

const TABS = tabsOf(SCREEN_REGISTRY);

export function Starting(p: StartingProps) {
  if (isTooSmall(p)) return createElement(TooSmall, { width: p.width, height: p.height });
  return createElement(Header, {
    width: p.width,
    theme: p.theme,
    profile: p.profile,
    baseUrl: p.baseUrl,
    region: p.region,
    screen: p.screen,
    tabs: TABS,
    readOnly: p.readOnly,
    health: NO_HEALTH,
    updatedAt: undefined,
    now: Date.now(),
    refreshMs: p.refreshMs,
    failures: 0,
  });
}

/** Draws the first frame; the app's own render() later takes over the same Ink instance. */
export function showStarting(p: Omit<StartingProps, 'width' | 'height'>, stdout = process.stdout): Instance {
  return render(
    createElement(Starting, { ...p, width: stdout.columns || 80, height: stdout.rows || 24 }),
    INK_OPTIONS,
  );
}
