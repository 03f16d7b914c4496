import { sleep } from '../../api/budget.js';
import type { Api } from '../../api/client.js';
import { ApiError, remedyOf, withRemedyText } from '../../api/errors.js';
import type { Copyable } from '../../domain/copyable.js';
import { sanitize } from '../../domain/sanitize.js';
import type { Poller } from '../engine/poller.js';
import { asAction } from '../state/action-log.js';
import { type AppStore, readOnlyRefusal, ui } from '../state/app-store.js';
import type { ResourceKey } from '../state/resources.js';
import type { Modal } from '../state/ui-state.js';
import { type Clipboard, createClipboard } from './clipboard.js';
import type { Notifier } from './notifier.js';

export interface ActionDeps {
  api: Api;
  store: AppStore;
  poller: Poller<ResourceKey>;
  /** Where copies go (default: the terminal through OSC 52, or tmux). Tests pass their own. */
  clipboard?: Clipboard;
  /** Where the bell and desktop notifications go (default: this terminal). Tests pass their own. */
  notifier?: Notifier;
}

let terminalClipboard: Clipboard | undefined;

/**
 * Copies checked text (a Copyable) and says where it went, or why it could not be copied (after `before`, when
 * given). `shown` is what the status line names instead of the text (a secret, such as a console URL, is never put
 * there).
 */
export async function copyText(deps: ActionDeps, c: Copyable, before = '', shown = c.text): Promise<boolean> {
  terminalClipboard ??= createClipboard();
  const r = await (deps.clipboard ?? terminalClipboard).copy(c);
  if (r.ok) ui.say(deps.store, `${before}copied to ${r.where}: ${shown}`, 'ok');
  else ui.say(deps.store, `${before}not copied: ${r.why}`, 'error');
  return r.ok;
}

/** Ids by store key of a list: the items an action is about. */
export type Items = Readonly<Partial<Record<ResourceKey, readonly number[]>>>;

export interface RunOptions {
  /** "Stopping gpu-7" — shown while the request is in flight. */
  doing: string;
  /** "Stop requested for gpu-7" — shown on success when the service says nothing useful. */
  done: string;
  /** Store keys to refresh right after (the list reflects the new state at once). */
  refresh: readonly ResourceKey[];
  /** The items of a refreshed list the action is about (`{vms: [12]}`): a big list reads only them (see Poller). */
  items?: Items;
  /**
   * Marks a row as pending until the refresh after the action lands (or the data shows a change):
   * `{key: 'vm:12', label: 'stopping', from: 'ACTIVE'}`.
   */
  pending?: { key: string; label: string; from: string | undefined };
  /** Mutations are refused in read-only mode (the key is hidden too; this is the second lock). */
  mutation?: boolean;
  /** The resource's state as the data shows it ("ACTIVE"): said after an unknown outcome was reloaded. */
  state?: () => string | undefined;
}

/** What `confirmThenRun` asks (the confirm dialog's words), the call it makes on yes, and how the action is run. */
export type ConfirmedAction<T> = Omit<Extract<Modal, { kind: 'confirm' }>, 'kind' | 'onConfirm'> &
  RunOptions & { call: (api: Api) => Promise<T> };

/** Asks in a confirm dialog, then runs the action (runAction) on yes. */
export function confirmThenRun<T>(deps: ActionDeps, a: ConfirmedAction<T>): void {
  const { title, message, confirmLabel, danger, alternative, call, ...run } = a;
  ui.openModal(deps.store, {
    kind: 'confirm',
    title,
    message,
    confirmLabel,
    ...(danger === undefined ? {} : { danger }),
    ...(alternative === undefined ? {} : { alternative }),
    onConfirm: () => void runAction(deps, call, run),
  });
}

/**
 * Runs one action: refuses it in read-only mode, shows progress, calls the api once (never retried for a
 * mutation), shows the service's own message or error, then refreshes what changed.
 */
export async function runAction<T>(
  deps: ActionDeps,
  call: (api: Api) => Promise<T>,
  o: RunOptions,
): Promise<T | undefined> {
  const { store, poller, api } = deps;
  // The second lock: the dispatcher refuses the key already (the same words, should this ever be reached).
  if (o.mutation !== false && store.getState().readOnly) {
    ui.say(store, readOnlyRefusal(store.getState(), o.doing.toLowerCase()), 'error');
    return undefined;
  }
  ui.say(store, `${o.doing}…`, 'pending');
  if (o.pending) ui.markPending(store, o.pending.key, o.pending.label, o.pending.from);
  try {
    const result = await asAction(o.doing, () => call(api));
    const said = typeof result === 'string' && result.trim() ? sanitize(result.trim()) : '';
    ui.say(store, said && !/^success/i.test(said) ? `${o.done}: ${said}` : o.done, 'ok');
    await Promise.all(o.refresh.map((k) => poller.refreshAfter(k, o.items?.[k])));
    // The data now shows the service's state after the action (the intermediate state, or already the final one
    // when it was quick): the pending mark has done its job. After a failed refresh it stays (it times out).
    if (o.pending && o.refresh.every((k) => store.getState().slices[k]?.status === 'ok')) {
      ui.clearPending(store, o.pending.key);
    }
    return result;
  } catch (e) {
    if (clearlyRefused(e)) {
      if (o.pending) ui.clearPending(store, o.pending.key);
      ui.say(store, `${o.doing} failed: ${failureText(e)}`, 'error');
      return undefined;
    }
    await unknownOutcome(deps, e, o);
    return undefined;
  }
}

