import { CLI, spawnPty } from './pty-run.js';
import { median, report } from './stats.js';

const PRESSES = 40;

/** Median time from a `j` key press to the next frame written, for a demo with `vms` VMs. */
async function keyToFrame(vms: number): Promise<number> {
  const app = spawnPty(CLI, ['--demo', '--refresh', '60', '--demo-scale', String(vms)]);
  try {
    await app.until((o) => /ACTIVE/.test(o) && /\b1\/\d+/.test(o), 120_000);
    // Let the first refresh and the environments load settle before measuring.
    await new Promise((r) => setTimeout(r, 1500));
    const times: number[] = [];
    for (let i = 0; i < PRESSES; i++) {
      const sent = performance.now();
      const frame = app.nextChunk();
      app.write('j');
      times.push((await frame) - sent);
      await new Promise((r) => setTimeout(r, 60)); // past Ink's frame throttle, so presses do not merge
    }
    return median(times);
  } finally {
    await app.stop();
  }
}

/** Keypress-to-frame with 10,000 VMs versus 100 VMs (the table renders only its window). */
export async function benchKeypress(): Promise<string> {
  const small = await keyToFrame(100);
  const large = await keyToFrame(10_000);
  return report(
    'keypress-to-frame, 10,000 VMs vs 100 VMs',
    large / small,
    1.3,
    `median of ${PRESSES} presses of j: ${large.toFixed(1)} ms with 10,000 VMs, ${small.toFixed(1)} ms with 100`,
  );
}
