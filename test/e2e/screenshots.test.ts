/**
 * `npm run screenshots` end to end on one screen: the BUILT bundle in a real pseudo-terminal with the frozen clock,
 * read off the headless xterm and drawn as SVG. The picture holds the screen's text and the theme's colours, and
 * the same build gives the same file twice. Run `npm run build` first (npm test does).
 */
import { describe, expect, it } from 'vitest';
import { DARK_TERMINAL } from '../../scripts/screenshots/render-svg.js';
import { SHOTS, shoot } from '../../scripts/screenshots/shots.js';
import { LIGHT } from '../../src/ui/theme.js';

const shot = (name: string) => {
  const s = SHOTS.find((x) => x.name === name);
  if (!s) throw new Error(`no shot ${name}`);
  return s;
};
/** The text of every <text> element, unescaped. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] ?? '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
  );
const fills = (svg: string) => new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]));

// A port of its own, so it never meets a `npm run screenshots` running at the same time.
const PORT = 8797;

describe('screenshots', () => {
  it('the 80×24 VMs picture: the screen as text, whole IPs, the terminal colours of the dark theme', async () => {
    const svg = await shoot(shot('vms-80x24'), PORT);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="696" height="456"')).toBe(true);
    const all = texts(svg).join('\n');
    for (const t of [
      '[2 vms]',
      'Virtual machines',
      'NAME',
      'FIXED IP',
      'FLOATING IP',
      '10.101.0.4',
      '185.216.20.3',
    ])
      expect(all).toContain(t);
    expect(all).toContain(`127.0.0.1:${PORT}`);
    // ACTIVE in the theme's green, ERROR in its red, as the dark terminal palette draws them.
    expect(svg).toMatch(new RegExp(`fill="${DARK_TERMINAL.ansi[2]}"[^>]*>● ACTIVE`));
    expect(svg).toMatch(new RegExp(`fill="${DARK_TERMINAL.ansi[1]}"[^>]*>✖ ERROR`));
    expect(svg).toContain(`fill="${DARK_TERMINAL.background}"`);
  }, 90_000);

  it('--theme light: the light palette reaches the terminal, and two runs give the same file', async () => {
    const light = shot('vms-light');
    const first = await shoot(light, PORT);
    const used = fills(first);
    for (const c of [LIGHT.ok, LIGHT.error, LIGHT.warn, LIGHT.accent]) expect(used, c).toContain(c);
    // No yellow, white or bright cyan text on the white page (inverse bars draw white text on dark: allowed).
    for (const low of ['#e5e510', '#f5f543', '#29b8db', '#11a8cd', '#e5e5e5'])
      expect(used, low).not.toContain(low);
    expect(texts(first).join('\n')).toContain('research-norway/NORWAY-1');
    expect(await shoot(light, PORT)).toBe(first);
  }, 120_000);
});
