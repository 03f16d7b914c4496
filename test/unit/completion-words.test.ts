import { describe, expect, it } from 'vitest';
import { appFlags } from '../../src/commands/completion-words.js';

describe("the app's flags for completion, read from its help (completion-words.ts)", () => {
  it('a flag too long for the help column still takes its value (its name ends the line)', () => {
    const flags = appFlags();
    expect(flags.find((f) => f.name === '--demo-restock-seconds')?.value).toBe('N');
    expect(flags.find((f) => f.name === '--demo-scale')?.value).toBe('N');
    expect(flags.find((f) => f.name === '--demo')?.value).toBeUndefined();
  });
});
