import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_REGISTRY } from '../../screens/registry.js';
import { loadScreens, preloadScreens } from '../../src/app/screens.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { AppContext, type AppContextValue, type ScreenProps } from '../../src/ui/screen/context.js';

const PROPS: ScreenProps = { width: 80, height: 10, active: true, title: 'x' };

describe('screens load their code when first needed (src/app/screens.ts)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a start loads the first screen only; the others load when shown, or all when preloaded', async () => {
    const loads = SCREEN_REGISTRY.map((def) => vi.spyOn(def, 'load'));
    const screens = await loadScreens('vms');
    const loaded = () =>
      SCREEN_REGISTRY.filter((_, i) => (loads[i]?.mock.calls.length ?? 0) > 0).map((d) => d.name);
    expect(loaded()).toEqual(['vms']);

    // Shown before it is loaded: a line says so, then the screen itself (its code loaded once).
    let release: () => void = () => {};
    const stock = SCREEN_REGISTRY.find((d) => d.name === 'stock');
    if (!stock) throw new Error('no stock screen');
    vi.spyOn(stock, 'load').mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve(() => <Text>the stock screen</Text>);
        }),
    );
    const Lazy = screens.find((s) => s.def.name === 'stock')?.Component;
    if (!Lazy) throw new Error('no stock entry');
    const ink = render(<Lazy {...PROPS} />);
    expect(ink.lastFrame()).toContain('loading GPU stock…');
    release();
    await vi.waitFor(() => expect(ink.lastFrame()).toContain('the stock screen'));
    ink.unmount();

    await preloadScreens(screens);
    expect(loaded().sort()).toEqual(SCREEN_REGISTRY.map((d) => d.name).sort());
    expect(stock.load).toHaveBeenCalledTimes(1); // shown, then preloaded: loaded once
  });

  it('a screen shown before its code has loaded asks for its data meanwhile, and stops when it goes', async () => {
    const screens = await loadScreens('vms');
    const stock = SCREEN_REGISTRY.find((d) => d.name === 'stock');
    if (!stock) throw new Error('no stock screen');
    let release: () => void = () => {};
    vi.spyOn(stock, 'load').mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve(() => <Text>the stock screen</Text>);
        }),
    );
    const poller = { watchFor: vi.fn(), release: vi.fn() };
    const app = { deps: { poller } as unknown as ActionDeps } as AppContextValue;
    const Lazy = screens.find((s) => s.def.name === 'stock')?.Component;
    if (!Lazy) throw new Error('no stock entry');
    const ink = render(
      <AppContext.Provider value={app}>
        <Lazy {...PROPS} />
      </AppContext.Provider>,
    );
    expect(ink.lastFrame()).toContain('loading GPU stock…');
    // the code has not loaded: its data is on its way already
    await vi.waitFor(() => expect(poller.watchFor).toHaveBeenCalledWith(expect.anything(), stock.first));
    release();
    await vi.waitFor(() => expect(ink.lastFrame()).toContain('the stock screen'));
    // drawn, the screen watches what it needs itself
    await vi.waitFor(() => expect(poller.release).toHaveBeenCalledWith(poller.watchFor.mock.calls[0]?.[0]));
    ink.unmount();
  });

  it('without a first screen (tests, tools) every screen is loaded', async () => {
    const loads = SCREEN_REGISTRY.map((def) => vi.spyOn(def, 'load'));
    await loadScreens();
    expect(loads.every((l) => l.mock.calls.length === 1)).toBe(true);
  });
});
