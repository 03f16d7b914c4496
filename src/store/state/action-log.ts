/**
 * The action log: every change the app asked of the service (time, profile, method, path, what it was for, outcome,
 * duration). Entries come from the transport's exchange reports, so nothing sent can be missing; the store action
 * that sent it (runAction, mutate, …) names what it was for through an async context. Never a body: no key, no
 * console URL, no user data (a VM's user_data, a public key) can reach it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { StoreApi } from 'zustand/vanilla';
import { ApiError } from '../../api/errors.js';
import type { ExchangeReport } from '../../api/transport.js';
import { jsonSafe } from '../../domain/file-text.js';

export type ActionOutcome = 'ok' | 'refused' | 'not sent' | 'unknown';

export interface ActionLogEntry {
  /** Epoch ms when the answer (or its absence) was known. */
  at: number;
  profile: string;
  method: string;
  /** The path only: no query string (it is never needed to tell what was changed). */
  path: string;
  /** "Stopping gpu-7": the resource and the action, as the status line said it. */
  what: string | undefined;
  outcome: ActionOutcome;
  status: number | undefined;
  ms: number;
}

/** How many entries the app keeps (the file, with --log, keeps them all). */
export const ACTION_LOG_MAX = 1000;

export interface ActionLogState {
  /** Every change asked of the service, oldest first (the last ACTION_LOG_MAX): the `:log` screen. */
  actionLog: readonly ActionLogEntry[];
}

/** Adds an entry to the log the app keeps (the oldest goes beyond ACTION_LOG_MAX). */
export function logAction(s: StoreApi<ActionLogState>, e: ActionLogEntry): void {
  const log = s.getState().actionLog;
  s.setState({ actionLog: [...(log.length >= ACTION_LOG_MAX ? log.slice(1) : log), e] });
}

const context = new AsyncLocalStorage<string>();

/** Runs `call` (one store action's requests) so the log says what they were for. */
export function asAction<T>(what: string, call: () => Promise<T>): Promise<T> {
  return context.run(what, call);
}

/**
 * The outcome as an operator needs it: done; refused (the service said no: nothing changed); never sent (the
 * request budget, a cancel); unknown (no answer, a timeout, a 5xx: it may have been done).
 */
function outcomeOf(error: ApiError | undefined): ActionOutcome {
  if (!error) return 'ok';
  if (error.kind === 'budget' || (error.kind === 'aborted' && error.stage === 'unsent')) return 'not sent';
  return error.outcomeUnknown ? 'unknown' : 'refused';
}

/** The log entry of an exchange that asked for a change, or undefined for a read. */
export function logEntryOf(e: ExchangeReport, profile: string, at = Date.now()): ActionLogEntry | undefined {
  if (!e.mutation) return undefined;
  return {
    at,
    profile,
    method: e.method,
    path: e.path,
    what: context.getStore(),
    outcome: outcomeOf(e.error instanceof ApiError ? e.error : undefined),
    status: e.status,
    ms: e.ms,
  };
}

/** One line of the --log file: JSON, one entry per line (grep and jq read it). */
export function logLine(e: ActionLogEntry): string {
  return `${jsonSafe({
    time: new Date(e.at).toISOString(),
    profile: e.profile,
    method: e.method,
    path: e.path,
    what: e.what ?? null,
    outcome: e.outcome,
    status: e.status ?? null,
    ms: e.ms,
  })}\n`;
}
