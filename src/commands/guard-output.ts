/**
 * The guard's report: a table for a person, or `-o json` for a script, in a stable shape (version 1, documented in
 * the README): every field below is always present; new fields may be added, none removed or changed in meaning.
 */

import { money, perHour } from '../domain/format.js';
import type { GuardPlan, GuardPolicy, GuardStep, GuardVm } from '../domain/guard-plan.js';
import type { StepOutcome } from './guard-exec.js';
import { alignedText, cellText, jsonText } from './output.js';

export interface GuardReport {
  profile: string;
  at: number;
  applied: boolean;
  policy: GuardPolicy;
  plan: GuardPlan;
  outcomes: readonly StepOutcome[];
  readErrors: ReadonlyArray<{ vm: GuardVm; error: string }>;
  exitCode: number;
  /** Why nothing was applied although asked (read-only), or undefined. */
  refused?: string | undefined;
}

const vmJson = (vm: GuardVm) => ({
  id: vm.id,
  name: vm.name,
  status: vm.status ?? null,
  environment: vm.environment?.name ?? null,
});

/** Why a VM was not judged: its read failed, or it was beyond maxReads. */
function unjudgedWhy(r: GuardReport, vm: GuardVm): string {
  const failed = r.readErrors.find((e) => e.vm.id === vm.id);
  return failed ? `could not read it: ${failed.error}` : 'not read this run (maxReads)';
}

const saved = (s: GuardStep) =>
  s.perHour === undefined || s.hibernatedPerHour === undefined ? undefined : s.perHour - s.hibernatedPerHour;

/** What the steps done (or, in a dry run, to do) save an hour. */
function savesPerHour(r: GuardReport): number {
  let total = 0;
  r.plan.steps.forEach((s, i) => {
    const result = r.outcomes[i]?.result ?? (s.cut ? 'cut' : 'planned');
    if (result === 'done' || result === 'planned') total += saved(s) ?? 0;
  });
  return Math.round(total * 10_000) / 10_000;
}

export function guardJson(r: GuardReport): string {
  return `${jsonText({
    version: 1,
    profile: r.profile,
    at: new Date(r.at).toISOString(),
    applied: r.applied,
    policy: r.policy,
    steps: r.plan.steps.map((s, i) => ({
      vm: vmJson(s.vm),
      rule: s.rule,
      why: s.why,
      start_first: s.startFirst,
      retain_ip: s.retainIp,
      per_hour: s.perHour ?? null,
      hibernated_per_hour: s.hibernatedPerHour ?? null,
      result: r.outcomes[i]?.result ?? (s.cut ? 'cut' : 'planned'),
      error: r.outcomes[i]?.error ?? null,
    })),
    skipped: r.plan.skipped.map((x) => ({ vm: vmJson(x.vm), why: x.why })),
    under_way: r.plan.underWay.map(vmJson),
    unjudged: r.plan.unjudged.map((vm) => ({ vm: vmJson(vm), why: unjudgedWhy(r, vm) })),
    saves_per_hour: savesPerHour(r),
    refused: r.refused ?? null,
    exit_code: r.exitCode,
  })}\n`;
}

/** The plan as a table, then what it comes to in words. */
export function guardTable(r: GuardReport): string {
  const rows = r.plan.steps.map((s, i) => [
    cellText(s.vm.name),
    cellText(s.vm.status ?? ''),
    s.rule,
    cellText(s.why),
    s.perHour === undefined ? '?' : perHour(s.perHour),
    s.hibernatedPerHour === undefined ? '?' : perHour(s.hibernatedPerHour),
    `${s.startFirst ? 'start, ' : ''}hibernate${s.retainIp ? ' (keep IP)' : ''}`,
    (r.outcomes[i]?.result ?? (s.cut ? 'cut' : 'planned')) +
      (r.outcomes[i]?.error ? `: ${cellText(r.outcomes[i]?.error)}` : ''),
  ]);
  const lines: string[] = [];
  if (rows.length > 0)
    lines.push(
      alignedText({
        titles: ['VM', 'STATUS', 'RULE', 'WHY', '$/H NOW', '$/H HIBERNATED', 'STEPS', 'RESULT'],
        rows,
        aligns: ['left', 'left', 'left', 'left', 'right', 'right', 'left', 'left'],
      }),
    );
  else lines.push('nothing to hibernate');
  for (const x of r.plan.skipped) lines.push(`left alone: ${cellText(x.vm.name)}: ${cellText(x.why)}`);
  for (const vm of r.plan.underWay)
    lines.push(`under way: ${cellText(vm.name)} is ${cellText(vm.status ?? '?')}`);
  const unjudged = r.plan.unjudged.length;
  if (unjudged > 0)
    lines.push(
      `not judged this run: ${unjudged} VM${unjudged === 1 ? '' : 's'} (maxReads, or a read failed)`,
    );
  const cut = r.plan.steps.filter((s) => s.cut).length;
  if (cut > 0)
    lines.push(`cut by the action budget (maxActions ${r.policy.maxActions}): ${cut}, left for the next run`);
  const saves = money(savesPerHour(r));
  if (r.plan.steps.length > 0)
    lines.push(
      r.applied
        ? `applied: saves ${saves}/h`
        : `${r.refused ?? 'dry run'}: nothing done (saves ${saves}/h once applied${r.refused ? '' : ': --apply'})`,
    );
  return `${lines.join('\n')}\n`;
}
