// The two header lines. Line 1 (who/where/what): screen tabs, profile, region, READ-ONLY; it changes only when the
// user does something. Line 2 (how fresh): host, API health, data age; it is the only line a ticking clock
// changes, and Ink writes only changed lines, so an idle second costs one short line over SSH.

import { Box, Text } from 'ink';
import type { CreditAlert } from '../domain/credit.js';
import { duration, perHour } from '../domain/format.js';
import { pushAll } from '../domain/lists.js';
import type { Region } from '../domain/region.js';
import type { ScreenName } from '../domain/registered.js';
import { sanitize } from '../domain/sanitize.js';
import { displayWidth, truncate } from '../domain/text.js';
import type { Health } from '../store/state/transport-health.js';
import { type Colour, PLAIN_THEME, type Theme } from './theme.js';

export interface HeaderProps {
  width: number;
  /** The screen shows the app's own data (the action log): no age, never stale. */
  ownData?: boolean;
  theme?: Theme;
  /** Profile name, shown in the profile's accent colour. */
  profile: string;
  /** API base URL; only its host is shown. */
  baseUrl: string;
  region: Region | 'ALL';
  /** The screen shown, by name. */
  screen: ScreenName;
  /** The main screens, in key order: they are the tabs (a screen without a key is shown after them when open). */
  tabs: readonly Tab[];
  readOnly: boolean;
  health: Health;
  /** When the visible screen's data last arrived (ms epoch); undefined before the first answer. */
  updatedAt: number | undefined;
  /** The clock, passed in so the header is a pure function of its props. */
  now: number;
  /** The refresh interval. */
  refreshMs: number;
  /** A big list loaded whole less often than that (its rows on screen are read between): how often, in ms. */
  listEveryMs?: number | undefined;
  /** Refreshes failed in a row for the visible screen's data. */
  failures: number;
  /** The last refresh error of the visible screen's data (falls back to health.lastError). */
  error?: string | undefined;
  /** What the client has been waiting for too long (waitingText), or '' / undefined. */
  waiting?: string | undefined;
  /** A stock watch that just came in: line 2 says it, flashing, instead of the freshness. */
  alert?: string | undefined;
  /** The credit runs out soon at the current burn rate (creditAlert): said in words on line 1. */
  credit?: CreditAlert | undefined;
  /** A VM's lease over or ending within the hour (leaseAlert): said on line 1 like the credit. */
  lease?: { text: string; level: 'warn' | 'urgent' } | undefined;
  /** What the account costs an hour now, and the part of it spent on resources doing nothing (the waste view's). */
  burn?: { perHour: number; idle: number | undefined } | undefined;
  /** Stock watches active (the bell rings when one comes in stock): said on line 1 of every screen. */
  watches?: number | undefined;
}

/** A tab of the header: a main screen and its number key. */
export interface Tab {
  key: string;
  name: ScreenName;
}

/** The tabs of these screens: those with a number key, in order. */
export function tabsOf(screens: ReadonlyArray<{ key?: string; name: ScreenName }>): Tab[] {
  return screens.flatMap((s) => (s.key ? [{ key: s.key, name: s.name }] : []));
}

/** A piece of a header line: text plus optional style; colour is never the only carrier of meaning. */
export interface Seg {
  text: string;
  color?: Colour;
  bold?: boolean;
  inverse?: boolean;
}

const SEP = '  ';

