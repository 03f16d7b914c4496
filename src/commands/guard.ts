/**
 * `hyperstack-tui guard`: for cron or a systemd timer. Reads the policy (the config's `guard` section), reads the
 * VMs, plans the hibernations (guard-plan.ts), prints the plan and, with --apply only, hibernates (guard-exec.ts:
 * it cannot do anything else). Dry run by default, as the issue asks: a new policy or a new config shows what it
 * would do before it does anything, and a cron line must opt in to act. A lock keeps two runs apart.
 */
import { ApiError } from '../api/errors.js';
import type { RetryOptions } from '../api/retry.js';
import { openActionLog } from '../app/action-log-file.js';
import type { GuardConfig } from '../config/profiles.js';
import { DEFAULT_GUARD, type GuardPolicy, guardPlan } from '../domain/guard-plan.js';
import { sanitize } from '../domain/sanitize.js';
import { logEntryOf } from '../store/state/action-log.js';
import { type CommandContext, commandHelp } from './command.js';
import {
  CommandError,
  type Connection,
  connect,
  type Io,
  isKeyRefused,
  processIo,
  runCommand,
} from './connect.js';
import { hibernateOnly, runSteps, type StepOutcome } from './guard-exec.js';
import { guardLockPath, takeGuardLock } from './guard-lock.js';
import { type GuardReport, guardJson, guardTable } from './guard-output.js';
import { readForGuard } from './guard-read.js';
import { write } from './output.js';
import { parseCommandArgs, stringFlag, UsageError } from './parse.js';

/** The exit codes, as documented (registry.ts, README). */
export const GUARD_EXIT = {
  done: 0,
  failed: 1,
  usage: 2,
  unreachable: 3,
  readOnly: 4,
  planned: 10,
} as const;

/** Test hooks: the clock the plan is judged on, and how a run waits for a stopped VM to start. */
export interface GuardHooks {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  pollMs?: number;
  /** The transport's backoff (a test of an unreachable service need not wait seconds). */
  retry?: RetryOptions;
}

/** The config's section over the defaults; a policy that can never act is an error. */
export function policyOf(c: GuardConfig | undefined): GuardPolicy {
  const p: GuardPolicy = {
    stoppedHours: c?.stoppedHours === undefined ? DEFAULT_GUARD.stoppedHours : c.stoppedHours,
    idleHours: c?.idleHours === undefined ? DEFAULT_GUARD.idleHours : c.idleHours,
    leases: c?.leases ?? DEFAULT_GUARD.leases,
    skipLabels: c?.skipLabels ?? DEFAULT_GUARD.skipLabels,
    skipEnvironments: c?.skipEnvironments ?? DEFAULT_GUARD.skipEnvironments,
    maxActions: c?.maxActions ?? DEFAULT_GUARD.maxActions,
    keepPublicIp: c?.keepPublicIp ?? DEFAULT_GUARD.keepPublicIp,
    maxReads: c?.maxReads ?? DEFAULT_GUARD.maxReads,
  };
  if (p.stoppedHours === null && p.idleHours === null && !p.leases)
    throw new UsageError(
      'the guard policy hibernates nothing (stoppedHours and idleHours null, leases false)',
    );
  return p;
}

export function runGuard(
  argv: string[],
  { entry }: CommandContext,
  io: Io = processIo(),
  hooks: GuardHooks = {},
): Promise<number> {
  return runCommand('guard', io, async (ctx) => {
    const args = parseCommandArgs(entry, argv);
    if (args.flags.help) {
      io.stdout.write(commandHelp(entry));
      return GUARD_EXIT.done;
    }
    if (args.positionals.length > 0)
      throw new UsageError(`guard takes no argument, got ${JSON.stringify(args.positionals[0])}`);
    const apply = args.flags.apply === true;
    const json = stringFlag(args, 'output') === 'json';
    const logPath = stringFlag(args, 'log');
    const lock = takeGuardLock(guardLockPath(io.env));
    if (!lock.held) {
      io.stderr.write(
        `hyperstack-tui guard: another run holds the lock (pid ${lock.pid ?? '?'}): nothing done\n`,
      );
      return GUARD_EXIT.done;
    }
    let log: ReturnType<typeof openActionLog> | undefined;
    let conn: Connection | undefined;
    try {
      let profile = '';
      if (logPath) {
        try {
          log = openActionLog(logPath);
        } catch (e) {
          throw new UsageError(`--log: cannot open ${logPath}: ${(e as Error).message}`);
        }
        if (log.warning) io.stderr.write(`hyperstack-tui guard: ${log.warning}\n`);
      }
      conn = await connect(
        args,
        io.env,
        {},
        (e) => {
          const entry = logEntryOf(e, profile);
          if (entry) log?.write(entry);
        },
        hooks.retry,
      );
      ctx.secret = conn.secret;
      profile = conn.config.profile;
      const report = await guardRun(conn, apply, io, hooks);
      await write(io.stdout, json ? guardJson(report) : guardTable(report));
      if (report.refused) io.stderr.write(`hyperstack-tui guard: ${report.refused}\n`);
      return report.exitCode;
    } finally {
      await conn?.close();
      log?.close();
      lock.release();
    }
  });
}

/** Reads, plans, acts when asked and allowed; the report and its exit code. */
async function guardRun(conn: Connection, apply: boolean, io: Io, hooks: GuardHooks): Promise<GuardReport> {
  const policy = policyOf(conn.config.guard);
  const now = hooks.now ?? Date.now;
  const reading = await unreachableIsThree(() => readForGuard(conn.api, policy, conn.config.waste, now));
  const plan = guardPlan({ ...reading, policy, now: now() });
  const refused =
    apply && conn.config.readOnly
      ? `${conn.config.readOnlyBy ?? 'the profile'} is read-only: nothing applied`
      : undefined;
  const act = apply && !refused && plan.steps.length > 0;
  let outcomes: StepOutcome[] = [];
  if (act) {
    outcomes = await runSteps(hibernateOnly(conn.api), plan.steps, {
      ...hooks,
      onStep: (s, doing) => io.stderr.write(`hyperstack-tui guard: ${sanitize(s.vm.name)}: ${doing}\n`),
    });
  }
  const exitCode = refused
    ? GUARD_EXIT.readOnly
    : outcomes.some((o) => o.result === 'failed')
      ? GUARD_EXIT.failed
      : plan.steps.length > 0 && (!act || plan.steps.some((s) => s.cut))
        ? GUARD_EXIT.planned
        : GUARD_EXIT.done;
  return {
    profile: conn.config.profile,
    at: now(),
    applied: act,
    policy,
    plan,
    outcomes,
    readErrors: reading.readErrors,
    exitCode,
    refused,
  };
}

/** The service unreachable or the key refused while reading: exit 3. */
async function unreachableIsThree<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof ApiError && (isKeyRefused(e) || e.kind !== 'http'))
      throw new CommandError(e.message, GUARD_EXIT.unreachable);
    throw e;
  }
}
