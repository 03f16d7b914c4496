/**
 * Start-up cost must not grow with the features (issue 28): what a start of the built bundle compiles before its
 * first frame with data stays within bench/start-budget.json (10 % slack), with the demo and against a service.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOT,
  budgetEntryOf,
  type Compiled,
  overBudget,
  PIECES_FILE,
  readBudget,
  readPieces,
  type StartMode,
  sourcesOf,
  startOf,
  tracedStart,
} from '../../bench/start-cost.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { assertBuilt } from '../support/pty.js';

let sim: Simulator;
beforeAll(async () => {
  assertBuilt();
  sim = await startSimulator({ seed: 1, rateLimitPerMinute: 0 });
});
afterAll(() => sim.close());

/**
 * What the VMs screen's first frame does not need, by source file: it is neither compiled nor run before that
 * frame. (Its own actions' forms load when their key is pressed.)
 */
const NOT_AT_START: Array<[RegExp, string]> = [
  // the VMs screen's list (its rows and columns), and the kind names of `get` (the command registry reads them)
  [
    /^screens\/(?!vms\.tsx$|vm-view\.ts$|vm-volumes\.ts$|registry\.ts$|lists\/(vms|kinds)\.ts$)/,
    'another screen, or a form',
  ],
  [/^src\/ui\/form\//, 'the forms'],
  [
    /^src\/app\/(ProfilePicker|NoKey)\.tsx$|^(ink-select-input|figures)$/,
    'the profile picker or the no-key screen',
  ],
  [/^src\/commands\/(?!registry\.ts$|kinds\.ts$)/, 'a subcommand'],
  [
    /^src\/api\/(schemas|endpoints)\/(?!(vms?|vm-actions|vm-extras|environments?|firewall|common|shared|paginate|events|metrics|console|logs|callback)\.ts$)/,
    "another resource's operations or zod schemas",
  ],
  [
    /^src\/store\/actions\/(?!(vm|volume|hibernate|lazy-code|mutate|clipboard|ensure-loaded|notifier|stock-watch)[-.])/,
    "another resource's actions",
  ],
  [/^src\/ui\/details\/(?!(vm-|rate\.ts|callback-field\.ts))/, "another resource's detail"],
  [
    /^src\/sim\/routes\/(?!(vms|vm-body|view-vm|environments|body|view-core|groups)\.ts$)/,
    "the simulator's routes of another resource",
  ],
  // a first `npx hyperstack-tui` has no config file (zod itself loads with the client's schemas, on the worker)
  [/^src\/config\/config-schema\.ts$/, "the config file's schema, with no config file"],
  [
    /^src\/sim\/(seed\/(rest|billing|account)|create-world)\.ts$/,
    "the simulator's seeding of what the VMs screen does not show",
  ],
];

/**
 * Node built-ins the first frame does not need: child_process (with dgram) is for a copy in tmux and a terminal
 * that reports no size; assert, for undici's and signal-exit's checks (scripts/bundle/assert-lite.cjs stands in);
 * v8, for the full collection after a large body (src/api/collect-after.ts). The demo's simulator listens, and
 * Node's listen loads the cluster module, which loads child_process.
 */
const NO_BUILTINS_AT_START: Record<StartMode, string[]> = {
  service: ['child_process', 'dgram', 'assert', 'v8'],
  demo: ['assert', 'v8'],
};

/**
 * A first start hands what its first frame needs to a worker thread to load ahead (src/boot/compile-ahead.ts): the
 * pieces it compiled before the frame, not among the worker's (dist/ahead.json) nor those before it, which the
 * worker would not help with. The lists are scripts/bundle/ahead.mjs's: a new dynamic import on the way to the first
 * frame belongs there.
 */
function notAhead(pieces: readonly Compiled[], mode: StartMode): string[] {
  const lists = JSON.parse(
    readFileSync(PIECES_FILE.replace(/pieces\.json$/, 'ahead.json'), 'utf8'),
  ) as Record<'first' | 'app' | 'demo', string[]>;
  const known = new Set([BOOT, ...lists.first, ...lists[mode === 'demo' ? 'demo' : 'app']]);
  return pieces
    .map((p) => p.name)
    .filter((name) => !known.has(name))
    .map((name) => `${name}: ${Object.keys(readPieces()[name]?.inputs ?? {}).join(', ')}`);
}

/** The first screen's start compiled each of these before its first frame with data, none of which it needs. */
function notNeeded(pieces: readonly Compiled[]): string[] {
  return sourcesOf(pieces, readPieces()).flatMap(([file]) =>
    NOT_AT_START.filter(([re]) => re.test(file)).map(([, what]) => `${file} (${what})`),
  );
}

describe('start-up budget: bytes compiled before the first frame with data', () => {
  for (const mode of ['demo', 'service'] as StartMode[]) {
    it(`${mode}: within 10 % of its recorded budget, nothing the first screen does not need, and a worker loads the rest ahead`, async () => {
      const { args, env } = startOf(mode, { url: sim.url, key: sim.keys.admin });
      // a first start (no code cache), with its worker whatever the machine's load
      const { pieces, builtins, marks } = await tracedStart(args, { ...env, HYPERSTACK_TUI_AHEAD: '1' });
      expect(notNeeded(pieces)).toEqual([]);
      expect(marks.map((m) => m.label)).toContain('ahead-started');
      expect(notAhead(pieces, mode)).toEqual([]);
      // Node's own modules load on every start too: none that only a later action uses
      expect(builtins).toContain('tty');
      expect(builtins.filter((b) => NO_BUILTINS_AT_START[mode].includes(b))).toEqual([]);
      const contents = readPieces();
      const budget = readBudget()[mode];
      const problem = overBudget(mode, pieces, budget, contents);
      if (problem) expect.fail(problem);
      // the figures are real: a start compiles something, and the budget file names what it compiled
      expect(budgetEntryOf(pieces, contents).bytes).toBeGreaterThan(100_000);
    }, 60_000);
  }
});