/** Stale once the data missed two refreshes: two failures in a row, or older than two intervals. */
export function isStale(p: {
  updatedAt: number | undefined;
  now: number;
  refreshMs: number;
  failures: number;
}): boolean {
  if (p.failures >= 2) return true;
  return p.updatedAt !== undefined && p.now - p.updatedAt > 2 * p.refreshMs;
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

export function regionText(region: Region | 'ALL'): string {
  return region === 'ALL' ? 'all regions' : region;
}

/** Screen tabs: full ("1 stock 2 vms …") or, when narrow, only the current one spelled out ("1 [2 vms] 3 4 5"). */
export function tabSegs(screen: ScreenName, tabs: readonly Tab[], compact: boolean, theme: Theme): Seg[] {
  const out: Seg[] = [];
  const current = (text: string): Seg => ({
    text: `[${text}]`,
    inverse: true,
    bold: true,
    color: theme.accent,
  });
  tabs.forEach((t, i) => {
    if (i > 0) out.push({ text: ' ' });
    const label = `${t.key} ${t.name}`;
    out.push(t.name === screen ? current(label) : { text: compact ? t.key : label, color: theme.dim });
  });
  // A screen reached by ":" only (no number key) shows after the tabs while it is open.
  if (!tabs.some((t) => t.name === screen)) out.push({ text: ' ' }, current(`:${screen}`));
  return out;
}

/** "✓ API ok 120ms", "✖ API error" (+ detail: the message), "… API" (nothing answered yet). */
export function healthSeg(health: Health, theme: Theme): Seg & { detail?: string } {
  const failing =
    health.lastErrorAt !== undefined &&
    (health.lastOkAt === undefined || health.lastErrorAt >= health.lastOkAt);
  if (failing) {
    const detail = health.lastError ? sanitize(health.lastError) : undefined;
    return { text: '✖ API error', color: theme.error, ...(detail ? { detail } : {}) };
  }
  if (health.lastOkAt !== undefined) {
    const ms = health.latencyMs === undefined ? '' : ` ${Math.round(health.latencyMs)}ms`;
    return { text: `✓ API ok${ms}`, color: theme.ok };
  }
  return { text: '… API', color: theme.dim };
}

const width = (segs: readonly Seg[]) => segs.reduce((n, s) => n + displayWidth(s.text), 0);

function join(parts: readonly (readonly Seg[])[]): Seg[] {
  const out: Seg[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push({ text: SEP });
    pushAll(out, p);
  });
  return out;
}

/** Cut a line of segments to `max` columns, the last visible segment ending in "…". */
export function fitSegs(segs: readonly Seg[], max: number): Seg[] {
  const out: Seg[] = [];
  let left = Math.max(0, Math.floor(max));
  for (const s of segs) {
    if (left <= 0) break;
    const w = displayWidth(s.text);
    if (w <= left) {
      out.push(s);
      left -= w;
    } else {
      out.push({ ...s, text: truncate(s.text, left) });
      break;
    }
  }
  return out;
}

/** "$41.20/h, $9.80/h idle": the burn rate, and the share of it spent on nothing (:waste lists it). */
export function burnSegs(b: { perHour: number; idle: number | undefined }, theme: Theme): Seg[] {
  const out: Seg[] = [{ text: perHour(b.perHour), color: theme.dim }];
  if (b.idle !== undefined && b.idle > 0)
    out.push({ text: ', ' }, { text: `${perHour(b.idle)} idle`, color: theme.warn });
  return out;
}

/** "◉ 2 watches": stock watches active (Stock lists them, w toggles one). */
export const watchesText = (n: number) => `◉ ${n} watch${n === 1 ? '' : 'es'}`;

/** Line 1: tabs, profile, region, READ-ONLY. When narrow the tab names go first, then the profile shortens. */
export function identityLine(p: HeaderProps, theme: Theme): Seg[] {
  const profile: Seg = { text: sanitize(p.profile), color: theme.accent, bold: true };
  const region: Seg = { text: regionText(p.region) };
  const tail: Seg[][] = p.readOnly
    ? [[region], [{ text: 'READ-ONLY', inverse: true, bold: true, color: theme.warn }]]
    : [[region]];
  if (p.watches) tail.push([{ text: watchesText(p.watches), color: theme.info }]);
  if (p.credit) {
    const urgent = p.credit.level === 'urgent';
    tail.push([{ text: p.credit.text, bold: urgent, color: urgent ? theme.error : theme.warn }]);
  }
  if (p.lease) {
    const urgent = p.lease.level === 'urgent';
    tail.push([{ text: sanitize(p.lease.text), bold: urgent, color: urgent ? theme.error : theme.warn }]);
  }
  // the burn rate gives way first when the line is short
  const burn = p.burn ? burnSegs(p.burn, theme) : undefined;
  for (const compact of [false, true]) {
    for (const withBurn of burn ? [true, false] : [false]) {
      const line = join([
        tabSegs(p.screen, p.tabs, compact, theme),
        [profile],
        ...tail,
        ...(withBurn && burn ? [burn] : []),
      ]);
      if (width(line) <= p.width) return line;
    }
  }
  const tabs = tabSegs(p.screen, p.tabs, true, theme);
  const room = p.width - width(join([tabs, [], ...tail]));
  if (room >= 4) return join([tabs, [{ ...profile, text: truncate(profile.text, room) }], ...tail]);
  // Tiny terminal (the app shows TooSmall anyway): what matters most first.
  return fitSegs(join([tabs, ...tail.reverse(), [profile]]), p.width);
}

