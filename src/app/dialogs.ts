/**
 * The dialogs' and forms' code (dialog-kit.ts) is not part of the first frame: it loads once the frame is out
 * (`loadDialogKit` with the other screens' code), or when a dialog opens before that (the modal layer waits for
 * it, keeping the keys typed meanwhile).
 */
import type * as Kit from './dialog-kit.js';

export type DialogKit = typeof Kit;

let kit: DialogKit | undefined;
let loading: Promise<DialogKit> | undefined;

export function loadDialogKit(): Promise<DialogKit> {
  loading ??= import('./dialog-kit.js').then((k) => {
    kit = k;
    return k;
  });
  return loading;
}

/** The kit when it has loaded. */
export const loadedDialogKit = (): DialogKit | undefined => kit;
