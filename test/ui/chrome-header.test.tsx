import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Health } from '../../src/store/state/transport-health.js';
import { Header, type HeaderProps, hostOf, isStale } from '../../src/ui/Header.js';
import { createTheme } from '../../src/ui/theme.js';
import { withColour } from '../support/colour.js';
import { HEADER as base, NOW, OK_HEALTH as okHealth } from '../support/header-props.js';

// Colours on, so colour codes would show in the frames.
withColour();

const FG_COLOUR = /\x1b\[(3[0-7]|9[0-7]|38;)/;

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
/** The frame as drawn, escape codes included. */
function raw(over: Partial<HeaderProps> = {}, color = false) {
  unmount?.();
  const r = render(<Header {...base} theme={createTheme({ color })} {...over} />);
  unmount = r.unmount;
  return r.lastFrame() ?? '';
}
/** The frame's text (bold and inverse stripped). */
const frame = (over: Partial<HeaderProps> = {}, color = false) => plain(raw(over, color));

describe('Header', () => {
  it('shows profile, host, region, API health and data age', () => {
    const f = frame();
    expect(f).toContain('prod');
    expect(f).toContain('infrahub-api.nexgencloud.com');
    expect(f).toContain('all regions');
    expect(f).toContain('API ok 120ms');
    expect(f).toContain('updated 3s ago');
    expect(f).not.toContain('STALE');
    expect(f).not.toContain('READ-ONLY');
  });

  it('says how often a big list is loaded whole, only when less often than the refresh', () => {
    expect(frame({ listEveryMs: 4 * 60_000 })).toContain('updated 3s ago, list every 4m');
    expect(frame({ listEveryMs: 5000 })).not.toContain('list every');
    expect(frame()).not.toContain('list every');
  });

  it('shows the chosen region and the READ-ONLY badge', () => {
    const f = frame({ region: 'CANADA-1', readOnly: true });
    expect(f).toContain('CANADA-1');
    expect(f).toContain('READ-ONLY');
  });

  it('marks the current screen tab with brackets (and inverse when drawn)', () => {
    const f = frame({ screen: 'clusters' });
    expect(f).toContain('1 stock 2 vms [3 clusters] 4 firewalls 5 billing');
    const colored = raw({ screen: 'clusters' });
    expect(colored).toMatch(/\x1b\[7m[^\n]*\[3 clusters\]/);
  });

  it('shows API errors with the message', () => {
    const health: Health = {
      ...okHealth,
      lastError: 'HTTP 503 service unavailable',
      lastErrorAt: NOW - 1000,
    };
    const f = frame({ health });
    expect(f).toContain('✖ API error: HTTP 503 service unavailable');
  });

  it('is not stale after one missed refresh, STALE with the last error after two', () => {
    const health: Health = { ...okHealth, lastError: 'timeout after 10s', lastErrorAt: NOW - 1000 };
    const one = frame({ health, failures: 1, updatedAt: NOW - 8000 });
    expect(one).not.toContain('STALE');
    expect(one).toContain('updated 8s ago');
    const two = frame({ health, failures: 2, updatedAt: NOW - 23_000 });
    expect(two).toContain('⚠ STALE 23s: timeout after 10s');
    expect(two).not.toContain('updated');
  });

  it('is STALE when the data is older than two refresh intervals, even without failures counted', () => {
    expect(isStale({ updatedAt: NOW - 11_000, now: NOW, refreshMs: 5000, failures: 0 })).toBe(true);
    expect(isStale({ updatedAt: NOW - 9_000, now: NOW, refreshMs: 5000, failures: 0 })).toBe(false);
    expect(frame({ updatedAt: NOW - 11_000 })).toContain('STALE 11s');
  });

  it('prefers the resource error over the health error when stale', () => {
    const f = frame({ failures: 3, error: 'schema: vms[0].id expected number' });
    expect(f).toContain('STALE 3s: schema: vms[0].id expected number');
  });

  it('says loading before the first answer and NO DATA when that keeps failing', () => {
    expect(frame({ updatedAt: undefined })).toContain('loading…');
    expect(frame({ updatedAt: undefined, failures: 2, error: 'connection refused' })).toContain(
      '⚠ NO DATA: connection refused',
    );
  });

  it('writes no colour codes when colour is off, and some when on', () => {
    const health: Health = { ...okHealth, lastError: 'boom', lastErrorAt: NOW };
    const off = raw({ health, failures: 2, readOnly: true });
    expect(off).not.toMatch(FG_COLOUR);
    const on = raw({ health, failures: 2, readOnly: true }, true);
    expect(on).toMatch(FG_COLOUR);
    expect(plain(on)).toBe(plain(off));
  });

  it('draws the profile in the accent colour', () => {
    const r = render(<Header {...base} theme={createTheme({ color: true, accent: 'magenta' })} />);
    unmount = r.unmount;
    expect(r.lastFrame()).toMatch(/\x1b\[35m[^\n]*prod/);
  });

  it('changes only the age line between two renders a second apart', () => {
    const a = frame({ now: NOW }).split('\n');
    const b = frame({ now: NOW + 1000 }).split('\n');
    expect(a).toHaveLength(2);
    expect(b[0]).toBe(a[0]);
    expect(b[1]).not.toBe(a[1]);
    expect(b[1]).toContain('updated 4s ago');
  });

  it('sanitizes service strings (error messages) before drawing', () => {
    const health: Health = { ...okHealth, lastError: 'bad\x1b[2Jthing', lastErrorAt: NOW };
    const f = frame({ health });
    expect(f).not.toContain('\x1b[2J');
    expect(f).toContain('bad␛[2Jthing');
  });

  it('fits 80 columns: drops tab names and the host before the essentials', () => {
    const health: Health = {
      ...okHealth,
      lastError: 'a very long error message '.repeat(5),
      lastErrorAt: NOW,
    };
    const f = frame({
      width: 80,
      readOnly: true,
      region: 'NORWAY-1',
      profile: 'production-eu',
      health,
      failures: 2,
    });
    for (const line of f.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(f).toContain('production-eu');
    expect(f).toContain('NORWAY-1');
    expect(f).toContain('READ-ONLY');
    expect(f).toContain('[2 vms]');
    expect(f).toContain('STALE');
    expect(f).toContain('API error');
  });

  it('keeps lines within very narrow widths', () => {
    const f = frame({ width: 40, readOnly: true, profile: 'a-rather-long-profile-name' });
    for (const line of f.split('\n')) expect([...line].length).toBeLessThanOrEqual(40);
    expect(f).toContain('READ-ONLY');
    expect(f).toContain('[2 vms]');
  });
});

describe('hostOf', () => {
  it('shows the host (with port) of the base URL, or the text when it is not a URL', () => {
    expect(hostOf('http://127.0.0.1:8080/v1')).toBe('127.0.0.1:8080');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