/**
 * Line 2: host, health, what the client waits for (if it has waited long), then the age last ("updated 3s ago",
 * or "⚠ STALE 23s: <last error>"). When narrow the host goes first, then the message shortens, then the wait; the
 * age and the health word always stay.
 */
export function freshnessLine(p: HeaderProps, theme: Theme): Seg[] {
  const stale = !p.ownData && isStale(p);
  let age: Seg;
  if (p.ownData) {
    age = { text: "the app's own data", color: theme.dim };
  } else if (p.updatedAt === undefined) {
    age = stale
      ? { text: '⚠ NO DATA', color: theme.warn, bold: true }
      : { text: 'loading…', color: theme.dim };
  } else {
    const ago = duration(Math.max(0, p.now - p.updatedAt));
    // A big list is loaded whole less often (its cost sets how often): said, so a new VM's wait is no surprise.
    const every =
      p.listEveryMs !== undefined && p.listEveryMs > p.refreshMs
        ? `, list every ${duration(p.listEveryMs)}`
        : '';
    age = stale
      ? { text: `⚠ STALE ${ago}`, color: theme.warn, bold: true }
      : { text: `updated ${ago} ago${every}`, color: theme.dim };
  }
  const { detail, ...health } = healthSeg(p.health, theme);
  const host: Seg = { text: sanitize(hostOf(p.baseUrl)), color: theme.dim };
  // Stale: the error explains the STALE word and goes after it; otherwise it explains the health.
  const staleError = p.error ?? p.health.lastError;
  const message = stale ? (staleError ? sanitize(staleError) : '') : (detail ?? '');
  let room = p.width - width([health, { text: SEP }, age]);
  if (room < 0) return fitSegs([age, { text: SEP }, health], p.width);
  // A long wait is news (the data is about to go stale, or never comes): it gets room before the host and message.
  let wait: Seg | undefined;
  if (p.waiting && room - SEP.length >= 12) {
    wait = { text: truncate(sanitize(p.waiting), room - SEP.length), color: theme.warn };
    room -= SEP.length + displayWidth(wait.text);
  }
  const hostWidth = displayWidth(host.text) + SEP.length;
  const wantForMessage = message ? Math.min(displayWidth(message) + 2, 14) : 0;
  const withHost = room - hostWidth >= wantForMessage;
  if (withHost) room -= hostWidth;
  const msg: Seg | undefined =
    message && room >= 6
      ? { text: truncate(`: ${message}`, room), color: stale ? theme.warn : theme.error }
      : undefined;
  const healthPart: Seg[] = !stale && msg ? [health, msg] : [health];
  const agePart: Seg[] = stale && msg ? [age, msg] : [age];
  const parts = wait ? [healthPart, [wait], agePart] : [healthPart, agePart];
  return join(withHost ? [[host], ...parts] : parts);
}

function SegText({ s }: { s: Seg }) {
  if (!s.color && !s.bold && !s.inverse) return s.text;
  return (
    <Text color={s.color} bold={s.bold} inverse={s.inverse}>
      {s.text}
    </Text>
  );
}

export function Line({ segs }: { segs: readonly Seg[] }) {
  return (
    <Text wrap="truncate-end">
      {segs.map((s, i) => (
        <SegText key={i} s={s} />
      ))}
    </Text>
  );
}

/** "★ IN STOCK: n3-H100x8 is in stock in NORWAY-1", inverted every other second (the words carry it without colour). */
export function alertLine(p: HeaderProps, theme: Theme): Seg[] {
  const on = Math.floor(p.now / 1000) % 2 === 0;
  return fitSegs(
    [{ text: `★ IN STOCK: ${sanitize(p.alert ?? '')}`, color: theme.ok, bold: true, inverse: on }],
    p.width,
  );
}

export function Header(props: HeaderProps) {
  const theme = props.theme ?? PLAIN_THEME;
  return (
    <Box flexDirection="column" width={props.width} height={2}>
      <Line segs={identityLine(props, theme)} />
      <Line segs={props.alert ? alertLine(props, theme) : freshnessLine(props, theme)} />
    </Box>
  );
}
