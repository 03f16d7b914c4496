/**
 * A hostile console URL: the service answers `v` with an address that carries a command after a line break (which
 * `new URL` drops, so it once passed the check and reached tmux's buffer raw), or a clear-text `http:` one. The
 * detail says no usable address, `V` is not offered and nothing reaches the clipboard. A good one is copied as its
 * parsed form writes it.
 */
import { afterEach, expect, it } from 'vitest';
import { type OverrideProxy, startOverrideProxy } from '../support/override-proxy.js';
import { type AppHarness, footerLine, KEY, renderApp } from '../support/render-app.js';

let app: AppHarness | undefined;
afterEach(async () => {
  await app?.cleanup();
  app = undefined;
});

/** The app, with the console's address answered by `url()`. */
async function withConsoleUrl(url: () => string) {
  let proxy: OverrideProxy | undefined;
  app = await renderApp({
    through: async (sim) => {
      proxy = await startOverrideProxy(sim, (method, path) =>
        method === 'GET' && /^\/core\/virtual-machines\/\d+\/console\/\d+$/.test(path)
          ? { status: 200, body: { status: true, message: 'ok', vnc_url: { id: 1, vnc_url: url() } } }
          : undefined,
      );
      return proxy;
    },
  });
  await app.waitFor('ACTIVE');
  await app.press(KEY.enter);
  await app.waitFor('esc back');
  await app.press('v');
  return app;
}

it.each([
  ['a command after a line break', 'https://console.example.com/vnc?token=abc\ntouch pwned\n'],
  ['a tab and a carriage return', 'https://console.example.com/vnc?token=a\tb\rc'],
  ['clear text', 'http://console.example.com/vnc?token=abc'],
  ['a user and password', 'https://me:secret@console.example.com/vnc'],
  ['an escape sequence', 'https://console.example.com/\x1b]52;c;ZXZpbA==\x07'],
  ['not an address', 'javascript:alert(1)'],
])('a console URL with %s is refused: not shown, not copyable', async (_, url) => {
  const a = await withConsoleUrl(() => url);
  const f = await a.waitFor('no console:');
  expect(f.replace(/\n/g, ' ')).toContain('no usable https address');
  expect(f).not.toContain('console.example.com');
  expect(footerLine(f)).not.toContain('V ');
  await a.press('V');
  expect(a.copied).toEqual([]);
});

it('a good console URL is shown and copied as its parsed form writes it', async () => {
  const a = await withConsoleUrl(() => 'https://CONSOLE.example.com:443/vnc/../vnc?token=a%20b');
  await a.waitFor('V copies it');
  await a.press('V');
  await a.waitFor((f) => f.includes('copied to'));
  const wanted = 'https://console.example.com/vnc?token=a%20b';
  expect(a.copied).toEqual([`\x1b]52;c;${Buffer.from(wanted).toString('base64')}\x07`]);
});
