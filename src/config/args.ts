/** Command-line parsing: pure, so every flag and every bad value is testable without a terminal. */

import { quote } from '../domain/quote.js';
import type { ScreenName } from '../domain/registered.js';
import { THEME_SETTINGS, type ThemeSetting } from './background.js';
import { baseUrlError } from './base-url.js';

/** The screens `--screen` accepts: their names, and the name a typed one (or an alias) stands for. */
export interface ScreenChoice {
  names: readonly ScreenName[];
  find(name: string): ScreenName | undefined;
}

export interface AppFlags {
  demo: boolean;
  baseUrl?: string;
  profile?: string;
  /** Seconds between refreshes (2 to MAX_REFRESH_S). */
  refresh?: number;
  readOnly: boolean;
  /** The first screen's name (as the screen registry spells it). */
  screen?: ScreenName;
  noColor: boolean;
  /** Colours for a light or dark background, or auto (a guess from $COLORFGBG). */
  theme?: ThemeSetting;
  /** With --demo: seconds a new VM takes to become ACTIVE (default 20). */
  demoVmSeconds?: number;
  /** With --demo: how many VMs the simulator seeds (default about 30). */
  demoScale?: number;
  /** --log FILE: every change asked of the service is appended there (the action log). */
  log?: string;
  /** With --demo: seconds until the sold-out H100-80G-SXM5 of NORWAY-1 comes back into stock. */
  demoRestockSeconds?: number;
}

/** Longest --refresh: an hour. Anything longer is a typo (milliseconds?), and past ~24.8 days Node's timers break. */
export const MAX_REFRESH_S = 3600;

export type Parsed =
  | { command: 'app'; flags: AppFlags }
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'error'; message: string };

export const usage = (screens: readonly string[]) => `Usage: hyperstack-tui [options]
       hyperstack-tui COMMAND [options]      (the commands are listed below)

A full-screen terminal UI for the Hyperstack GPU cloud.

Options:
  --demo              run against the built-in simulator (no account needed)
  --base-url URL      API base URL (default https://infrahub-api.nexgencloud.com/v1, or $HYPERSTACK_BASE_URL)
  --profile NAME      use a named profile from the config file
  --refresh SECONDS   refresh interval, 2 to ${MAX_REFRESH_S} (default 5)
  --read-only         never change anything: mutation keys are hidden and refused
  --screen NAME       first screen: ${screens.join(', ')}
  --no-color          no colours (NO_COLOR is honoured too)
  --theme THEME       colours for a light or dark terminal: light, dark or auto (default: the config's, else
                      a guess from $COLORFGBG, else dark)
  --demo-vm-seconds N with --demo: seconds a new VM takes to become ACTIVE (default 20)
  --demo-scale N      with --demo: number of VMs in the demo organisation (e.g. 10000)
  --log FILE          append every change asked of the service to FILE (also in the app: :log)
  --demo-restock-seconds N
                      with --demo: the sold-out H100-80G-SXM5 of NORWAY-1 comes back after N seconds
  --help              this help
  --version           the version

The API key comes from $HYPERSTACK_API_KEY or the profile.`;

export function parseArgs(argv: readonly string[], screens: ScreenChoice): Parsed {
  const flags: AppFlags = { demo: false, readOnly: false, noColor: false };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string;
    const eq = raw.indexOf('=');
    const name = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    const inline = raw.startsWith('--') && eq > 0 ? raw.slice(eq + 1) : undefined;
    const value = (): string | undefined => inline ?? (argv[i + 1]?.startsWith('--') ? undefined : argv[++i]);
    switch (name) {
      case '--help':
      case '-h':
        return { command: 'help' };
      case '--version':
      case '-v':
        return { command: 'version' };
      case '--demo':
        flags.demo = true;
        break;
      case '--read-only':
        flags.readOnly = true;
        break;
      case '--no-color':
        flags.noColor = true;
        break;
      case '--theme': {
        const v = value();
        if (!v || !(THEME_SETTINGS as readonly string[]).includes(v)) {
          return error(`--theme must be one of ${THEME_SETTINGS.join(', ')}, got ${quote(v ?? '')}`);
        }
        flags.theme = v as ThemeSetting;
        break;
      }
      case '--base-url': {
        const v = value();
        if (!v) return error('--base-url needs a URL, e.g. https://infrahub-api.nexgencloud.com/v1');
        const bad = baseUrlError('--base-url', v);
        if (bad) return error(bad);
        flags.baseUrl = v;
        break;
      }
      case '--profile': {
        const v = value();
        if (!v) return error('--profile needs a profile name');
        flags.profile = v;
        break;
      }
      case '--refresh': {
        const v = value();
        const n = Number(v);
        if (!v || !Number.isFinite(n) || n < 2 || n > MAX_REFRESH_S) {
          return error(
            `--refresh needs a number of seconds from 2 to ${MAX_REFRESH_S}, got ${quote(v ?? '')}`,
          );
        }
        flags.refresh = n;
        break;
      }
      case '--log': {
        const v = value();
        if (!v) return error('--log needs a file name, e.g. --log ~/hyperstack-actions.log');
        flags.log = v;
        break;
      }
      case '--screen': {
        const v = value();
        const found = v ? screens.find(v) : undefined;
        if (!found) {
          return error(`--screen must be one of ${screens.names.join(', ')}, got ${quote(v ?? '')}`);
        }
        flags.screen = found;
        break;
      }
      case '--demo-restock-seconds': {
        const v = value();
        const n = Number(v);
        if (!v || !Number.isInteger(n) || n < 0 || n > 3600) {
          return error(`${name} needs a whole number from 0 to 3600, got ${quote(v ?? '')}`);
        }
        flags.demoRestockSeconds = n;
        break;
      }
      case '--demo-vm-seconds':
      case '--demo-scale': {
        const v = value();
        const n = Number(v);
        const max = name === '--demo-scale' ? 200_000 : 3600;
        if (!v || !Number.isInteger(n) || n < 1 || n > max) {
          return error(`${name} needs a whole number from 1 to ${max}, got ${quote(v ?? '')}`);
        }
        if (name === '--demo-scale') flags.demoScale = n;
        else flags.demoVmSeconds = n;
        break;
      }
      default:
        return error(`unknown option ${quote(raw)} (see --help)`);
    }
  }
  if ((flags.demoScale || flags.demoVmSeconds || flags.demoRestockSeconds !== undefined) && !flags.demo) {
    return error('--demo-scale, --demo-vm-seconds and --demo-restock-seconds only apply with --demo');
  }
  return { command: 'app', flags };
}

function error(message: string): Parsed {
  return { command: 'error', message };
}
