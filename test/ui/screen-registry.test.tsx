/**
 * The screen registry is the one list of screens: every entry opens by `--screen name` (and its aliases), by `:name`
 * in the palette, shows in the help, and has its line in the README. A screen added to the registry and missed
 * anywhere fails here.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { findScreen, SCREEN_REGISTRY, type ScreenDef } from '../../screens/registry.js';
import { parseArgs, type ScreenChoice } from '../../src/config/args.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

const CHOICE: ScreenChoice = { names: SCREEN_REGISTRY.map((s) => s.name), find: (n) => findScreen(n)?.name };

/** The screen `--screen NAME` starts on. */
function screenFlag(name: string): string | undefined {
  const parsed = parseArgs(['--screen', name], CHOICE);
  return parsed.command === 'app' ? parsed.flags.screen : undefined;
}

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The README's list of screens, as the registry says it should read. */
function readmeScreens(defs: readonly ScreenDef[]): string {
  const rows = defs.map(
    (s) =>
      `| ${s.key ?? ''} | \`:${s.name}\` | ${s.aliases.map((a) => `\`${a}\``).join(', ')} | ${s.title} |`,
  );
  return ['| key | open with | also | screen |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** What the screen shows first: its title (a screen of panes shows its first pane's). */
const shows = (app: AppHarness, s: ScreenDef) =>
  app.waitFor((f) => app!.store.getState().screen === s.name && f.includes(s.title.split(' (')[0]!));

describe('the screen registry', () => {
  for (const s of SCREEN_REGISTRY as readonly ScreenDef[]) {
    it(`${s.name}: opens by --screen ${s.name} and its aliases, by :${s.name}, and shows in the help`, async () => {
      for (const name of [s.name, ...s.aliases, s.name.toUpperCase()])
        expect(screenFlag(name), name).toBe(s.name);

      const started = findScreen(screenFlag(s.name) ?? '');
      expect(started?.name).toBe(s.name);
      app = await renderApp({ screen: started?.name, height: 80 });
      await shows(app, s);
      if (s.key) await app.waitFor(`[${s.key} ${s.name}]`);

      // From another screen, through the palette.
      const other = SCREEN_REGISTRY.find((o) => o.name !== s.name)!;
      await app.press(':', ...other.name.split(''), KEY.enter);
      await app.waitFor(() => app!.store.getState().screen === other.name);
      await app.press(':', ...s.name.split(''), KEY.enter);
      await shows(app, s);

      await app.press('?');
      const help = await app.waitFor('Esc or ? closes');
      // in the help's first column or, on a long help, its next one
      expect(help).toMatch(new RegExp(`[│ ] +${s.key ?? `:${s.name}`} +${s.title.replace(/[()]/g, '\\$&')}`));
    });
  }

  it("README's list of screens is the registry's", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const want = readmeScreens(SCREEN_REGISTRY);
    expect(readme.includes(want), `README.md must contain, under "## Screens":\n${want}\n`).toBe(true);
  });
});
