// Colours in one place. Colour only ever adds to meaning: every status has a symbol and its word, every tone a
// symbol. With colour off (NO_COLOR, --no-color) every colour is undefined, so Ink writes no colour codes at all.
import { sanitize } from '../domain/sanitize.js';
import type { Tone } from '../store/state/ui-state.js';

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
export function accentColour(accent: string | undefined, fallback = DEFAULT_ACCENT): string {
  const a = accent?.trim();
  if (a && (NAMED.has(a) || HEX.test(a))) return a;
  return fallback;
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

/** The terminal's background: a light one needs dark text colours (no yellow, white or bright cyan on white). */
export type Background = 'dark' | 'light';

interface Palette {
  ok: string;
  warn: string;
  error: string;
  info: string;
  dim: string;
  selection: string;
  accent: string;
}

/** The terminal's own named colours: they follow the user's terminal scheme (made for a dark background). */
const DARK: Palette = {
  ok: 'green',
  warn: 'yellow',
  error: 'red',
  info: 'blue',
  dim: 'gray',
  selection: 'cyan',
  accent: DEFAULT_ACCENT,
};

/**
 * Exact colours for a light background, each with a contrast of at least 4.5:1 on white (WCAG AA), also as a
 * 256-colour terminal shows them (tested): the named yellow, cyan and gray of most schemes are unreadable on white.
 */
export const LIGHT: Palette = {
  ok: '#005f00',
  warn: '#7a3d00',
  error: '#af0000',
  info: '#0033cc',
  dim: '#6c6c6c',
  selection: '#0033cc',
  accent: '#0033cc',
};

export function createTheme(opts: {
  color: boolean;
  accent?: string | undefined;
  background?: Background | undefined;
}): Theme {
  const on = opts.color;
  const p = opts.background === 'light' ? LIGHT : DARK;
  const c = (name: string): Colour => (on ? name : undefined);
  const ok = c(p.ok);
  const warn = c(p.warn);
  const error = c(p.error);
  const info = c(p.info);
  const dim = c(p.dim);
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
    // A profile's own accent is kept as given; only the default follows the background.
    accent: c(accentColour(opts.accent, p.accent)),
    ok,
    warn,
    error,
    info,
    dim,
    selection: c(p.selection),
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

/** "◐ STOPPING…": a row's status while an action on it is under way ("? STOPPING": its outcome is unknown). */
export function pendingText(p: { label: string; unknown?: boolean | undefined }): string {
  return p.unknown ? `? ${p.label}` : `◐ ${p.label}…`;
}

/** A theme without colour: the default for tests and for NO_COLOR. */
export const PLAIN_THEME: Theme = createTheme({ color: false });
