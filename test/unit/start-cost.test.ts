/** The start-up budget's arithmetic and its failure message (bench/start-cost.ts). */
import { describe, expect, it } from 'vitest';
import {
  BOOT,
  budgetEntryOf,
  compiledBeforeFrame,
  overBudget,
  type PiecesContents,
} from '../../bench/start-cost.js';

const CONTENTS: PiecesContents = {
  [BOOT]: { bytes: 7_000, inputs: { 'src/boot.ts': 7_000 } },
  'cli.js': { bytes: 10_000, inputs: { 'src/cli.ts': 10_000 } },
  'chunk-A.js': {
    bytes: 50_000,
    inputs: { 'node_modules/zod/v4/core/schemas.js': 40_000, 'src/api/x.ts': 10_000 },
  },
  'forms-B.js': { bytes: 30_000, inputs: { 'screens/forms/vm-create.ts': 30_000 } },
};

const trace = (...pieces: string[]) =>
  [
    '10.0 entry 1 5.0',
    ...pieces.map((p) => `11.0 compiled:${p}:${CONTENTS[p]?.bytes} 1 5.0`),
    '90.0 rendered 1 50.0',
    '95.0 compiled:forms-B.js:30000 1 55.0',
  ].join('\n');

describe('start cost', () => {
  it('counts the boot code and the pieces compiled before the first frame with data, not those after', () => {
    const pieces = compiledBeforeFrame(trace('cli.js', 'chunk-A.js'), CONTENTS);
    expect(pieces.map((p) => p.name)).toEqual([BOOT, 'cli.js', 'chunk-A.js']);
    expect(budgetEntryOf(pieces, CONTENTS)).toEqual({
      bytes: 67_000,
      sources: { zod: 40_000, 'src/api/x.ts': 10_000, 'src/cli.ts': 10_000, 'src/boot.ts': 7_000 },
    });
  });

  it('within 10 % of the budget passes; past it, the message names what grew and the pieces', () => {
    const before = compiledBeforeFrame(trace('cli.js', 'chunk-A.js'), CONTENTS);
    const budget = budgetEntryOf(before, CONTENTS);
    expect(overBudget('demo', before, budget, CONTENTS)).toBeUndefined();
    const after = compiledBeforeFrame(trace('cli.js', 'chunk-A.js', 'forms-B.js'), CONTENTS);
    const message = overBudget('demo', after, budget, CONTENTS);
    expect(message).toMatch(/45 % over its budget/);
    expect(message).toMatch(/screens\/forms\/vm-create\.ts \+29\.3 KB \(new at start\)/);
    expect(message).toMatch(/forms-B\.js 29\.3 KB: screens\/forms\/vm-create\.ts/);
    expect(message).toMatch(/bench\/start-budget\.json/);
  });

  it('refuses a trace without its first frame', () => {
    expect(() => compiledBeforeFrame('1.0 entry 1 1.0', CONTENTS)).toThrow(/no "rendered" mark/);
  });
});
