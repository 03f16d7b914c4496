/**
 * The one dialog for a secret the service answers once (an API key, an object-storage secret key): shown with a
 * line that says so, copied on request (c, through the clipboard sink: tokenCopy, printable ASCII only), and kept
 * nowhere — not in the store once closed, the action log, the status line or any file.
 */
import { tokenCopy } from '../../src/domain/copyable.js';
import { type ActionDeps, copyText } from '../../src/store/actions/mutate.js';
import { ui } from '../../src/store/state/app-store.js';

/**
 * Shows the new secret once: c copies it, Enter or Esc closes, and then it is gone from the app. `what` titles
 * it ("API key ci"); `shown` names it in the status line once copied.
 */
export function showSecretOnce(
  deps: ActionDeps,
  what: string,
  secret: string,
  shown = what.toLowerCase(),
): void {
  const copy = tokenCopy(secret);
  ui.openModal(deps.store, {
    kind: 'confirm',
    title: `${what}: shown this once`,
    message: `${secret}\n\nThe service never shows it again and the app keeps it nowhere: copy it now${copy ? ' (c)' : ''} and store it safely.`,
    confirmLabel: 'close',
    onConfirm: () => {},
    ...(copy
      ? {
          alternative: {
            key: 'c',
            label: 'copy it',
            onChoose: () => void copyText(deps, copy, '', shown),
          },
        }
      : {}),
  });
}