/**
 * The request may have reached the service and been done (the answer was lost, timed out, or was a 5xx): never
 * "failed". The data is reloaded and the state it shows is said; the row's mark stays, as "unknown", until the
 * data shows a change (or the mark times out), and keeps actions that must not run twice away meanwhile.
 */
async function unknownOutcome(deps: ActionDeps, e: unknown, o: RunOptions): Promise<void> {
  const { store, poller } = deps;
  const why = lostAnswerText(e);
  if (o.pending) ui.markPending(store, o.pending.key, o.pending.label, o.pending.from, true);
  ui.say(store, `${o.doing}: outcome unknown, reloading… (${why})`, 'pending');
  // The action was about these items: reading them says what happened to them as well as a full load would.
  await Promise.all(o.refresh.map((k) => poller.refreshAfter(k, o.items?.[k]).catch(() => {})));
  const reloaded = o.refresh.every((k) => store.getState().slices[k]?.status === 'ok');
  const state = reloaded ? o.state?.() : undefined;
  const after = reloaded ? `reloaded${state ? `, now ${state}` : ''}` : 'not reloaded yet';
  ui.say(store, `${o.doing}: outcome unknown, ${after} (${why})`, 'warn');
}

/** Why the answer is missing, in a few words (the status line is one line: the state after it matters more). */
export function lostAnswerText(e: unknown): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  switch (e.kind) {
    case 'network':
      return 'the connection closed before the answer';
    case 'timeout':
      return 'no answer in time';
    case 'not-json':
    case 'schema':
      return `the answer was unreadable (HTTP ${e.status ?? '?'})`;
    default:
      return e.status ? `service error, HTTP ${e.status}` : e.message;
  }
}

/**
 * The service's own words first, then the HTTP status: the status line is one line, and the request's method and
 * path (which lead ApiError's message) would push the service's explanation off the screen.
 */
export function failureText(e: unknown): string {
  if (e instanceof ApiError && e.serviceMessage && (e.kind === 'http' || e.kind === 'envelope')) {
    // what to do about it (the key, a role, waiting) after the service's words: they would be lost otherwise
    return withRemedyText(`${e.serviceMessage}${e.status ? ` (HTTP ${e.status})` : ''}`, remedyOf(e));
  }
  return e instanceof Error ? e.message : String(e);
}

export interface MutateText {
  /** "Creating VM gpu-1" — shown while the request is in flight. */
  doing: string;
  /** "VM gpu-1 created" — shown on success (the function form sees the result). */
  done: string | ((result: never) => string);
  /** Store keys to refresh after success (the lists show the change at once). */
  refresh?: readonly ResourceKey[];
  /** The items of a refreshed list the change is about: a big list reads only them (see RunOptions). */
  items?: Items;
  /**
   * Store keys to reload when the outcome is unknown (a timeout, a cut connection, an unreadable answer, a 5xx):
   * the change may have been made, and the list (and the form's "name taken" check) must say so before anyone
   * sends it again. Default: `refresh`. Loaded whole (`items` aside): what a create made is not known.
   */
  verify?: readonly ResourceKey[];
}

/** The service clearly said no (a 4xx or `status: false`), or the request never left: nothing was changed. */
export function clearlyRefused(e: unknown): boolean {
  return e instanceof ApiError && !e.outcomeUnknown;
}

/**
 * A form's onSubmit: one call (never retried), the status line kept informed, the lists refreshed after. Unlike
 * runAction it rejects on failure, so the form stays open with the service's error and everything typed.
 */
export async function mutate<T>(deps: ActionDeps, call: (api: Api) => Promise<T>, o: MutateText): Promise<T> {
  const { store, poller, api } = deps;
  if (store.getState().readOnly) throw new Error(readOnlyRefusal(store.getState(), o.doing.toLowerCase()));
  ui.say(store, `${o.doing}…`, 'pending');
  let result: T;
  try {
    result = await asAction(o.doing, () => call(api));
  } catch (e) {
    if (clearlyRefused(e)) {
      ui.say(store, `${o.doing} failed: ${failureText(e)}`, 'error');
      throw e;
    }
    const why = lostAnswerText(e);
    const keys = o.verify ?? o.refresh ?? [];
    ui.say(store, `${o.doing}: outcome unknown, reloading the list… (${why})`, 'warn');
    const reloading = store.getState().status;
    // The form waits a little for the reload (its "name taken" check then knows), never for a service in trouble;
    // the status line says when it is done (unless something else was said since).
    const reload = Promise.all(keys.map((k) => poller.refreshAfter(k).catch(() => {}))).then(() => {
      if (store.getState().status !== reloading) return;
      const reloaded = keys.every((k) => store.getState().slices[k]?.status === 'ok');
      const after = reloaded
        ? 'the list is reloaded: check it before sending again'
        : 'the list could not be reloaded';
      ui.say(store, `${o.doing}: outcome unknown, ${after} (${why})`, 'warn');
    });
    await Promise.race([reload, sleep(VERIFY_WAIT_MS)]);
    throw e;
  }
  ui.say(store, typeof o.done === 'function' ? (o.done as (r: T) => string)(result) : o.done, 'ok');
  // The form closes now: the lists catch up in the background (a failed refresh is not a failed mutation: the
  // slice shows its own error and the poller retries).
  for (const k of o.refresh ?? []) void poller.refreshAfter(k, o.items?.[k]).catch(() => {});
  return result;
}

/** How long a form waits for the reload after an unknown outcome before it shows the error. */
export const VERIFY_WAIT_MS = 3000;
