// Colours in one place. Colour only ever adds to meaning: every status has a symbol and its word, every tone a
// symbol. With colour off (NO_COLOR, --no-color) every colour is undefined, so Ink writes no colour codes at all.
import { sanitize } from '../domain/sanitize.js';
import type { Tone } from '../store/ui-state.js';

/** An Ink colour name or "#rrggbb"; undefined means "no colour". */
export type Colour = string | undefined;

export interface Theme {
  /** False under NO_COLOR / --no-color: every colour below is then undefined. */
  color: boolean;
  /** The profile's accent (header profile name, keys in the footer), so a production profile looks different. */
  accent: Colour;
  ok: Colour;
  warn: Colour;
  error: Colour;
  /** Blue-ish: informational, hibernated. */
  info: Colour;
  /** De-emphasised text (stopped things, descriptions). */
  dim: Colour;
  /** Highlighted row or item; always drawn inverse as well, so it shows without colour. */
  selection: Colour;
  statusStyle(status: string | null | undefined): StatusStyle;
  toneStyle(tone: Tone): ToneStyle;
}

export type StatusKind = 'ok' | 'busy' | 'off' | 'sleep' | 'error' | 'unknown';

export interface StatusStyle {
  /** Always shown next to the status word. */
  symbol: string;
  color: Colour;
  kind: StatusKind;
}

export interface ToneStyle {
  symbol: string;
  color: Colour;
}

/** Ink foreground names a profile's accent may use (besides "#hex"); anything else falls back to cyan. */
const NAMED = new Set([
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'gray',
  'grey',
  'blackBright',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
]);
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const DEFAULT_ACCENT = 'cyan';

/** A usable accent colour from a profile value, or the default. */
export function accentColour(accent: string | undefined): string {
  const a = accent?.trim();
  if (a && (NAMED.has(a) || HEX.test(a))) return a;
  return DEFAULT_ACCENT;
}

const OK = new Set([
  'ACTIVE',
  'RUNNING',
  'SUCCESSFUL',
  'SUCCESS',
  'ATTACHED',
  'AVAILABLE',
  'READY',
  'ENABLED',
  'ONLINE',
]);
const BUSY = new Set([
  'CREATING',
  'BUILD',
  'BUILDING',
  'STARTING',
  'STOPPING',
  'REBOOTING',
  'HARD_REBOOT',
  'REBOOT',
  'RESIZING',
  'RESIZE',
  'VERIFY_RESIZE',
  'RESTORING',
  'HIBERNATING',
  'DELETING',
  'ATTACHING',
  'DETACHING',
  'RECONCILING',
  'PENDING',
  'MIGRATING',
  'UPDATING',
  'PROVISIONING',
  'WAITING',
  'QUEUED',
  'SCALING',
  'UPGRADING',
]);
const OFF = new Set([
  'SHUTOFF',
  'SHUTDOWN',
  'STOPPED',
  'PAUSED',
  'SUSPENDED',
  'DISABLED',
  'OFFLINE',
  'DELETED',
]);
const SLEEP = new Set(['HIBERNATED', 'SHELVED', 'SHELVED_OFFLOADED']);
const ERROR = new Set(['ERROR', 'FAILED', 'UNHEALTHY', 'CRASHED', 'DEGRADED']);

export function statusKind(status: string | null | undefined): StatusKind {
  const s = (status ?? '').trim().toUpperCase();
  if (OK.has(s)) return 'ok';
  if (ERROR.has(s) || s.endsWith('_FAILED') || s.endsWith('_ERROR')) return 'error';
  if (BUSY.has(s) || s.endsWith('ING')) return 'busy';
  if (OFF.has(s)) return 'off';
  if (SLEEP.has(s)) return 'sleep';
  return 'unknown';
}

export const STATUS_SYMBOL: Readonly<Record<StatusKind, string>> = {
  ok: '●',
  busy: '◐',
  off: '○',
  sleep: '◌',
  error: '✖',
  unknown: '·',
};

export const TONE_SYMBOL: Readonly<Record<Tone, string>> = {
  ok: '✓',
  warn: '⚠',
  error: '✖',
  pending: '…',
  info: '·',
};

export function createTheme(opts: { color: boolean; accent?: string | undefined }): Theme {
  const on = opts.color;
  const c = (name: string): Colour => (on ? name : undefined);
  const ok = c('green');
  const warn = c('yellow');
  const error = c('red');
  const info = c('blue');
  const dim = c('gray');
  const statusColour: Record<StatusKind, Colour> = {
    ok,
    busy: warn,
    off: dim,
    sleep: info,
    error,
    unknown: undefined,
  };
  const toneColour: Record<Tone, Colour> = { ok, warn, error, pending: warn, info: undefined };
  return {
    color: on,
    accent: c(accentColour(opts.accent)),
    ok,
    warn,
    error,
    info,
    dim,
    selection: c('cyan'),
    statusStyle(status) {
      const kind = statusKind(status);
      return { symbol: STATUS_SYMBOL[kind], color: statusColour[kind], kind };
    },
    toneStyle(tone) {
      return { symbol: TONE_SYMBOL[tone], color: toneColour[tone] };
    },
  };
}

/** "● ACTIVE": the symbol and the (sanitized) word, the text every status cell shows with or without colour. */
export function statusLabel(status: string | null | undefined): string {
  return `${STATUS_SYMBOL[statusKind(status)]} ${sanitize(status)}`;
}

/** A theme without colour: the default for tests and for NO_COLOR. */
export const PLAIN_THEME: Theme = createTheme({ color: false });
