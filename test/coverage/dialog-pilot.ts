/**
 * Answers whatever dialogs a key opened in the app, one after another, by key presses: a confirm with y (or the
 * path's own key), "type the name" with the name, a prompt with a value it accepts, a choice with the path's option
 * (else the first), a form filled with valid values and submitted (form-pilot.ts), a "loading …" by waiting.
 */

import type { Modal } from '../../src/store/state/ui-state.js';
import { type AppHarness, KEY } from '../support/render-app.js';
import { type FieldWish, FormPilot } from './form-pilot.js';

export interface DialogAnswers {
  /** Values the forms on the way get (field id → value), beyond the valid ones the pilot finds. */
  form?: Readonly<Record<string, FieldWish>>;
  /** The option a "choose" dialog takes: its value, or its place (0 the first, the default). */
  choose?: string | number;
  /** The key that says yes to a confirm (y by default; a confirm's alternative: "h hibernate instead"). */
  confirm?: string;
}

const CLEAR_LINE = '\x15';
const PROMPT_TRIES = ['coverage', '1', 'https://hooks.example.com/coverage'];

/** What a prompt asks for: its own example first ('e.g. "tcp 8080"'), then a few plain answers. */
const promptTries = (m: { initial: string; message: string }) => [
  m.initial,
  ...[...m.message.matchAll(/"([^"]+)"/g)].map((x) => x[1] ?? ''),
  ...PROMPT_TRIES,
];

/** Answers the dialogs until none is open (at most 8 in a row). */
export async function answerDialogs(app: AppHarness, answers: DialogAnswers): Promise<void> {
  const modal = () => app.store.getState().modal;
  for (let i = 0; i < 8; i++) {
    await app.idle();
    const m = modal();
    if (!m) return;
    const at = Date.now();
    await answer(app, m, answers);
    // closed, or the service refused (the form stays open with its error, and the status line says it)
    const refused = () => {
      const s = app.store.getState().status;
      return s?.tone === 'error' && s.at >= at;
    };
    await app.waitFor(() => modal() !== m || refused()).catch(() => {});
    if (modal() === m) throw new Error(`the ${m.kind} dialog "${title(m)}" stayed open:\n${app.frame()}`);
  }
  throw new Error(`dialogs kept opening:\n${app.frame()}`);
}

function title(m: Modal): string {
  return m.kind === 'form' ? m.spec.title : m.title;
}

async function answer(app: AppHarness, m: Modal, answers: DialogAnswers): Promise<void> {
  switch (m.kind) {
    case 'loading':
      return; // the form opens in its place
    case 'confirm':
      return app.press(answers.confirm ?? 'y');
    case 'type-to-confirm':
      return app.press(m.expected, KEY.enter);
    case 'prompt': {
      const value = promptTries(m).find((v) => m.validate?.(v) === undefined) ?? m.initial;
      return app.press(CLEAR_LINE, ...(value ? [value] : []), KEY.enter);
    }
    case 'choose': {
      const { choose = 0 } = answers;
      const at = typeof choose === 'number' ? choose : m.options.findIndex((o) => o.value === choose);
      if (!m.options[at])
        throw new Error(`"${m.title}" offers no ${choose}: ${m.options.map((o) => o.value).join(', ')}`);
      return app.press(...Array<string>(at).fill('j'), KEY.enter);
    }
    case 'form':
      await new FormPilot(m.spec, { values: answers.form, press: (d) => app.press(d) }).fillAndSubmit();
      return;
  }
}
