/**
 * `npx tsx bench/start-budget.ts` measures what a start compiles before its first frame with data (demo, and
 * against a service) and compares it with bench/start-budget.json; `--record` writes the measured figures there as
 * the new budget. Build first (npm run build).
 */
import { writeFileSync } from 'node:fs';
import { startSimProcess } from './sim-process.js';
import {
  BUDGET_FILE,
  type BudgetEntry,
  budgetEntryOf,
  describePieces,
  kb,
  measureStart,
  overBudget,
  readBudget,
  readPieces,
  type StartMode,
  startOf,
} from './start-cost.js';

const sim = await startSimProcess([]);
try {
  const contents = readPieces();
  const budget = readBudget();
  const measured = {} as Record<StartMode, BudgetEntry>;
  for (const mode of ['demo', 'service'] as const) {
    const { args, env } = startOf(mode, sim);
    const pieces = await measureStart(args, env);
    measured[mode] = budgetEntryOf(pieces, contents);
    process.stdout.write(
      `${mode}: ${kb(measured[mode].bytes)} in ${pieces.length} pieces (budget ${kb(budget[mode].bytes)})\n` +
        `${describePieces(pieces, contents, 8)
          .map((l) => `  ${l}`)
          .join('\n')}\n${overBudget(mode, pieces, budget[mode], contents) ?? ''}\n`,
    );
  }
  if (process.argv.includes('--record')) {
    writeFileSync(BUDGET_FILE, `${JSON.stringify(measured, null, 2)}\n`);
    process.stdout.write(`recorded in ${BUDGET_FILE}\n`);
  }
} finally {
  sim.stop();
}
