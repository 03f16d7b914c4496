/**
 * Key bindings are data: the same list drives dispatch, the footer and the help overlay, so the help can never
 * drift from the behaviour. Layers get a key in order modal > overlay > screen > global.
 */

export interface Binding {
  /** Key names as keyName() gives them; the first one is shown in the footer and the help. */
  keys: readonly string[];
  command: string;
  /** Short label for the footer and the help: "stop", "delete". */
  label: string;
  /** Changes something in the cloud: absent (and refused) in read-only mode. */
  mutation?: boolean;
  /** Shown in the help but not in the footer (to keep the footer short). */
  helpOnly?: boolean;
}

export const GLOBAL_BINDINGS: readonly Binding[] = [
  { keys: ['1'], command: 'screen:stock', label: 'stock', helpOnly: true },
  { keys: ['2'], command: 'screen:vms', label: 'VMs', helpOnly: true },
  { keys: ['3'], command: 'screen:clusters', label: 'clusters', helpOnly: true },
  { keys: ['4'], command: 'screen:firewalls', label: 'firewalls', helpOnly: true },
  { keys: ['5'], command: 'screen:billing', label: 'billing', helpOnly: true },
  { keys: ['6'], command: 'screen:keys', label: 'key pairs and environments', helpOnly: true },
  { keys: ['R'], command: 'region:next', label: 'region' },
  { keys: ['r', 'ctrl+r'], command: 'refresh', label: 'refresh' },
  { keys: [':'], command: 'palette', label: 'command' },
  { keys: ['?'], command: 'help', label: 'help' },
  { keys: ['q', 'ctrl+c'], command: 'quit', label: 'quit' },
];

export const TABLE_BINDINGS: readonly Binding[] = [
  { keys: ['j', 'down'], command: 'table:down', label: 'down', helpOnly: true },
  { keys: ['k', 'up'], command: 'table:up', label: 'up', helpOnly: true },
  { keys: ['pgdn', 'ctrl+f'], command: 'table:pageDown', label: 'page down', helpOnly: true },
  { keys: ['pgup', 'ctrl+b'], command: 'table:pageUp', label: 'page up', helpOnly: true },
  { keys: ['g', 'home'], command: 'table:top', label: 'first', helpOnly: true },
  { keys: ['G', 'end'], command: 'table:bottom', label: 'last', helpOnly: true },
  { keys: ['/'], command: 'table:filter', label: 'filter' },
  { keys: ['o'], command: 'table:sortNext', label: 'order by next column', helpOnly: true },
  { keys: ['O'], command: 'table:sortFlip', label: 'reverse order', helpOnly: true },
  { keys: ['esc'], command: 'table:filterClear', label: 'clear filter', helpOnly: true },
];

/** Finds the binding for a key in one layer, skipping mutations in read-only mode. */
export function lookup(bindings: readonly Binding[], key: string, readOnly: boolean): Binding | undefined {
  return bindings.find((b) => b.keys.includes(key) && !(readOnly && b.mutation));
}

/** The bindings to show: read-only mode hides every mutation. */
export function visible(bindings: readonly Binding[], readOnly: boolean): Binding[] {
  return bindings.filter((b) => !(readOnly && b.mutation));
}
