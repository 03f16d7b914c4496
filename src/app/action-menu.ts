/**
 * The action menu (`.`, lazydocker's idea): every key of the screen for the selected row in one list, with its
 * key, whether it changes things, and why one does nothing now or here. Choosing one runs it through the same
 * dispatcher as its key (read-only, a refusal and a reason are said the same way).
 */
import { sanitize } from '../domain/sanitize.js';
import { padTo } from '../domain/text.js';
import { type AppStore, readOnlyRefusal, ui } from '../store/state/app-store.js';
import type { Modal } from '../store/state/ui-state.js';
import { type Binding, disabledText, unavailableText, visible } from '../ui/bindings.js';
import { CHANGE_MARK, keyLabel } from '../ui/Footer.js';

/** The bindings the menu lists: the screen's own (read-only mode hides changes), those that do something. */
export function menuBindings(bindings: readonly Binding[], readOnly: boolean): Binding[] {
  return visible(bindings, readOnly).filter((b) => b.keys.length > 0 && (b.run || b.unavailable));
}

/** "x      stop*", "z      resize* — not now: …", "v      console* — not here: …". */
export function menuLabel(b: Binding): string {
  const why = b.unavailable
    ? ` — not here: ${sanitize(b.unavailable)}`
    : b.disabled
      ? ` — not now: ${sanitize(b.disabled)}`
      : '';
  return `${padTo(keyLabel(b.keys[0] as string), 6)} ${sanitize(b.label)}${b.mutation ? CHANGE_MARK : ''}${why}`;
}

/** The menu as a choose dialog; `run` gets the binding chosen and the name of its key. */
export function actionMenu(
  title: string,
  bindings: readonly Binding[],
  run: (b: Binding, key: string) => void,
): Extract<Modal, { kind: 'choose' }> {
  return {
    kind: 'choose',
    title: `Actions: ${title}`,
    message: `Enter runs the one chosen, as its key does (${CHANGE_MARK} changes things).`,
    options: bindings.map((b, i) => ({ label: menuLabel(b), value: String(i) })),
    onChoose: (value) => {
      const b = bindings[Number(value)];
      if (b) run(b, b.keys[0] as string);
    },
  };
}

/** A binding's key pressed (or it was chosen in the action menu): refused in read-only mode, or why not. */
export function runBinding(store: AppStore, binding: Binding, name: string): void {
  const state = store.getState();
  if (binding.mutation && state.readOnly) ui.say(store, readOnlyRefusal(state, binding.label), 'error');
  else if (binding.unavailable) ui.say(store, unavailableText(binding, keyLabel(name)), 'warn');
  else if (binding.disabled) ui.say(store, disabledText(binding), 'warn');
  else binding.run?.();
}

/** The action menu of the screen's selected row, from its bindings as the user mapped them. */
export function openActionMenu(
  store: AppStore,
  bindings: readonly Binding[],
  screens: readonly { def: { name: string; title: string } }[],
): void {
  const s = store.getState();
  const all = menuBindings(bindings, s.readOnly);
  const title = screens.find((x) => x.def.name === s.screen)?.def.title ?? s.screen;
  if (all.length === 0) ui.say(store, 'no actions here', 'info');
  else
    ui.openModal(
      store,
      actionMenu(title, all, (b, name) => runBinding(store, b, name)),
    );
}
