import { appendFileSync } from 'node:fs';

// HYPERSTACK_TUI_TRACE=FILE appends "ms-since-process-start label wall-clock-ms" lines at start-up milestones,
// to see where the time to the first frame goes.
const file = process.env.HYPERSTACK_TUI_TRACE;

export function mark(label: string): void {
  if (file) appendFileSync(file, `${performance.now().toFixed(1)} ${label} ${Date.now()}\n`);
}
