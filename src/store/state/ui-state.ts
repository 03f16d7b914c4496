import type { Region } from '../../domain/region.js';
import type { ScreenName } from '../../domain/registered.js';
import type { StockWatch } from '../../domain/stock-watch.js';
import type { FormSpec } from './form-spec.js';

export type Tone = 'info' | 'ok' | 'warn' | 'error' | 'pending';

/** The one-line message under the table: the result of the last action, or the service's error. */
export interface StatusMessage {
  text: string;
  tone: Tone;
  at: number;
}

/** A dialog that owns the keyboard until it closes. */
export type Modal =
  | {
      kind: 'confirm';
      title: string;
      message: string;
      /** Label of the yes-choice: "stop", "hard reboot". */
      confirmLabel: string;
      danger?: boolean;
      onConfirm: () => void;
      /** A second way to say yes, on its own key ("h hibernate instead" in the stop dialog). */
      alternative?: { key: string; label: string; onChoose: () => void };
    }
  | {
      kind: 'type-to-confirm';
      title: string;
      message: string;
      /** The exact text to type (a VM's or a cluster's name). */
      expected: string;
      onConfirm: () => void;
    }
  | {
      kind: 'prompt';
      title: string;
      message: string;
      /** Initial text of the input line. */
      initial: string;
      /** Returns an error text for an invalid value, or undefined. */
      validate?: (value: string) => string | undefined;
      onSubmit: (value: string) => void;
    }
  | { kind: 'form'; spec: FormSpec }
  | {
      /** A form's lists are loading: it opens in place of this dialog, unless Esc cancels first. */
      kind: 'loading';
      title: string;
      /** What is loading, for "loading key pairs, images… 12s". */
      what: string;
      /** When the loading started (Date.now()), for the elapsed time. */
      startedAt: number;
      /** Esc pressed: the dialog is already closed; a late result must not open the form. */
      onCancel: () => void;
    }
  | {
      kind: 'choose';
      title: string;
      message: string;
      options: ReadonlyArray<{ label: string; value: string }>;
      onChoose: (value: string) => void;
    };

export interface UiState {
  /** The screen shown, by its name in the screen registry. */
  screen: ScreenName;
  overlay: 'help' | 'palette' | null;
  modal: Modal | null;
  status: StatusMessage | null;
  region: Region | 'ALL';
  /** The stock watches of this profile (store/actions/stock-watch.ts); saved by the app when they change. */
  watches: readonly StockWatch[];
  /** The last watch that came into stock: the header flashes it for a while. */
  stockAlert: StockAlert | null;
}

/** A watched flavor or GPU node that came into stock. */
export interface StockAlert {
  text: string;
  at: number;
  region: string;
  /** A flavor to create a VM with, when the lists have one. */
  flavor: string | undefined;
}
