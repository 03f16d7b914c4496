/**
 * Colours on for the tests of one file: Ink colours with chalk, which decides its level once, when it loads. The
 * test files share a process (vitest.config.ts: `isolate: false`), so a file sets the level it needs for its own
 * tests and puts the old one back, rather than setting FORCE_COLOR, which would reach every later file and every
 * child process they start.
 */
import chalk from 'chalk';
import { afterAll, beforeAll } from 'vitest';

export function withColour(level: 1 | 2 | 3 = 1): void {
  let saved: typeof chalk.level;
  beforeAll(() => {
    saved = chalk.level;
    chalk.level = level;
  });
  afterAll(() => {
    chalk.level = saved;
  });
}
