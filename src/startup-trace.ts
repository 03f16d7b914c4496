import { appendFileSync } from 'node:fs';

// HYPERSTACK_TUI_TRACE=FILE appends "ms-since-process-start label" lines at startup milestones, so the bench
// can say where the time to the first frame goes.
const file = process.env.HYPERSTACK_TUI_TRACE;

export function mark(label: string): void {
  if (file) appendFileSync(file, `${performance.now().toFixed(1)} ${label}\n`);
}
