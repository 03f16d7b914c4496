/**
 * The guard's executor: it can only hibernate. It is handed `HibernateOnly`, three calls picked from the client
 * (hibernate, start, read one VM) and nothing else, so no code path here can delete, stop or change anything else;
 * `start` is used only as the first step of hibernating a stopped VM (the service hibernates only a running VM:
 * its reference, Hibernate_VM, requires ACTIVE). Each step is named in the action log (asAction).
 */
import type { Api } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { GuardStep } from '../domain/guard-plan.js';
import { isTransitioning } from '../domain/vm-state.js';
import { asAction } from '../store/state/action-log.js';

export interface HibernateOnly {
  hibernate(id: number, retainIp: boolean): Promise<unknown>;
  /** Only ever before `hibernate`, for a SHUTOFF VM. */
  startToHibernate(id: number): Promise<unknown>;
  status(id: number): Promise<string | undefined>;
}

/** The only calls the executor gets: picked here, so the rest of the client never reaches it. */
export function hibernateOnly(api: Api): HibernateOnly {
  return {
    hibernate: (id, retainIp) => api.vms.hibernate(id, { retainIp }),
    startToHibernate: (id) => api.vms.start(id),
    status: (id) => api.vms.get(id).then((vm) => vm.status ?? undefined),
  };
}

export type StepResult = 'planned' | 'done' | 'failed' | 'cut';

export interface StepOutcome {
  result: StepResult;
  error?: string;
}

export interface ExecOptions {
  /** How long a stopped VM may take to start (default 10 min). */
  startTimeoutMs?: number;
  /** Between reads of a starting VM (default 5 s). */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Told before each step (progress on stderr). */
  onStep?: (s: GuardStep, doing: string) => void;
}

const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/** Starts a stopped VM and waits until it runs (else says what it became). */
async function startFirst(acts: HibernateOnly, s: GuardStep, o: ExecOptions): Promise<string | undefined> {
  const sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const now = o.now ?? Date.now;
  await asAction(`guard: starting ${s.vm.name} to hibernate it (${s.rule})`, () =>
    acts.startToHibernate(s.vm.id),
  );
  const end = now() + (o.startTimeoutMs ?? 10 * 60_000);
  while (now() < end) {
    await sleep(o.pollMs ?? 5_000);
    const status = await acts.status(s.vm.id);
    if (status === 'ACTIVE') return undefined;
    if (status !== 'SHUTOFF' && !isTransitioning(status))
      return `it became ${status ?? 'unknown'}: not hibernated`;
  }
  return 'it did not start in time: not hibernated';
}

/** Runs the plan's steps one after the other (the cut ones not at all); one failure does not stop the others. */
export async function runSteps(
  acts: HibernateOnly,
  steps: readonly GuardStep[],
  o: ExecOptions = {},
): Promise<StepOutcome[]> {
  const out: StepOutcome[] = [];
  for (const s of steps) {
    if (s.cut) {
      out.push({ result: 'cut' });
      continue;
    }
    try {
      if (s.startFirst) {
        o.onStep?.(s, 'starting (to hibernate it)');
        const why = await startFirst(acts, s, o);
        if (why) {
          out.push({ result: 'failed', error: why });
          continue;
        }
      }
      o.onStep?.(s, 'hibernating');
      await asAction(`guard: hibernating ${s.vm.name} (${s.rule})`, () =>
        acts.hibernate(s.vm.id, s.retainIp),
      );
      out.push({ result: 'done' });
    } catch (e) {
      out.push({ result: 'failed', error: message(e) });
    }
  }
  return out;
}
