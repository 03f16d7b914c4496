/**
 * Key bindings are data: the same list drives dispatch, the footer and the help overlay, so the help can never
 * drift from the behaviour. A binding carries what its key does (`run`): nothing is looked up by name, so a command
 * that does not exist cannot be bound. Layers get a key in order modal > overlay > screen > global; the one
 * dispatcher (src/app/App.tsx) refuses a mutation in read-only mode before `run` is reached.
 */

export interface Binding {
  /** Key names as keyName() gives them; the first one is shown in the footer and the help. */
  keys: readonly string[];
  /** Short label for the footer and the help: "stop", "delete". */
  label: string;
  /** Its name in the keys config when the label changes with the state ("show active"/"show deleted"). */
  action?: string;
  /** Changes something in the cloud: hidden, and refused by the dispatcher, in read-only mode. */
  mutation?: boolean;
  /** Shown in the help but not in the footer (to keep the footer short). */
  helpOnly?: boolean;
  /**
   * Why the key does nothing now (the service would refuse it: a snapshot in progress, a locked VM): the footer and
   * the help show it dim with this reason, and the dispatcher says the reason instead of running it.
   */
  disabled?: string;
  /**
   * Why this key does nothing for the selected row (an ERROR VM cannot be stopped; a key of the open detail
   * only): left out of the footer, listed in the help with this reason, and said when the key is pressed.
   */
  unavailable?: string;
  /** What the key does. Absent: the key is documented here but handled by a component itself (table keys). */
  run?: () => void;
}

/** The table's own keys (it handles them; listed for the help). */
export const TABLE_BINDINGS: readonly Binding[] = [
  { keys: ['j', 'down'], label: 'down', helpOnly: true },
  { keys: ['k', 'up'], label: 'up', helpOnly: true },
  { keys: ['pgdn', 'ctrl+f'], label: 'page down', helpOnly: true },
  { keys: ['pgup', 'ctrl+b'], label: 'page up', helpOnly: true },
  { keys: ['g', 'home'], label: 'first', helpOnly: true },
  { keys: ['G', 'end'], label: 'last', helpOnly: true },
  { keys: ['/'], label: 'filter' },
  { keys: ['o'], label: 'order by next column', helpOnly: true },
  { keys: ['O'], label: 'reverse order', helpOnly: true },
  { keys: ['>'], label: 'sort by the column right', helpOnly: true },
  { keys: ['<'], label: 'sort by the column left', helpOnly: true },
  { keys: ['esc'], label: 'clear filter', helpOnly: true },
  { keys: ['W'], label: 'wide view: every column whole', action: 'wide-view' },
  {
    keys: ['left', 'right'],
    label: 'scroll the wide view sideways',
    action: 'scroll-sideways',
    helpOnly: true,
  },
];

/** The binding for a key in one layer (mutations included: the dispatcher refuses them in read-only mode). */
export function lookup(bindings: readonly Binding[], key: string): Binding | undefined {
  return bindings.find((b) => b.keys.includes(key));
}

/** The bindings to show: read-only mode hides every mutation. */
export function visible(bindings: readonly Binding[], readOnly: boolean): Binding[] {
  return bindings.filter((b) => !(readOnly && b.mutation));
}

/** What changes when the bindings change (the footer and help redraw only then). */
export function bindingsSignature(bindings: readonly Binding[]): string {
  return bindings
    .map(
      (b) =>
        `${b.keys.join(',')}:${b.label}:${b.mutation ? 1 : 0}:${b.helpOnly ? 1 : 0}:${b.disabled ?? ''}:${b.unavailable ?? ''}`,
    )
    .join('|');
}

/** The status line's words for a disabled key pressed: what was asked and why it is not possible now. */
export function disabledText(b: Binding): string {
  return `${b.label}: not possible now: ${b.disabled}`;
}

/** The status line's words for a key with nothing to do for this row: "x stop: an ERROR VM cannot be stopped". */
export function unavailableText(b: Binding, key: string): string {
  return `${key} ${b.label}: ${b.unavailable}`;
}

/** The status line's words for a key no layer binds here. */
export function unboundText(key: string): string {
  return `${key}: no action here (? lists the keys of this screen)`;
}
