// Which background the colours are chosen for: --theme > the config file's "theme" > a guess from $COLORFGBG > dark.

export const THEME_SETTINGS = ['light', 'dark', 'auto'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

/**
 * "15;0" (rxvt, Konsole, some others: foreground;background, sometimes fg;default;bg) → the background's ANSI
 * number. Like vim: 0–6 and 8 are dark backgrounds, 7 and 9–15 light. Anything else says nothing.
 */
export function guessFromColorFgBg(value: string | undefined): 'light' | 'dark' | undefined {
  const last = value?.trim().split(';').at(-1);
  if (!last || !/^\d{1,2}$/.test(last)) return undefined;
  const bg = Number(last);
  if (bg > 15) return undefined;
  return bg <= 6 || bg === 8 ? 'dark' : 'light';
}

export function chooseBackground(
  flag: ThemeSetting | undefined,
  file: ThemeSetting | undefined,
  env: NodeJS.ProcessEnv,
): 'light' | 'dark' {
  // --theme auto overrides a config file's light or dark: it asks for the guess.
  const chosen = flag ?? file;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return guessFromColorFgBg(env.COLORFGBG) ?? 'dark';
}
