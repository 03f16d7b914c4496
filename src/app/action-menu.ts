/**
 * The action menu (`.`, lazydocker's idea): every key of the screen for the selected row in one list, with its
 * key, whether it changes things, and why one does nothing now or here. Choosing one runs it through the same
 * dispatcher as its key (read-only, a refusal and a reason are said the same way).
 */
import { sanitize } from '../domain/sanitize.js';
import { padTo } from '../domain/text.js';
import type { Modal } from '../store/state/ui-state.js';
import { type Binding, visible } from '../ui/bindings.js';
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
