// Light terminals: --theme / the config's "theme" / a $COLORFGBG guess pick the palette, and the light palette has
// only colours readable on white.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import styles from 'ansi-styles';
import { describe, expect, it } from 'vitest';
import { type AppFlags, parseArgs, type ScreenChoice } from '../../src/config/args.js';
import { chooseBackground, guessFromColorFgBg } from '../../src/config/background.js';
import { loadConfig } from '../../src/config/config.js';
import { configPath } from '../../src/config/profiles.js';
import { createTheme, type StatusKind, type Theme } from '../../src/ui/theme.js';

const screens: ScreenChoice = { names: ['vms'], find: (n) => (n === 'vms' ? n : undefined) };
const flags = (f: Partial<AppFlags> = {}): AppFlags => ({
  demo: false,
  readOnly: false,
  noColor: false,
  ...f,
});

function withConfig(content: unknown): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'hs-theme-'));
  const env = { XDG_CONFIG_HOME: dir } as NodeJS.ProcessEnv;
  mkdirSync(join(dir, 'hyperstack-tui'), { recursive: true });
  writeFileSync(configPath(env), JSON.stringify(content));
  chmodSync(configPath(env), 0o600);
  return env;
}

/** WCAG relative luminance and contrast ratio of "#rrggbb" against another colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** What a 256-colour terminal (xterm's palette) shows for "#rrggbb" once chalk has turned it into a palette index. */
function as256(hex: string): string {
  const n = styles.rgbToAnsi256(...styles.hexToRgb(hex));
  const level = [0, 95, 135, 175, 215, 255];
  const rgb =
    n >= 232
      ? [8 + (n - 232) * 10, 8 + (n - 232) * 10, 8 + (n - 232) * 10]
      : [level[Math.floor((n - 16) / 36)], level[Math.floor((n - 16) / 6) % 6], level[(n - 16) % 6]];
  return `#${rgb.map((v) => (v as number).toString(16).padStart(2, '0')).join('')}`;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** Every colour a theme can put on screen. */
function coloursOf(t: Theme): string[] {
  const kinds: StatusKind[] = ['ok', 'busy', 'off', 'sleep', 'error', 'unknown'];
  const statuses = ['ACTIVE', 'CREATING', 'SHUTOFF', 'HIBERNATED', 'ERROR', 'WHATEVER'];
  const out = [t.accent, t.ok, t.warn, t.error, t.info, t.dim, t.selection];
  for (const s of statuses) out.push(t.statusStyle(s).color);
  for (const tone of ['ok', 'warn', 'error', 'pending', 'info'] as const) out.push(t.toneStyle(tone).color);
  expect(statuses.map((s) => t.statusStyle(s).kind)).toEqual(kinds);
  return out.filter((c): c is string => c !== undefined);
}

describe('choosing the background', () => {
  it('--theme takes light, dark or auto and nothing else', async () => {
    expect(parseArgs(['--theme', 'light'], screens)).toMatchObject({ flags: { theme: 'light' } });
    expect(parseArgs(['--theme=dark'], screens)).toMatchObject({ flags: { theme: 'dark' } });
    expect(parseArgs(['--theme', 'auto'], screens)).toMatchObject({ flags: { theme: 'auto' } });
    expect(parseArgs(['--theme', 'pink'], screens)).toEqual({
      command: 'error',
      message: '--theme must be one of light, dark, auto, got "pink"',
    });
    expect(parseArgs(['--theme'], screens)).toMatchObject({ command: 'error' });
  });

  it('$COLORFGBG: background 7 or 9–15 is light, 0–6 and 8 dark, anything else no guess', async () => {
    expect(guessFromColorFgBg('0;15')).toBe('light');
    expect(guessFromColorFgBg('0;default;15')).toBe('light');
    expect(guessFromColorFgBg('0;7')).toBe('light');
    expect(guessFromColorFgBg('15;0')).toBe('dark');
    expect(guessFromColorFgBg('7;8')).toBe('dark');
    for (const v of [undefined, '', '15;default', '0;231', 'x'])
      expect(guessFromColorFgBg(v), String(v)).toBeUndefined();
  });

  it('--theme beats the config file, which beats the guess; auto asks for the guess; dark otherwise', async () => {
    const light = { COLORFGBG: '0;15' };
    expect(chooseBackground(undefined, undefined, {})).toBe('dark');
    expect(chooseBackground(undefined, undefined, light)).toBe('light');
    expect(chooseBackground(undefined, 'dark', light)).toBe('dark');
    expect(chooseBackground('light', 'dark', {})).toBe('light');
    expect(chooseBackground('auto', 'dark', light)).toBe('light');
    expect(chooseBackground(undefined, 'auto', light)).toBe('light');
  });

  it('loadConfig reads "theme" from the config file and refuses a bad one', async () => {
    expect((await loadConfig(flags(), { HOME: '/x', COLORFGBG: '0;15' })).background).toBe('light');
    expect((await loadConfig(flags(), withConfig({ theme: 'light' }))).background).toBe('light');
    expect((await loadConfig(flags({ theme: 'dark' }), withConfig({ theme: 'light' }))).background).toBe(
      'dark',
    );
    await expect(loadConfig(flags(), withConfig({ theme: 'blue' }))).rejects.toThrow(/theme/);
  });
});

describe('the light palette', () => {
  it('has only exact colours with at least 4.5:1 contrast on white (no yellow, white or bright cyan)', async () => {
    const colours = coloursOf(createTheme({ color: true, background: 'light' }));
    expect(colours.length).toBeGreaterThan(10);
    for (const c of colours) {
      expect(c, c).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(c, '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
      expect(contrast(as256(c), '#ffffff'), `${c} as ${as256(c)}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the dark theme keeps the terminal named colours; a profile accent is kept on either', async () => {
    const dark = createTheme({ color: true });
    expect([dark.ok, dark.warn, dark.selection, dark.accent]).toEqual(['green', 'yellow', 'cyan', 'cyan']);
    expect(createTheme({ color: true, background: 'light', accent: 'magenta' }).accent).toBe('magenta');
    expect(createTheme({ color: true, background: 'light', accent: 'nonsense' }).accent).toBe('#0033cc');
  });

  it('NO_COLOR wins over the light theme: no colour at all', async () => {
    expect(coloursOf(createTheme({ color: false, background: 'light' }))).toEqual([]);
  });
});
