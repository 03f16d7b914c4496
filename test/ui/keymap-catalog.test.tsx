/**
 * The keys config's catalog cannot drift from what the screens bind: every key the help lists for a screen (with
 * a row selected, and with its detail open) is an action the catalog knows for that screen, so the config can
 * name it and the start-up check knows its keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { actionCatalog } from '../../src/app/keymap-config.js';
import { DETAIL_KEYS } from '../../src/ui/screen/ResourceScreen.js';
import { selectedRow } from '../support/frame-text.js';
import { type AppHarness, cleanupApps, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** The labels of the help's first section (the screen's own keys): "│   S           stop*  │". */
function screenLabels(frame: string, title: string): string[] {
  const lines = frame.split('\n');
  const start = lines.findIndex((l) => l.includes('│ Keys'));
  const out: string[] = [];
  // a screen with no keys of its own has no section: the first one is then the table's
  if (!lines[start + 1]?.startsWith(`│ ${title} `)) return out;
  for (const line of lines.slice(start + 2)) {
    // the next lines of a long one (its reason wrapped) are under its label
    if (/^│ {5,}\S/.test(line)) continue;
    const m = /^│ {3}\S+(?: \S+)? {2,}(.+?)\*?(?: — .*)? *│$/.exec(line);
    if (!m) break;
    out.push(m[1] as string);
  }
  return out;
}

describe('the keys catalog covers every binding of every screen', () => {
  it.each(SCREEN_REGISTRY.map((s) => [s.name, s.title, s.first.length > 0] as const))(
    '%s',
    { timeout: 60_000 },
    async (name, title, hasRows) => {
      const catalog = await actionCatalog();
      const known = new Set(catalog.filter((a) => a.scope === name).map((a) => a.label));
      app = await renderApp({ screen: name as never, width: 140, height: 90 });
      if (hasRows) await app.waitFor((f) => selectedRow(f) !== '');
      const seen = new Set<string>();
      for (const open of [false, true]) {
        if (open) await app.press(KEY.enter);
        await app.press('?');
        const labels = screenLabels(await app.waitFor('│ Keys'), title);
        expect(labels.length > 0).toBe(known.size > 0);
        for (const l of labels) seen.add(l);
        await app.press(KEY.esc);
        await app.waitFor((f) => !f.includes('│ Keys'));
      }
      // the detail pane's scrolling is the pane's own (j/k like the table), documented but not remappable
      expect([...seen].filter((l) => !known.has(l) && l !== DETAIL_KEYS.scroll.label)).toEqual([]);
    },
  );
});
