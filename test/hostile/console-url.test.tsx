/**
 * A hostile console URL: the service answers `v` with an address that carries a command after a line break (which
 * `new URL` drops, so it once passed the check and reached tmux's buffer raw), or a clear-text `http:` one. The
 * detail says no usable address, `V` is not offered and nothing reaches the clipboard. A good one is copied as its
 * parsed form writes it. One app for every case: the proxy's answer changes between them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { footerLine } from '../support/frame-text.js';
import { startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness;
let answer = '';
beforeAll(async () => {
  app = await renderApp({
    through: (sim) =>
      startOverrideProxy(sim, (method, path) =>
        method === 'GET' && /^\/core\/virtual-machines\/\d+\/console\/\d+$/.test(path)
          ? { status: 200, body: { status: true, message: 'ok', vnc_url: { id: 1, vnc_url: answer } } }
          : undefined,
      ),
  });
  await app.waitFor('ACTIVE');
  await app.press(KEY.enter);
  await app.waitFor('esc back');
}, 60_000);
afterAll(() => app.cleanup());

/** Asks for a console (`v`) answered with `url`, and waits until the request's outcome is said. */
async function askConsole(url: string): Promise<string> {
  answer = url;
  const before = app.store.getState().status;
  await app.press('v');
  await app.waitFor(() => {
    const s = app.store.getState().status;
    return s !== before && s?.tone !== 'pending';
  });
  return app.frame();
}

it.each([
  ['a command after a line break', 'https://console.example.com/vnc?token=abc\ntouch pwned\n'],
  ['a tab and a carriage return', 'https://console.example.com/vnc?token=a\tb\rc'],
  ['clear text', 'http://console.example.com/vnc?token=abc'],
  ['a user and password', 'https://me:secret@console.example.com/vnc'],
  ['an escape sequence', 'https://console.example.com/\x1b]52;c;ZXZpbA==\x07'],
  ['not an address', 'javascript:alert(1)'],
])('a console URL with %s is refused: not shown, not copyable', async (_, url) => {
  const f = await askConsole(url);
  expect(f.replace(/\n/g, ' ')).toContain('no usable https address');
  expect(f).not.toContain('console.example.com');
  expect(footerLine(f)).not.toContain('V ');
  await app.press('V');
  expect(app.copied).toEqual([]);
});

it('a good console URL is shown and copied as its parsed form writes it', async () => {
  await askConsole('https://CONSOLE.example.com:443/vnc/../vnc?token=a%20b');
  await app.waitFor('V copies it');
  await app.press('V');
  await app.waitFor((f) => f.includes('copied to'));
  const wanted = 'https://console.example.com/vnc?token=a%20b';
  expect(app.copied).toEqual([`\x1b]52;c;${Buffer.from(wanted).toString('base64')}\x07`]);
});
