/**
 * A service that echoes the API key: every other request is refused with the key in its error (the message, field
 * errors, a 502 page's title), and every string of the other answers ends with it. Every screen of the registry is
 * shown, refreshed, its first row's detail, raw JSON and the help opened: no frame holds the key, nor 8 of its
 * characters in a row (a key cut short by a column). The errors themselves are shown, with `***` for the key.
 */
import { afterEach, expect, it } from 'vitest';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { statusLine } from '../support/frame-text.js';
import { startHostileProxy } from '../support/hostile.js';
import { type AppHarness, cleanupApps, KEY, renderApp, settle } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(cleanupApps);

/** Every run of 8 characters of the key: none may be drawn. */
const runsOf = (key: string) => Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8));

it('the API key echoed by the service is never drawn, on any screen, in any error, detail or raw view', async () => {
  app = await renderApp({ through: (url) => startHostileProxy(url, 'echo-key') });
  const key = app.sim.keys.admin;
  let steps = 0;
  for (const screen of SCREEN_REGISTRY) {
    await app.press(':', ...screen.name, KEY.enter);
    await app.waitFor(screen.title);
    await app.press('r');
    await app.waitFor((f) => /refresh(ed| failed)/.test(statusLine(f)));
    // the first row's detail and its raw JSON, when the list has rows
    await app.press(KEY.enter, 'y');
    await settle(app);
    await app.press(KEY.esc, KEY.esc, '?');
    await app.waitFor('Global');
    await app.press(KEY.esc);
    steps += 4;
  }
  const all = app.frames().join('\n');
  // the service's words were drawn, the key in them masked
  expect(all).toMatch(/Invalid api_key \*\*\*|may not do this \(api_key=\*\*\*\)/);
  expect(all).toContain(' ***');
  const shown = runsOf(key).filter((run) => all.includes(run));
  expect(shown).toEqual([]);
  console.log(
    `hostile echo-key: ${SCREEN_REGISTRY.length} screens, ${steps} steps, ${app.frames().length} frames scanned`,
  );
}, 120_000);
