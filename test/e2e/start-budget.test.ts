/**
 * Start-up cost must not grow with the features (issue 28): what a start of the built bundle compiles before its
 * first frame with data stays within bench/start-budget.json (10 % slack), with the demo and against a service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgetEntryOf,
  measureStart,
  overBudget,
  readBudget,
  readPieces,
  type StartMode,
  startOf,
} from '../../bench/start-cost.js';
import { type Simulator, startSimulator } from '../../src/sim/server.js';
import { assertBuilt } from '../support/pty.js';

let sim: Simulator;
beforeAll(async () => {
  assertBuilt();
  sim = await startSimulator({ seed: 1, rateLimitPerMinute: 0 });
});
afterAll(() => sim.close());

describe('start-up budget: bytes compiled before the first frame with data', () => {
  for (const mode of ['demo', 'service'] as StartMode[]) {
    it(`${mode}: within 10 % of its recorded budget`, async () => {
      const { args, env } = startOf(mode, { url: sim.url, key: sim.keys.admin });
      const pieces = await measureStart(args, env);
      const contents = readPieces();
      const budget = readBudget()[mode];
      const problem = overBudget(mode, pieces, budget, contents);
      expect(problem, problem).toBeUndefined();
      // the figures are real: a start compiles something, and the budget file names what it compiled
      expect(budgetEntryOf(pieces, contents).bytes).toBeGreaterThan(100_000);
    }, 60_000);
  }
});
