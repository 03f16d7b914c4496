/**
 * The dialogs' code loads after the first frame (src/app/dialogs.ts): keys typed into a dialog opened before it has
 * loaded wait for it and go in, in order; none is lost or sent elsewhere.
 */
import { describe, expect, it, vi } from 'vitest';

describe('a dialog opened before its code has loaded', () => {
  it('keeps the keys typed meanwhile and types them in, in order', async () => {
    // fresh modules: this worker's other files may have loaded the dialogs' code already
    vi.resetModules();
    const { Text } = await import('ink');
    const { render } = await import('ink-testing-library');
    const { useModalLayer } = await import('../../src/app/ModalLayer.js');
    const { loadDialogKit, loadedDialogKit } = await import('../../src/app/dialogs.js');
    const { createAppStore, ui } = await import('../../src/store/state/app-store.js');
    const { createTheme } = await import('../../src/ui/theme.js');
    const store = createAppStore({ screen: 'vms', readOnly: false });
    const theme = createTheme({ color: false });
    let layer: ReturnType<typeof useModalLayer> | undefined;
    const Host = () => {
      layer = useModalLayer(store, theme);
      return <>{layer.view(60, 12) ?? <Text>(no dialog yet)</Text>}</>;
    };
    const submitted: string[] = [];
    const { unmount } = render(<Host />);
    ui.openModal(store, {
      kind: 'prompt',
      title: 'Rename',
      message: 'New name',
      initial: '',
      onSubmit: (v) => submitted.push(v),
    });
    expect(loadedDialogKit()).toBeUndefined();
    for (const ch of 'gpu-7') expect(layer?.handleKey(ch, ch, {} as never)).toBe(true);
    expect(layer?.handleKey('enter', '\r', { return: true } as never)).toBe(true);
    expect(submitted).toEqual([]);
    await loadDialogKit();
    await vi.waitFor(() => expect(submitted).toEqual(['gpu-7']));
    unmount();
  });
});
