import { Box, type Key } from 'ink';
import { type ComponentProps, useCallback, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { type AppStore, ui } from '../store/state/app-store.js';
import type { Modal } from '../store/state/ui-state.js';
import type { SetFormState } from '../ui/form/controller.js';
import type { FormState } from '../ui/form/form-state.js';
import type { ModalLocalState, ModalView } from '../ui/ModalView.js';
import { useNow } from '../ui/screen/hooks.js';
import type { Theme } from '../ui/theme.js';
import { type DialogKit, loadDialogKit, loadedDialogKit } from './dialogs.js';

/** The open dialog and what the user has done in it so far (typed text, highlight, form values). */
type Entry =
  | { modal: Exclude<Modal, { kind: 'form' }>; local: ModalLocalState }
  | { modal: Extract<Modal, { kind: 'form' }>; form: FormState };

function initEntry(kit: DialogKit, modal: Modal): Entry {
  return modal.kind === 'form'
    ? { modal, form: kit.initFormState(modal.spec) }
    : { modal, local: kit.initModalState(modal) };
}

export interface ModalLayer {
  /** The dialog on top, if any (its keys go nowhere else). */
  open: boolean;
  /** Routes one key to the open dialog; false when none is open. */
  handleKey(name: string, input: string, key: Key): boolean;
  /** The open dialog's focus is a text input: a run of characters may be typed into it as one key. */
  takesText(): boolean;
  /** The open dialog takes a paste (a text field has the focus); a y/n question, a menu or a toggle do not. */
  takesPaste(): boolean;
  view(width: number, height: number): React.ReactNode;
}

/**
 * The modal layer of the key dispatcher: simple dialogs (confirm, type-to-confirm, prompt, choose) and forms.
 * State lives in a ref updated at once, so keys arriving before React re-renders see what the previous key did;
 * a form's submission runs once, and its outcome (close, or the service's error) lands in the same entry.
 */
export function useModalLayer(store: AppStore, theme: Theme): ModalLayer {
  const modal = useStore(store, (s) => s.modal);
  const ref = useRef<Entry | null>(null);
  const [, rerender] = useState(0);
  const entryFor = useCallback((kit: DialogKit, m: Modal): Entry => {
    if (ref.current?.modal !== m) ref.current = initEntry(kit, m);
    return ref.current;
  }, []);
  // The state is in the ref at once; the redraw waits for the keys dispatched back to back (a paste) to be done.
  const redrawPending = useRef(false);
  const set = useCallback((e: Entry | null) => {
    ref.current = e;
    if (redrawPending.current) return;
    redrawPending.current = true;
    queueMicrotask(() => {
      redrawPending.current = false;
      rerender((n) => n + 1);
    });
  }, []);

  const close = useCallback(
    (m: Modal) => {
      if (store.getState().modal === m) ui.closeModal(store);
      if (ref.current?.modal === m) set(null);
    },
    [store, set],
  );

  // Keys typed into a dialog before its code has loaded (dialogs.ts) wait for it, then go in, in order.
  const waiting = useRef<Array<[string, string, Key]>>([]);
  const handleRef = useRef<(name: string, input: string, key: Key) => boolean>(() => false);
  const handleKey = (name: string, input: string, key: Key): boolean => {
    const m = store.getState().modal;
    if (!m) return false;
    const kit = loadedDialogKit();
    if (!kit || waiting.current.length > 0) {
      waiting.current.push([name, input, key]);
      void loadDialogKit().then(() => {
        for (const [n, i, k] of waiting.current.splice(0)) handleRef.current(n, i, k);
        rerender((x) => x + 1);
      });
      return true;
    }
    const entry = entryFor(kit, m);
    if (entry.modal.kind === 'form' && 'form' in entry) {
      const spec = entry.modal.spec;
      const formModal = entry.modal;
      // The reduced state is in the ref before the next key (even one of the same read): once a submit has set
      // `submitting`, formReduce ignores every key, the form's one guard against sending twice.
      const r = kit.formReduce(spec, entry.form, name, input, key);
      set({ modal: formModal, form: r.state });
      if (r.cancel) close(m);
      else if (r.submit) {
        // Updates after the await go to this form only if it is still the open one.
        const setForm: SetFormState = (update) => {
          const cur = ref.current;
          if (cur?.modal === formModal && 'form' in cur) set({ modal: formModal, form: update(cur.form) });
        };
        void kit.submitForm(spec, r.submit, setForm).then((outcome) => {
          if (outcome === 'done') close(m);
        });
      }
      return true;
    }
    if (!('local' in entry)) return true;
    const simple = entry.modal;
    const r = kit.modalReduce(simple, entry.local, name, input, key);
    if (!r.done) {
      set({ modal: simple, local: r.local });
      return true;
    }
    close(m);
    if (r.done === 'cancel' && simple.kind === 'loading') simple.onCancel();
    if (r.done === 'alternative' && simple.kind === 'confirm') simple.alternative?.onChoose();
    if (r.done === 'confirm') {
      if (simple.kind === 'confirm' || simple.kind === 'type-to-confirm') simple.onConfirm();
      else if (simple.kind === 'prompt') simple.onSubmit(r.value ?? '');
      else if (simple.kind === 'choose' && r.value !== undefined) simple.onChoose(r.value);
    }
    return true;
  };

  handleRef.current = handleKey;

  /** Whether the open dialog's focus takes typed text (or a paste): a prompt, a typed name, a form's text field. */
  const focusTakes = (test: 'focusTakesText' | 'focusTakesPaste') => (): boolean => {
    const m = store.getState().modal;
    if (!m) return false;
    if (m.kind === 'prompt' || m.kind === 'type-to-confirm') return true;
    const kit = loadedDialogKit();
    if (!kit) return false;
    const entry = entryFor(kit, m);
    return 'form' in entry && entry.modal.kind === 'form' && kit[test](entry.modal.spec, entry.form);
  };
  const takesText = focusTakes('focusTakesText');
  const takesPaste = focusTakes('focusTakesPaste');

  const view = (width: number, height: number) => {
    if (!modal) return null;
    const kit = loadedDialogKit();
    if (!kit) {
      void loadDialogKit().then(() => rerender((x) => x + 1));
      return null;
    }
    const { FormView, ModalView } = kit;
    const entry = entryFor(kit, modal);
    // Never taller than the body: a frame taller than the terminal scrolls it and smears the header. Forms start at
    // the top and scroll their fields inside the body's height (the submit row and keys line stay).
    return (
      <Box
        height={height}
        alignItems={'form' in entry ? 'flex-start' : 'center'}
        justifyContent="center"
        overflow="hidden"
      >
        {'form' in entry ? (
          <FormView spec={entry.modal.spec} state={entry.form} width={width} height={height} theme={theme} />
        ) : entry.modal.kind === 'loading' ? (
          <TickingModalView
            View={ModalView}
            modal={entry.modal}
            local={entry.local}
            width={width}
            theme={theme}
          />
        ) : (
          <ModalView modal={entry.modal} local={entry.local} width={width} theme={theme} />
        )}
      </Box>
    );
  };

  return { open: modal !== null, handleKey, takesText, takesPaste, view };
}

/** A dialog that shows a running time (loading …): redrawn every second. */
function TickingModalView({ View, ...props }: ComponentProps<typeof ModalView> & { View: typeof ModalView }) {
  const now = useNow(1000);
  return <View {...props} now={now} />;
}
