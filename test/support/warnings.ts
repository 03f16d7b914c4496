// The process warnings emitted during each test, by name (TimeoutOverflowWarning, MaxListenersExceededWarning …).
import { afterEach, beforeEach } from 'vitest';

/** The names of the warnings the running test caused; emptied before each test of the file. */
export function warningsPerTest(): string[] {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  beforeEach(() => {
    warnings.length = 0;
    process.on('warning', onWarning);
  });
  afterEach(() => {
    process.off('warning', onWarning);
  });
  return warnings;
}
